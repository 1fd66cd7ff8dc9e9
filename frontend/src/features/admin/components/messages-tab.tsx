import { useState } from 'react';
import { toast } from 'sonner';
import type { ReportedMessageDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { useDismissReportedMessage } from '../api/dismiss-reported-message';
import { useReportedMessages } from '../api/get-reported-messages';
import { DecisionDialog } from './decision-dialog';
import { personLabel, truncate } from './person';

/**
 * Spec 2 Messages tab: pending reported messages (text cut at 50 in the table, 100 in the details
 * with a show/hide full content toggle; reason cut at 15) and Dismiss Report, a real call.
 * View Conversation is left out: no server route serves the conversation to an admin yet.
 */
export function MessagesTab() {
  const messages = useReportedMessages();
  if (messages.isPending) return <LoadingState label="Loading reported messages" />;
  if (messages.isError) {
    return (
      <ErrorState
        title="Failed to fetch reported messages"
        message={messages.error.message}
        onRetry={() => void messages.refetch()}
        retrying={messages.isFetching}
      />
    );
  }
  if (messages.data.length === 0) return <EmptyState title="No reported messages" />;
  return (
    <div className="admin__table-wrap">
      <table className="admin-table">
        <caption className="sr-only">Reported messages</caption>
        <thead>
          <tr>
            <th scope="col">Reporter</th>
            <th scope="col">Sender</th>
            <th scope="col">Message</th>
            <th scope="col">Reason</th>
            <th scope="col">Date</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {messages.data.map((message) => (
            <ReportedMessageRow key={message.id} message={message} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReportedMessageRow({ message }: { message: ReportedMessageDto }) {
  const [details, setDetails] = useState(false);
  const [full, setFull] = useState(false);
  const [asking, setAsking] = useState(false);
  const dismiss = useDismissReportedMessage();
  const onConfirm = (reason: string | undefined) =>
    dismiss.mutate(
      { id: message.id, reason },
      {
        onSuccess: () => {
          setAsking(false);
          setDetails(false);
          toast.success('Report dismissed');
        },
        onError: (error) =>
          toast.error('Error', { description: error.message || 'Failed to dismiss report' }),
      },
    );
  return (
    <tr>
      <td data-label="Reporter">{personLabel(message.receiver, message.receiverId)}</td>
      <td data-label="Sender">{personLabel(message.sender, message.senderId)}</td>
      <td data-label="Message">{truncate(message.content, 50)}</td>
      <td data-label="Reason">
        <span className="admin-badge" title={message.reportReason}>
          {truncate(message.reportReason, 15)}
        </span>
      </td>
      <td data-label="Date">
        <time dateTime={message.reportedAt}>{formatDateTime(message.reportedAt)}</time>
      </td>
      <td data-label="Actions">
        <div className="admin-card__actions">
          <Button size="sm" variant="outline" onClick={() => setDetails(true)}>
            View Details
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
            Dismiss Report
          </Button>
        </div>
        <Dialog open={details} onOpenChange={setDetails} title="Reported message" size="md">
          <dl className="admin-details">
            <dt>Reporter</dt>
            <dd>{personLabel(message.receiver, message.receiverId)}</dd>
            <dt>Sender</dt>
            <dd>{personLabel(message.sender, message.senderId)}</dd>
            <dt>Sent</dt>
            <dd>{formatDateTime(message.createdAt)}</dd>
            <dt>Reported</dt>
            <dd>{formatDateTime(message.reportedAt)}</dd>
            <dt>Reason</dt>
            <dd>{message.reportReason}</dd>
            <dt>Message</dt>
            <dd className="admin-details__message">
              {full ? message.content : truncate(message.content, 100)}
            </dd>
          </dl>
          {message.content.length > 100 ? (
            <Button size="sm" variant="ghost" onClick={() => setFull((v) => !v)} aria-expanded={full}>
              {full ? 'Hide full content' : 'Show full content'}
            </Button>
          ) : null}
          <div className="admin-card__actions">
            <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
              Dismiss Report
            </Button>
          </div>
        </Dialog>
        <DecisionDialog
          open={asking}
          onOpenChange={setAsking}
          title="Dismiss this report?"
          description="The message stays as it is and leaves this list."
          confirmLabel="Dismiss Report"
          pending={dismiss.isPending}
          onConfirm={onConfirm}
        />
      </td>
    </tr>
  );
}
