import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_LIMITS } from '@dinebuds/contracts';
import { ReviewRatingNotesFields } from './review-rating-notes-fields';

function renderFields(overrides: Partial<Parameters<typeof ReviewRatingNotesFields>[0]> = {}) {
  const props = {
    rating: 2,
    onRatingChange: jest.fn(),
    notes: 'Tasty',
    onNotesChange: jest.fn(),
    pending: false,
    submitLabel: 'Send',
    pendingLabel: 'Sending...',
    ...overrides,
  };
  render(
    <form>
      <ReviewRatingNotesFields {...props} />
    </form>,
  );
  return props;
}

describe('ReviewRatingNotesFields', () => {
  it('reports a star choice and a notes edit', async () => {
    const props = renderFields();
    expect(screen.getByRole('radio', { name: '2 stars' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.setup().click(screen.getByRole('radio', { name: '4 stars' }));
    expect(props.onRatingChange).toHaveBeenCalledWith(4);

    const notes = screen.getByLabelText('Notes (Optional)') as HTMLTextAreaElement;
    expect(notes).toHaveValue('Tasty');
    expect(notes.maxLength).toBe(REVIEW_LIMITS.notesMax);
    fireEvent.change(notes, { target: { value: 'Tasty!' } });
    expect(props.onNotesChange).toHaveBeenCalledWith('Tasty!');
  });

  it('ties the rating error to the stars', () => {
    renderFields({ ratingError: 'Pick one' });
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent(/^Pick one$/);
    expect(screen.getByRole('radiogroup', { name: 'Rating *' })).toHaveAttribute(
      'aria-describedby',
      error.id,
    );
  });

  it('is the submit button of its form', () => {
    renderFields();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).type).toBe('submit');
  });

  it('shows the pending label on a disabled button while pending', () => {
    renderFields({ pending: true });
    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
