import { useEffect, useRef, type ReactNode } from 'react';
import { Flag } from 'lucide-react';
import type { MessageDto } from '@dinebuds/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { cn } from '@/lib/cn';
import { formatDateTime, formatTime } from '../lib/message-time';
import { MessageContent } from './message-content';

/** How long a finger stays on a received message before its report dialog opens. */
const LONG_PRESS_MS = 550;

/** Older pages of the conversation, loaded on demand. */
export interface EarlierMessages {
  available: boolean;
  loading: boolean;
  error: string | null;
  load: () => void;
}

interface MessageThreadProps {
  conversation: UseQueryResult<MessageDto[]>;
  /** The newest page with any earlier pages before it (defaults to the query's data). */
  messages?: MessageDto[];
  earlier?: EarlierMessages;
  meId: number;
  /** 'modal': avatars, 'MMM d, h:mm a' and a Report message button; 'chat': 'h:mm a', right-click or long-press. */
  variant: 'modal' | 'chat';
  emptyText: string;
  onReport: (message: MessageDto) => void;
  /** Rendered inside a poll message (the "Let's eat" card). */
  renderPoll?: (message: MessageDto) => ReactNode;
  className?: string;
}

/** A conversation, oldest first, kept scrolled to the newest message. */
export function MessageThread({
  conversation,
  messages: allMessages,
  earlier,
  meId,
  variant,
  emptyText,
  onReport,
  renderPoll,
  className,
}: MessageThreadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const messages = allMessages ?? conversation.data ?? [];
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  let body: ReactNode;
  if (conversation.isPending) body = <LoadingState compact label="Loading messages" />;
  else if (conversation.isError && messages.length === 0)
    body = (
      <ErrorState
        compact
        title="Couldn't load messages"
        message={conversation.error.message}
        onRetry={() => void conversation.refetch()}
        retrying={conversation.isFetching}
      />
    );
  else if (messages.length === 0) body = <p className="thread__empty">{emptyText}</p>;
  else {
    const lastOwnId = messages.filter((message) => message.senderId === meId).at(-1)?.id;
    body = (
      <>
        {earlier?.available ? (
          <div className="thread__earlier">
            <Button variant="ghost" size="sm" loading={earlier.loading} onClick={earlier.load}>
              Load earlier messages
            </Button>
            {earlier.error ? (
              <p className="thread__error" role="alert">
                {earlier.error}
              </p>
            ) : null}
          </div>
        ) : null}
        <ol className="thread__list">
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              own={message.senderId === meId}
              variant={variant}
              seen={message.id === lastOwnId && message.read}
              onReport={onReport}
              poll={message.messageType === 'poll' && renderPoll ? renderPoll(message) : null}
            />
          ))}
        </ol>
      </>
    );
  }

  return (
    // Focusable, so a keyboard can scroll the thread (axe: scrollable-region-focusable).
    <div
      ref={scroller}
      className={cn('thread', `thread--${variant}`, className)}
      role="log"
      aria-label="Messages"
      tabIndex={0}
    >
      {body}
    </div>
  );
}

interface MessageRowProps {
  message: MessageDto;
  own: boolean;
  variant: 'modal' | 'chat';
  seen: boolean;
  onReport: (message: MessageDto) => void;
  poll: ReactNode;
}

function MessageRow({ message, own, variant, seen, onReport, poll }: MessageRowProps) {
  const pressTimer = useRef<number | undefined>(undefined);
  const reportable = !own && !message.reported;
  const time = variant === 'modal' ? formatDateTime(message.createdAt) : formatTime(message.createdAt);
  const cancelPress = () => window.clearTimeout(pressTimer.current);
  useEffect(() => cancelPress, []);

  // The full-screen chat reports by right-click (spec 1) and by a long press on a phone.
  const chatReport =
    variant === 'chat' && reportable
      ? {
          onContextMenu: (event: React.MouseEvent) => {
            event.preventDefault();
            onReport(message);
          },
          onTouchStart: () => {
            cancelPress();
            pressTimer.current = window.setTimeout(() => onReport(message), LONG_PRESS_MS);
          },
          onTouchEnd: cancelPress,
          onTouchMove: cancelPress,
          onTouchCancel: cancelPress,
          title: 'Right-click or press and hold to report',
        }
      : {};

  return (
    <li className={cn('message', own ? 'message--own' : 'message--theirs')} data-message-id={message.id}>
      {variant === 'modal' ? (
        <UserAvatar
          name={message.sender.name}
          username={message.sender.username}
          src={message.sender.profilePicture}
          size="sm"
        />
      ) : null}
      <div className="message__body">
        <div className="message__bubble" {...chatReport}>
          <MessageContent message={message} />
          {poll}
        </div>
        <div className="message__meta">
          <time dateTime={message.createdAt}>{time}</time>
          {seen ? <span> · Seen</span> : null}
          {!own && message.reported ? <span> · Reported</span> : null}
          {variant === 'modal' && reportable ? (
            <button type="button" className="message__report" onClick={() => onReport(message)}>
              <Flag aria-hidden="true" />
              Report message
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
