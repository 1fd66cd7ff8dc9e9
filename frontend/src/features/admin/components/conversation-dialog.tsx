import type { ReportedMessageDto } from '@dinebuds/contracts';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { useMessageContext } from '../api/get-message-context';
import { personLabel } from './person';

interface ConversationDialogProps {
  message: ReportedMessageDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** View Conversation: the real messages around the reported one, which is marked. */
export function ConversationDialog({ message, open, onOpenChange }: ConversationDialogProps) {
  const context = useMessageContext(message.id, open);
  const sender = personLabel(message.sender, message.senderId);
  const receiver = personLabel(message.receiver, message.receiverId);
  const nameOf = (id: number) => (id === message.senderId ? sender : receiver);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Conversation"
      description={`Between ${sender} and ${receiver}, around the reported message.`}
      size="md"
    >
      {context.isPending ? (
        <LoadingState label="Loading conversation" compact />
      ) : context.isError ? (
        <ErrorState
          title="Failed to fetch the conversation"
          message={context.error.message}
          onRetry={() => void context.refetch()}
          retrying={context.isFetching}
        />
      ) : (
        <ol className="admin-conversation" aria-label="Messages">
          {context.data.messages.map((m) => {
            const reported = m.id === message.id;
            return (
              <li
                key={m.id}
                className={
                  reported
                    ? 'admin-conversation__item admin-conversation__item--reported'
                    : 'admin-conversation__item'
                }
                aria-current={reported ? 'true' : undefined}
              >
                <p className="admin-conversation__meta">
                  <strong>{nameOf(m.senderId)}</strong>{' '}
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  {reported ? <span className="admin-badge">Reported</span> : null}
                </p>
                <p className="admin-conversation__text">{m.content}</p>
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}
