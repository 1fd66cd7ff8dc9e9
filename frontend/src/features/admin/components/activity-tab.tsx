import type { AuditAction, AuditEntryDto } from '@dinebuds/contracts';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { personLabel } from './person';

const ACTION_LABELS: Record<AuditAction, string> = {
  'feedback.resolved': 'resolved feedback',
  'report.resolved': 'resolved report',
  'report.dismissed': 'dismissed report',
  'reported-message.dismissed': 'dismissed the report of message',
  'appeal.upheld': 'upheld appeal',
  'appeal.overturned': 'overturned appeal',
};

/** The activity log (GET /api/admin/audit-log): who did what to whom, when and why. */
export function ActivityTab() {
  const log = useAuditLog();
  if (log.isPending) return <LoadingState label="Loading activity" />;
  if (log.isError) {
    return (
      <ErrorState
        title="Failed to fetch the activity log"
        message={log.error.message}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  }
  if (log.data.length === 0) return <EmptyState title="No admin activity yet" />;
  return (
    <ol className="admin__list">
      {log.data.map((entry) => (
        <AuditRow key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

function AuditRow({ entry }: { entry: AuditEntryDto }) {
  return (
    <li className="admin-card">
      <p className="admin-card__line">
        <strong>{personLabel(entry.actor, entry.actorId)}</strong>{' '}
        {ACTION_LABELS[entry.action] ?? entry.action} #{entry.targetId}
        {entry.subjectUserId !== null
          ? ` (about ${personLabel(entry.subjectUser, entry.subjectUserId)})`
          : ''}
      </p>
      <p className="admin-card__meta">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        <span>{entry.reason ? `Why: ${entry.reason}` : 'No note'}</span>
      </p>
    </li>
  );
}
