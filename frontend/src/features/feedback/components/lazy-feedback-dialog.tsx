import { lazy, Suspense, useState } from 'react';

// The dialog (and the form code under it) is its own chunk, fetched the first time it is opened,
// so the floating button in the layout adds next to nothing to the first page.
const FeedbackDialog = lazy(() => import('./feedback-dialog').then((m) => ({ default: m.FeedbackDialog })));

interface LazyFeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The feedback dialog, loaded when first opened and kept mounted after (so it can animate closed). */
export function LazyFeedbackDialog({ open, onOpenChange }: LazyFeedbackDialogProps) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
