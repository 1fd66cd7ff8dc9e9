import { toast } from 'sonner';
import { MODERATION_LIMITS } from '@dinebuds/contracts';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { useCreateReport, type ReportTarget } from '../api/create-report';

export interface ReportDialogProps {
  target: ReportTarget;
  /** What is reported, in the title: "review by Ann" or the person's name. */
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const NOUN = { review: 'Review', user: 'User' } as const;

/** Report a review or a person: a reason is required (Report stays disabled until it is not blank). */
export function ReportDialog({ target, label, open, onOpenChange }: ReportDialogProps) {
  const report = useCreateReport();
  const submit = (reason: string) =>
    report.mutate(
      { ...target, reason },
      {
        onSuccess: () => {
          toast.success(`${NOUN[target.type]} reported`, {
            description: 'Thank you for your report. Our team will review it.',
          });
          onOpenChange(false);
        },
        onError: (error) =>
          toast.error(`Error reporting ${target.type === 'review' ? 'review' : 'user'}`, {
            description: error.message,
          }),
      },
    );
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${label}`}
      description={
        target.type === 'review'
          ? 'Tell us what is wrong with this review.'
          : 'Tell us what is wrong with this person’s profile or behaviour.'
      }
      label="Reason"
      placeholder="Spam, offensive language, fake review..."
      maxLength={MODERATION_LIMITS.reportReasonMax}
      confirmLabel="Report"
      destructive
      pending={report.isPending}
      onSubmit={submit}
    />
  );
}
