import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { MessageCircle } from 'lucide-react';
import type { ConversationPreviewDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { cn } from '@/lib/cn';
import { useConversations } from '../api/get-conversations';
import { letsGoPlace } from '../lib/message-text';
import { formatMonthDay } from '../lib/message-time';
import type { ChatPartner } from '../types';
import { OpenConversation } from './open-conversation';
import '../messages.css';

interface InboxProps {
  meId: number;
  /** Offered under the empty state (/messages: Find People). */
  emptyAction?: ReactNode;
}

/** The conversation previews, newest first; a row opens its conversation. */
export function Inbox({ meId, emptyAction }: InboxProps) {
  const conversations = useConversations(meId);
  const rows = useMemo(() => conversations.data?.pages.flat() ?? [], [conversations.data]);
  const [open, setOpen] = useState<ChatPartner | null>(null);
  const close = useCallback(() => setOpen(null), []);

  let body: ReactNode;
  if (conversations.isPending) body = <LoadingState compact label="Loading messages" />;
  // A failed "Load more" keeps the rows read so far (the query holds them): shown below them.
  else if (conversations.isError && !conversations.isFetchNextPageError)
    body = (
      <ErrorState
        compact
        title="Couldn't load your messages"
        message={conversations.error.message}
        onRetry={() => void conversations.refetch()}
        retrying={conversations.isFetching}
      />
    );
  else if (rows.length === 0)
    body = (
      <EmptyState
        icon={<MessageCircle />}
        title="No Messages Yet"
        description="Connect with DineBuds by following users and sending them messages."
        action={emptyAction}
      />
    );
  else
    body = (
      <>
        <ul className="conversation-list" aria-label="Conversations">
          {rows.map((row) => (
            <li key={row.userId}>
              <ConversationRow
                row={row}
                own={row.lastMessageSenderId === meId}
                onOpen={() =>
                  setOpen({
                    id: row.userId,
                    username: row.username,
                    name: row.name,
                    profilePicture: row.profilePicture,
                    deactivated: row.deactivated,
                  })
                }
              />
            </li>
          ))}
        </ul>
        {conversations.hasNextPage ? (
          <div className="conversation-list__more">
            <Button
              variant="ghost"
              size="sm"
              loading={conversations.isFetchingNextPage}
              onClick={() => void conversations.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        ) : null}
        {conversations.isFetchNextPageError ? (
          <p className="conversation-list__error" role="alert">
            {`Couldn't load more conversations: ${conversations.error.message}`}
          </p>
        ) : null}
      </>
    );

  return (
    <>
      {body}
      {open ? <OpenConversation partner={open} onClose={close} /> : null}
    </>
  );
}

function LastMessage({ text }: { text: string }) {
  const share = letsGoPlace(text);
  if (!share) return <>{text}</>;
  return (
    <>
      {share.before}
      <u>{share.place}</u>
      {share.after}
    </>
  );
}

function ConversationRow({
  row,
  own,
  onOpen,
}: {
  row: ConversationPreviewDto;
  own: boolean;
  onOpen: () => void;
}) {
  const name = row.name?.trim() || row.username;
  return (
    <button
      type="button"
      className={cn('conversation', row.unread && 'conversation--unread')}
      onClick={onOpen}
      data-username={row.username}
    >
      <UserAvatar name={row.name} username={row.username} src={row.profilePicture} />
      <span className="conversation__body">
        <span className="conversation__top">
          <span className="conversation__name">{name}</span>
          {row.deactivated ? <span className="conversation__deactivated">Deactivated account</span> : null}
          <time className="conversation__date" dateTime={row.lastMessageTime}>
            {formatMonthDay(row.lastMessageTime)}
          </time>
        </span>
        <span className="conversation__last">
          {own ? 'You: ' : null}
          <LastMessage text={row.lastMessage} />
        </span>
      </span>
      {row.unread ? (
        <span className="conversation__dot" data-testid="unread-dot">
          <span className="sr-only">{`, ${row.unreadCount} unread`}</span>
        </span>
      ) : null}
    </button>
  );
}
