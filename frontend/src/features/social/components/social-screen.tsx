import { Link, useSearchParams } from 'react-router-dom';
import { Tabs } from '@/components/ui/tabs';
import { ArrowLeft, MessageCircle, Search, UserPlus } from 'lucide-react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/features/auth';
import { LazyMessagesTab, UnreadBadge } from '@/features/messages';
import { useFollowCounts } from '../api/get-follow-count';
import { formatCount } from '@/lib/format';
import { useFollowRequests } from '../api/get-follow-requests';
import { RequestsTab } from './requests-tab';
import { SearchBudsTab } from './search-buds-tab';
import '../social.css';

type SocialTab = 'search' | 'requests' | 'messages';

/**
 * /social (spec 2 §2): counts, Search Buds, Requests and Messages. The open tab lives in the
 * address (?tab=requests, ?tab=messages) so it survives a reload and can be linked.
 */
export function SocialScreen() {
  useDocumentTitle('Social');
  const { data: me } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: SocialTab = asked === 'requests' || asked === 'messages' ? asked : 'search';
  // The protected route guarantees a user; it disappears for a moment while signing out.
  if (!me) return null;

  const setTab = (next: SocialTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'search') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="page social">
      <SocialHeader userId={me.id} />
      <Tabs.Root className="tabs" value={tab} onValueChange={(value) => setTab(value as SocialTab)}>
        <Tabs.List className="tabs__list tabs__list--full" aria-label="Social">
          <Tabs.Trigger className="tabs__trigger" value="search">
            <Search aria-hidden="true" />
            Search Buds
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="requests">
            <UserPlus aria-hidden="true" />
            Requests
            <PendingBadge userId={me.id} />
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="messages">
            <MessageCircle aria-hidden="true" />
            Messages
            <UnreadBadge />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="search" className="tabs__content">
          <SearchBudsTab />
        </Tabs.Content>
        <Tabs.Content value="requests" className="tabs__content">
          <RequestsTab user={me} />
        </Tabs.Content>
        <Tabs.Content value="messages" className="tabs__content">
          <LazyMessagesTab meId={me.id} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function SocialHeader({ userId }: { userId: number }) {
  const { followers, following } = useFollowCounts(userId);
  const show = (query: typeof followers) =>
    query.data ? formatCount(query.data.count) : query.isError ? '–' : '…';
  const followersLabel = followers.data?.count === 1 ? 'Follower' : 'Followers';
  return (
    <header className="page-header social-header">
      <Link to="/" className="icon-button" aria-label="Back to home">
        <ArrowLeft aria-hidden="true" />
      </Link>
      <div className="page-header__text">
        <h1 className="page-header__title">Social</h1>
        <ul className="social-header__counts" aria-label="Your counts">
          <li data-stat="followers" aria-busy={followers.isPending || undefined}>
            <strong>{show(followers)}</strong> {followersLabel}
          </li>
          <li data-stat="following" aria-busy={following.isPending || undefined}>
            <strong>{show(following)}</strong> Following
          </li>
        </ul>
      </div>
    </header>
  );
}

/** Spec 2 §2: a red badge with the number of pending requests (hidden when there are none). */
function PendingBadge({ userId }: { userId: number }) {
  const requests = useFollowRequests(userId);
  const count = requests.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="count-badge" data-testid="requests-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`, ${count} pending`}</span>
    </span>
  );
}
