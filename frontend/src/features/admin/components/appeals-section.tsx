import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminAppealDto, AppealOutcome } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { useDecideAppeal } from '../api/decide-appeal';
import { usePendingAppeals } from '../api/get-appeals';
import { DecisionDialog } from './decision-dialog';
import { personLabel, truncate } from './person';

const DECIDED = { report: 'Report upheld', 'review.deleted': 'Review removed' } as const;

/**
 * Appeals waiting for an admin (transparent moderation), above the reports: what was decided, the
 * person's sentence, and Uphold (the decision stands) or Overturn. Hidden when none wait.
 */
export function AppealsSection() {
  const appeals = usePendingAppeals();
  if (appeals.isPending) return <LoadingState label="Loading appeals" compact />;
  if (appeals.isError) {
    return (
      <ErrorState
        title="Failed to fetch appeals"
        message={appeals.error.message}
        onRetry={() => void appeals.refetch()}
        retrying={appeals.isFetching}
      />
    );
  }
  if (appeals.data.length === 0) return null;
  return (
    <section className="admin-appeals" aria-labelledby="admin-appeals-title">
      <h2 id="admin-appeals-title" className="admin-appeals__title">
        Appeals ({appeals.data.length})
      </h2>
      <ul className="admin__list">
        {appeals.data.map((appeal) => (
          <AppealCard key={appeal.id} appeal={appeal} />
        ))}
      </ul>
    </section>
  );
}

function AppealCard({ appeal }: { appeal: AdminAppealDto }) {
  const [asking, setAsking] = useState<AppealOutcome | null>(null);
  const decide = useDecideAppeal();
  const onConfirm = (reason: string | undefined) => {
    if (!asking) return;
    const outcome = asking;
    decide.mutate(
      { id: appeal.id, outcome, reason },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success('Success', {
            description: outcome === 'upheld' ? 'Appeal upheld' : 'Appeal overturned',
          });
        },
        onError: (error) => toast.error('Failed to decide appeal', { description: error.message }),
      },
    );
  };
  const decided = appeal.action === 'review.deleted' ? DECIDED['review.deleted'] : DECIDED.report;
  return (
    <li className="admin-card" aria-label={`Appeal #${appeal.id}`}>
      <div className="admin-card__meta">
        <span className="admin-card__id">#{appeal.id}</span>
        <span className="admin-badge">{decided}</span>
        <span className="admin-badge admin-badge--pending">Appeal pending</span>
        <time dateTime={appeal.createdAt}>{formatDateTime(appeal.createdAt)}</time>
      </div>
      <p className="admin-card__line">
        <strong>Appealed by:</strong> {personLabel(appeal.user, appeal.userId)}
      </p>
      <p className="admin-card__line">
        <strong>Decision&apos;s reason:</strong> {appeal.reason ?? 'None given'}
      </p>
      <p className="admin-card__line admin-card__preview">
        {truncate(appeal.content ?? 'Content unavailable', 50)}
      </p>
      <p className="admin-card__line">
        <strong>Appeal:</strong> {appeal.text}
      </p>
      <div className="admin-card__actions">
        <Button size="sm" onClick={() => setAsking('upheld')}>
          Uphold
        </Button>
        <Button size="sm" variant="outline" onClick={() => setAsking('overturned')}>
          Overturn
        </Button>
      </div>
      <DecisionDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking === 'overturned' ? 'Overturn this decision?' : 'Uphold this decision?'}
        description={
          asking === 'overturned'
            ? 'The decision is reversed; the person sees the outcome.'
            : 'The decision stands; the person sees the outcome.'
        }
        confirmLabel={asking === 'overturned' ? 'Overturn' : 'Uphold'}
        pending={decide.isPending}
        onConfirm={onConfirm}
      />
    </li>
  );
}
