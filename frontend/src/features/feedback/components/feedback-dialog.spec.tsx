import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { FeedbackButton } from './feedback-button';

const me = makeUser();

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Share your feedback' }));
  await screen.findByRole('dialog', { name: 'Share Your Feedback' });
  return user;
}

describe('Feedback dialog', () => {
  // The desktop dialog (vaul's phone sheet measures the page on pointer events, which jsdom has not).
  const narrowMatchMedia = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = ((query: string) => ({
      ...narrowMatchMedia(query),
      matches: true,
    })) as typeof window.matchMedia;
  });
  afterAll(() => {
    window.matchMedia = narrowMatchMedia;
  });

  it('loads the dialog only when the floating button is pressed', async () => {
    mockFetch(() => never());
    renderWithProviders(<FeedbackButton />, { signedInAs: me });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openDialog();
    expect(screen.getByRole('radio', { name: 'Suggestion' })).toBeChecked();
    for (const label of ['Bug', 'Compliment', 'Other']) {
      expect(screen.getByRole('radio', { name: label })).not.toBeChecked();
    }
  });

  it('refuses blank feedback with the spec messages and sends nothing', async () => {
    const fetchMock = mockFetch(() => never());
    renderWithProviders(<FeedbackButton />, { signedInAs: me });
    const user = await openDialog();
    await user.type(screen.getByLabelText('Your feedback'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    expect(await screen.findByText('Please enter some feedback')).toBeVisible();
    expect(screen.getAllByText('Your feedback cannot be empty.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Your feedback')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('sends the type and trimmed text, toasts Feedback submitted and closes', async () => {
    const fetchMock = mockFetch((call) =>
      call.method === 'POST' && call.url === '/api/feedback'
        ? jsonResponse({ id: 7, type: 'bug', text: 'Map is blank', resolved: false }, 201)
        : never(),
    );
    renderWithProviders(<FeedbackButton />, { signedInAs: me });
    const user = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'Bug' }));
    await user.type(screen.getByLabelText('Your feedback'), '  Map is blank ');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    expect(await screen.findByText('Feedback submitted')).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ type: 'bug', text: 'Map is blank' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts Error submitting feedback when the server refuses, and keeps the text', async () => {
    mockFetch((call) =>
      call.method === 'POST'
        ? jsonResponse({ statusCode: 503, message: 'Service unavailable', error: 'Service Unavailable' }, 503)
        : never(),
    );
    renderWithProviders(<FeedbackButton />, { signedInAs: me });
    const user = await openDialog();
    await user.type(screen.getByLabelText('Your feedback'), 'Love it');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    expect(await screen.findByText('Error submitting feedback')).toBeVisible();
    expect(screen.getByText('Please try again later.')).toBeVisible();
    expect(screen.getByLabelText('Your feedback')).toHaveValue('Love it');
  });
});
