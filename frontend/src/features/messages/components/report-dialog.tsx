import { useState } from 'react';
import { toast } from 'sonner';
import { LIMITS, type MessageDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { useReportMessage } from '../api/report-message';

interface ReportDialogProps {
  /** The received message being reported; null: closed. */
  message: MessageDto | null;
  onClose: () => void;
}

/** The reason dialog (spec 1 §4): Report stays disabled until the reason is not blank. */
export function ReportDialog({ message, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const report = useReportMessage();
  const close = () => {
    setReason('');
    onClose();
  };
  const submit = () => {
    if (!message || !reason.trim()) return;
    report.mutate(
      { messageId: message.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success('Message reported', {
            description: 'Thank you for your report. Our team will review it.',
          });
          close();
        },
        onError: (error) => toast.error('Error reporting message', { description: error.message }),
      },
    );
  };
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Report message"
      description="Tell us what is wrong with this message."
      size="sm"
      dismissible={!report.isPending}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={report.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} disabled={!reason.trim()} loading={report.isPending}>
            Report
          </Button>
        </>
      }
    >
      {message ? <blockquote className="report-quote">{message.content}</blockquote> : null}
      <Field label="Reason">
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={LIMITS.reportReasonMax}
          rows={3}
          placeholder="Spam, harassment, something else..."
        />
      </Field>
    </Dialog>
  );
}
