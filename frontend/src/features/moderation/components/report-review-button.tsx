import { useState } from 'react';
import { Flag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LazyReportDialog } from './lazy-report-dialog';

/** "Report" on someone else's review card (restaurant page, profile); `describe`: "by Ann", "of Cafe". */
export function ReportReviewButton({ reviewId, describe }: { reviewId: number; describe: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="report-review-button"
        onClick={() => setOpen(true)}
        aria-label={`Report review ${describe}`}
      >
        <Flag aria-hidden="true" /> Report
      </Button>
      <LazyReportDialog
        target={{ type: 'review', contentId: reviewId }}
        label={`review ${describe}`}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
