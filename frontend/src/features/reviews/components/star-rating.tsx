import { useId, type KeyboardEvent } from 'react';
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import '../reviews.css';

interface StarRatingInputProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}

/** Five stars as a radio group: arrow keys move the choice, as in any radio group. */
export function StarRatingInput({ label, value, onChange, error }: StarRatingInputProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') {
      event.preventDefault();
      onChange(Math.min(5, value + 1));
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') {
      event.preventDefault();
      onChange(Math.max(1, value - 1));
    }
  };
  return (
    <div className={cn('field', error && 'field--invalid')}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        className="star-input"
        onKeyDown={onKeyDown}
      >
        {[1, 2, 3, 4, 5].map((star) => (
          <button
            key={star}
            type="button"
            role="radio"
            aria-checked={value === star}
            aria-label={`${star} star${star === 1 ? '' : 's'}`}
            tabIndex={value === star || (value === 0 && star === 1) ? 0 : -1}
            className={cn('star-input__star', star <= value && 'star-input__star--on')}
            onClick={() => onChange(star)}
          >
            <Star aria-hidden="true" />
          </button>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Read-only stars with the number for screen readers. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} aria-hidden="true" className={star <= rating ? 'stars__on' : 'stars__off'} />
      ))}
    </span>
  );
}
