import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FEEDBACK_TYPES, MODERATION_LIMITS, type FeedbackType } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { useSubmitFeedback } from '../api/submit-feedback';
import '../feedback.css';

export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  suggestion: 'Suggestion',
  bug: 'Bug',
  compliment: 'Compliment',
  other: 'Other',
};

interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 1 "Feedback dialog": 'Share Your Feedback', a type and a text, sent with POST /api/feedback. */
export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const [type, setType] = useState<FeedbackType>('suggestion');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = useSubmitFeedback();
  const legendId = useId();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Your feedback cannot be empty.');
      toast.error('Please enter some feedback', { description: 'Your feedback cannot be empty.' });
      return;
    }
    setError(undefined);
    submit.mutate(
      { type, text: text.trim() },
      {
        onSuccess: () => {
          toast.success('Feedback submitted', { description: 'Thank you for helping us improve DineBuds.' });
          setText('');
          setType('suggestion');
          onOpenChange(false);
        },
        onError: () => toast.error('Error submitting feedback', { description: 'Please try again later.' }),
      },
    );
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Your Feedback"
      description="Tell us what you think: a suggestion, a bug, a compliment or anything else."
    >
      <form className="feedback-form" onSubmit={onSubmit} noValidate>
        <fieldset className="feedback-form__types" aria-labelledby={legendId}>
          <legend id={legendId} className="field__label">
            Type
          </legend>
          {FEEDBACK_TYPES.map((value) => (
            <label key={value} className="feedback-form__type">
              <input
                type="radio"
                name="feedback-type"
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
              />
              {FEEDBACK_TYPE_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <Field label="Your feedback" error={error}>
          <Textarea
            rows={5}
            value={text}
            maxLength={MODERATION_LIMITS.feedbackTextMax}
            placeholder="What would you like to tell us?"
            onChange={(event) => {
              setText(event.target.value);
              if (error && event.target.value.trim()) setError(undefined);
            }}
          />
        </Field>
        <div className="feedback-form__actions">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit Feedback'}
          </Button>
        </div>
      </form>
    </ResponsiveDialog>
  );
}
