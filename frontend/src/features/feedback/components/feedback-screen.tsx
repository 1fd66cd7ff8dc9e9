import { useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { toast } from 'sonner';
import { CheckCircle2 } from 'lucide-react';
import type { FeedbackDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { AccessDenied } from '@/components/ui/access-denied';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/features/auth';
import { formatDateTime } from '@/lib/format';
import { FEEDBACK_PAGE_SIZE, useFeedbackList, type FeedbackTab } from '../api/get-feedback';
import { useResolveFeedback } from '../api/resolve-feedback';
import { FEEDBACK_TYPE_LABELS } from './feedback-dialog';
import '../feedback.css';

const TABS: { value: FeedbackTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'suggestion', label: 'Suggestions' },
  { value: 'bug', label: 'Bugs' },
  { value: 'compliment', label: 'Compliments' },
  { value: 'other', label: 'Other' },
];

/**
 * /feedback (spec 2): feedback by type, a server page at a time, with every tab's count from the
 * server, and Mark as Resolved (admins only).
 */
export function FeedbackScreen() {
  useDocumentTitle('Feedback Management');
  const { data: me } = useCurrentUser();
  const isAdmin = Boolean(me?.isAdmin);
  const [tab, setTab] = useState<FeedbackTab>('all');
  const [offset, setOffset] = useState(0);
  const list = useFeedbackList(tab, offset, isAdmin);
  if (!me) return null;
  if (!isAdmin) return <AccessDenied />;

  const counts = list.data?.counts;
  const onTab = (value: string) => {
    setTab(value as FeedbackTab);
    setOffset(0);
  };

  return (
    <div className="page feedback-admin">
      <header className="feedback-admin__header">
        <h1>Feedback Management</h1>
        <p>What people have told us, newest first.</p>
      </header>
      <Tabs.Root className="tabs" value={tab} onValueChange={onTab}>
        <Tabs.List className="tabs__list feedback-admin__tabs" aria-label="Feedback types">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} className="tabs__trigger" value={t.value}>
              {t.label}
              {counts ? ` (${counts[t.value]})` : ''}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="feedback-admin__panel">
            {t.value !== tab ? null : list.isPending ? (
              <LoadingState label="Loading feedback" />
            ) : list.isError ? (
              <ErrorState
                title="Failed to fetch feedback"
                message={list.error.message}
                onRetry={() => void list.refetch()}
                retrying={list.isFetching}
              />
            ) : (
              <>
                <FeedbackList items={list.data.feedback} />
                <FeedbackPager offset={offset} total={list.data.total} onOffset={setOffset} />
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function FeedbackList({ items }: { items: FeedbackDto[] }) {
  if (items.length === 0)
    return <EmptyState title="No feedback yet" description="Nothing of this type so far." />;
  return (
    <ul className="feedback-admin__list">
      {items.map((item) => (
        <FeedbackCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

/** "Showing X-Y of Z" with Previous and Next, when there is more than one page. */
function FeedbackPager(props: { offset: number; total: number; onOffset: (offset: number) => void }) {
  const { offset, total, onOffset } = props;
  if (total <= FEEDBACK_PAGE_SIZE) return null;
  const last = Math.min(offset + FEEDBACK_PAGE_SIZE, total);
  return (
    <nav className="feedback-admin__pager" aria-label="Feedback pages">
      <Button
        size="sm"
        variant="outline"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - FEEDBACK_PAGE_SIZE))}
      >
        Previous
      </Button>
      <span aria-live="polite">
        Showing {offset + 1}-{last} of {total}
      </span>
      <Button
        size="sm"
        variant="outline"
        disabled={last >= total}
        onClick={() => onOffset(offset + FEEDBACK_PAGE_SIZE)}
      >
        Next
      </Button>
    </nav>
  );
}

function FeedbackCard({ item }: { item: FeedbackDto }) {
  const resolve = useResolveFeedback();
  const onResolve = () =>
    resolve.mutate(item.id, {
      onSuccess: () => toast.success('Feedback resolved'),
      onError: (error) => toast.error('Failed to resolve feedback', { description: error.message }),
    });
  return (
    <li className="feedback-card" aria-label={`Feedback #${item.id}`}>
      <div className="feedback-card__meta">
        <span className="feedback-card__type">{FEEDBACK_TYPE_LABELS[item.type]}</span>
        <span>#{item.id}</span>
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        <span
          className={
            item.resolved ? 'feedback-card__status feedback-card__status--done' : 'feedback-card__status'
          }
        >
          {item.resolved ? 'Resolved' : 'Pending'}
        </span>
      </div>
      <p className="feedback-card__text">{item.text}</p>
      <div className="feedback-card__footer">
        <span className="feedback-card__from">
          {item.user ? `From ${item.user.name} (@${item.user.username})` : `From user #${item.userId}`}
        </span>
        {item.resolved ? null : (
          <Button size="sm" variant="outline" onClick={onResolve} loading={resolve.isPending}>
            <CheckCircle2 aria-hidden="true" />
            Mark as Resolved
          </Button>
        )}
      </div>
    </li>
  );
}
