import { useState } from 'react';
import { toast } from 'sonner';
import { MODERATION_LIMITS } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { useCreateReport, type ReportTarget } from '../api/create-report';

export interface ReportDialogProps {
  target: ReportTarget;
  /** What is reported, in the title and toasts: "review" or the person's name. */
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const NOUN = { review: 'Review', user: 'User' } as const;

/** Report a review or a person: a reason is required (Report stays disabled until it is not blank). */
export function ReportDialog({ target, label, open, onOpenChange }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const report = useCreateReport();
  const close = () => {
    setReason('');
    onOpenChange(false);
  };
  const submit = () => {
    if (!reason.trim()) return;
    report.mutate(
      { ...target, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(`${NOUN[target.type]} reported`, {
            description: 'Thank you for your report. Our team will review it.',
          });
          close();
        },
        onError: (error) =>
          toast.error(`Error reporting ${target.type === 'review' ? 'review' : 'user'}`, {
            description: error.message,
          }),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={`Report ${label}`}
      description={
        target.type === 'review'
          ? 'Tell us what is wrong with this review.'
          : 'Tell us what is wrong with this person’s profile or behaviour.'
      }
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
      <Field label="Reason">
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={MODERATION_LIMITS.reportReasonMax}
          rows={3}
          placeholder="Spam, offensive language, fake review..."
        />
      </Field>
    </Dialog>
  );
}
