import { useState } from 'react';
import { MessageSquarePlus } from 'lucide-react';
import { LazyFeedbackDialog } from './lazy-feedback-dialog';
import '../feedback.css';

/** Spec 1: the floating button that opens 'Share Your Feedback' (signed-in people only; the layout decides). */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="feedback-fab"
        aria-label="Share your feedback"
        title="Share your feedback"
        onClick={() => setOpen(true)}
      >
        <MessageSquarePlus aria-hidden="true" />
      </button>
      <LazyFeedbackDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
