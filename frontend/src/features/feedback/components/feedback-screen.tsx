import { Tabs } from 'radix-ui';
import { toast } from 'sonner';
import { CheckCircle2 } from 'lucide-react';
import type { FeedbackDto, FeedbackType } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { AccessDenied } from '@/components/ui/access-denied';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/features/auth';
import { formatDateTime } from '@/lib/format';
import { useFeedbackList } from '../api/get-feedback';
import { useResolveFeedback } from '../api/resolve-feedback';
import { FEEDBACK_TYPE_LABELS } from './feedback-dialog';
import '../feedback.css';

type FeedbackTab = 'all' | FeedbackType;

const TABS: { value: FeedbackTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'suggestion', label: 'Suggestions' },
  { value: 'bug', label: 'Bugs' },
  { value: 'compliment', label: 'Compliments' },
  { value: 'other', label: 'Other' },
];

/** /feedback (spec 2): every feedback item by type, with counts, and Mark as Resolved (admins only). */
export function FeedbackScreen() {
  useDocumentTitle('Feedback Management');
  const { data: me } = useCurrentUser();
  const isAdmin = Boolean(me?.isAdmin);
  const list = useFeedbackList(isAdmin);
  if (!me) return null;
  if (!isAdmin) return <AccessDenied />;

  const items = list.data ?? [];
  const count = (tab: FeedbackTab) =>
    tab === 'all' ? items.length : items.filter((item) => item.type === tab).length;

  return (
    <div className="page feedback-admin">
      <header className="feedback-admin__header">
        <h1>Feedback Management</h1>
        <p>What people have told us, newest first.</p>
      </header>
      {list.isPending ? (
        <LoadingState label="Loading feedback" />
      ) : list.isError ? (
        <ErrorState
          title="Failed to fetch feedback"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <Tabs.Root className="tabs" defaultValue="all">
          <Tabs.List className="tabs__list feedback-admin__tabs" aria-label="Feedback types">
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} className="tabs__trigger" value={tab.value}>
                {tab.label} ({count(tab.value)})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} className="feedback-admin__panel">
              <FeedbackList items={tab.value === 'all' ? items : items.filter((i) => i.type === tab.value)} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}

function FeedbackList({ items }: { items: FeedbackDto[] }) {
  if (items.length === 0) return <EmptyState title="No feedback yet" description="Nothing of this type so far." />;
  return (
    <ul className="feedback-admin__list">
      {items.map((item) => (
        <FeedbackCard key={item.id} item={item} />
      ))}
    </ul>
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
        <span className={item.resolved ? 'feedback-card__status feedback-card__status--done' : 'feedback-card__status'}>
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
