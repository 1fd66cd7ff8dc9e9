import { useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { toast } from 'sonner';
import type { ContentReportDto, ReportFilter } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { useDecideReport, type ReportDecision } from '../api/decide-report';
import { useReports } from '../api/get-reports';
import { AppealsSection } from './appeals-section';
import { DecisionDialog } from './decision-dialog';
import { personLabel, truncate } from './person';

const FILTERS: { value: ReportFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
];

const STATUS_LABELS = { pending: 'Pending', resolved: 'Resolved', dismissed: 'Dismissed' } as const;
const TYPE_LABELS = { review: 'Review', user: 'User' } as const;

/** Spec 2 Reports tab: pending appeals (Uphold / Overturn), then the content reports. */
export function ReportsTab() {
  return (
    <>
      <AppealsSection />
      <ReportsByStatus />
    </>
  );
}

/** Content reports by status with counts, details, Resolve and Dismiss (real calls). */
function ReportsByStatus() {
  const [filter, setFilter] = useState<ReportFilter>('all');
  const reports = useReports(filter);
  const counts = reports.data?.counts;
  return (
    <Tabs.Root className="tabs" value={filter} onValueChange={(value) => setFilter(value as ReportFilter)}>
      <Tabs.List className="tabs__list admin__subtabs" aria-label="Report status">
        {FILTERS.map((f) => (
          <Tabs.Trigger key={f.value} className="tabs__trigger" value={f.value}>
            {f.label}
            {counts ? ` (${counts[f.value]})` : ''}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {FILTERS.map((f) => (
        <Tabs.Content key={f.value} value={f.value} className="admin__panel">
          {f.value !== filter ? null : reports.isPending ? (
            <LoadingState label="Loading reports" />
          ) : reports.isError ? (
            <ErrorState
              title="Failed to fetch reports"
              message={reports.error.message}
              onRetry={() => void reports.refetch()}
              retrying={reports.isFetching}
            />
          ) : reports.data.reports.length === 0 ? (
            <EmptyState title="No Reports Found" description="There are no reports with this status." />
          ) : (
            <ul className="admin__list">
              {reports.data.reports.map((report) => (
                <ReportCard key={report.id} report={report} />
              ))}
            </ul>
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function ReportCard({ report }: { report: ContentReportDto }) {
  const [details, setDetails] = useState(false);
  const [asking, setAsking] = useState<ReportDecision | null>(null);
  const decide = useDecideReport();
  const onConfirm = (reason: string | undefined) => {
    if (!asking) return;
    const decision = asking;
    decide.mutate(
      { id: report.id, decision, reason },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success('Success', {
            description: decision === 'resolve' ? 'Report resolved' : 'Report dismissed',
          });
        },
        onError: (error) =>
          toast.error(decision === 'resolve' ? 'Failed to resolve report' : 'Failed to dismiss report', {
            description: error.message,
          }),
      },
    );
  };
  return (
    <li className="admin-card" aria-label={`Report #${report.id}`}>
      <div className="admin-card__meta">
        <span className="admin-card__id">#{report.id}</span>
        <span className="admin-badge">{TYPE_LABELS[report.type]}</span>
        <span className={`admin-badge admin-badge--${report.status}`}>{STATUS_LABELS[report.status]}</span>
        <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
      </div>
      <p className="admin-card__line">
        <strong>Reported by:</strong> {personLabel(report.reportedBy, report.reporterId)}
      </p>
      <p className="admin-card__line">
        <strong>Reason:</strong> {report.reason}
      </p>
      <p className="admin-card__line admin-card__preview">
        {truncate(report.content ?? 'Content unavailable', 50)}
      </p>
      {report.appeal ? (
        <p className="admin-card__line">
          <strong>Appeal ({report.appeal.status}):</strong> {report.appeal.text}
        </p>
      ) : null}
      <div className="admin-card__actions">
        <Button size="sm" variant="outline" onClick={() => setDetails(true)}>
          View Details
        </Button>
        {report.status === 'pending' ? (
          <>
            <Button size="sm" onClick={() => setAsking('resolve')}>
              Resolve
            </Button>
            <Button size="sm" variant="outline" onClick={() => setAsking('dismiss')}>
              Dismiss
            </Button>
          </>
        ) : null}
      </div>
      <Dialog open={details} onOpenChange={setDetails} title={`Report #${report.id}`} size="md">
        <dl className="admin-details">
          <dt>Type</dt>
          <dd>{TYPE_LABELS[report.type]}</dd>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[report.status]}</dd>
          <dt>Reported</dt>
          <dd>{formatDateTime(report.createdAt)}</dd>
          <dt>Reported by</dt>
          <dd>{personLabel(report.reportedBy, report.reporterId)}</dd>
          <dt>Reason</dt>
          <dd>{report.reason}</dd>
          <dt>Content</dt>
          <dd>{report.content ?? 'Content unavailable'}</dd>
          {report.decidedAt ? (
            <>
              <dt>Decided</dt>
              <dd>{formatDateTime(report.decidedAt)}</dd>
              <dt>Admin&apos;s note</dt>
              <dd>{report.decisionReason ?? 'None'}</dd>
            </>
          ) : null}
          {report.appeal ? (
            <>
              <dt>Appeal</dt>
              <dd>
                {report.appeal.text} ({report.appeal.status})
              </dd>
            </>
          ) : null}
        </dl>
      </Dialog>
      <DecisionDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking === 'dismiss' ? 'Dismiss this report?' : 'Resolve this report?'}
        description={
          asking === 'dismiss'
            ? 'The report is closed with no action against the content.'
            : 'The report is upheld against the content; its owner is told and may appeal.'
        }
        confirmLabel={asking === 'dismiss' ? 'Dismiss' : 'Resolve'}
        pending={decide.isPending}
        onConfirm={onConfirm}
      />
    </li>
  );
}
