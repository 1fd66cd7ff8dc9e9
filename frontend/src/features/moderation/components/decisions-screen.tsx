import { useState } from 'react';
import { toast } from 'sonner';
import { MODERATION_LIMITS, type ModerationDecisionDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/format';
import { useCreateAppeal } from '../api/create-appeal';
import { useDecisions } from '../api/get-decisions';
import '../moderation.css';

/** What happened, in the person's words. */
function headline(decision: ModerationDecisionDto): string {
  if (decision.action === 'review.deleted') return 'An admin removed your review';
  return decision.type === 'review'
    ? 'A report about your review was upheld'
    : 'A report about your profile was upheld';
}

const OUTCOME = {
  pending: 'Your appeal is waiting for an admin.',
  upheld: 'Appeal upheld: the decision stands.',
  overturned: 'Appeal overturned: the decision was reversed.',
} as const;

/**
 * Transparent moderation (/moderation): what admins decided about my content, with the reason; one
 * appeal per decision, and its outcome once an admin decides it.
 */
export function DecisionsScreen() {
  useDocumentTitle('Moderation decisions');
  const decisions = useDecisions();
  return (
    <div className="page page--narrow moderation-decisions">
      <header className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">Moderation decisions</h1>
          <p className="page-header__description">
            Content of yours an admin removed or found against, and why. You can appeal each decision once.
          </p>
        </div>
      </header>
      {decisions.isPending ? (
        <LoadingState label="Loading decisions" />
      ) : decisions.isError ? (
        <ErrorState
          title="Failed to fetch moderation decisions"
          message={decisions.error.message}
          onRetry={() => void decisions.refetch()}
          retrying={decisions.isFetching}
        />
      ) : decisions.data.length === 0 ? (
        <EmptyState
          title="No moderation decisions"
          description="Nothing you posted has been removed or reported against you."
        />
      ) : (
        <ul className="moderation-decisions__list">
          {decisions.data.map((decision) => (
            <DecisionCard
              key={`${decision.reportId ?? 'a'}-${decision.auditEntryId ?? 'r'}`}
              decision={decision}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DecisionCard({ decision }: { decision: ModerationDecisionDto }) {
  const [appealing, setAppealing] = useState(false);
  const title = headline(decision);
  return (
    <li className="card moderation-decision" aria-label={title}>
      <h2 className="moderation-decision__title">{title}</h2>
      <p className="moderation-decision__meta">
        <time dateTime={decision.decidedAt}>{formatDateTime(decision.decidedAt)}</time>
      </p>
      {decision.content ? <p className="moderation-decision__content">{decision.content}</p> : null}
      <dl className="moderation-decision__reasons">
        {decision.reportReason ? (
          <>
            <dt>Reported for</dt>
            <dd>{decision.reportReason}</dd>
          </>
        ) : null}
        <dt>Admin&apos;s reason</dt>
        <dd>{decision.decisionReason ?? 'No reason given'}</dd>
      </dl>
      {decision.appeal ? (
        <div className={`moderation-decision__appeal moderation-decision__appeal--${decision.appeal.status}`}>
          <p>
            <strong>Your appeal:</strong> {decision.appeal.text}
          </p>
          <p role="status">{OUTCOME[decision.appeal.status]}</p>
          {decision.appeal.decisionReason ? <p>Admin&apos;s note: {decision.appeal.decisionReason}</p> : null}
        </div>
      ) : (
        <div className="moderation-decision__actions">
          <Button size="sm" variant="outline" onClick={() => setAppealing(true)}>
            Appeal
          </Button>
        </div>
      )}
      <AppealDialog decision={decision} open={appealing} onOpenChange={setAppealing} />
    </li>
  );
}

function AppealDialog(props: {
  decision: ModerationDecisionDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { decision, open, onOpenChange } = props;
  const appeal = useCreateAppeal();
  const submit = (text: string) =>
    appeal.mutate(
      { decision, text },
      {
        onSuccess: () => {
          toast.success('Appeal sent', { description: 'An admin will look at the decision again.' });
          onOpenChange(false);
        },
        onError: (error) => toast.error('Failed to send appeal', { description: error.message }),
      },
    );
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Appeal this decision"
      description="Say in a sentence why the decision should change. You can appeal once."
      label="Why should it change?"
      maxLength={MODERATION_LIMITS.reportReasonMax}
      confirmLabel="Send appeal"
      pending={appeal.isPending}
      onSubmit={submit}
    />
  );
}
