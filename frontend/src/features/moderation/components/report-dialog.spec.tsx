import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { ReportDialog } from './report-dialog';

describe('ReportDialog', () => {
  it('keeps Report disabled until a reason is given, then reports the review and thanks the person', async () => {
    const sent: FetchCall[] = [];
    mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/reports') {
        sent.push(call);
        return jsonResponse({ id: 1 }, 201);
      }
      return never();
    });
    const onOpenChange = jest.fn();
    renderWithProviders(
      <ReportDialog
        target={{ type: 'review', contentId: 40 }}
        label="review by Ann"
        open
        onOpenChange={onOpenChange}
      />,
      { signedInAs: makeUser() },
    );
    const report = screen.getByRole('button', { name: 'Report' });
    expect(screen.getByRole('dialog', { name: 'Report review by Ann' })).toBeVisible();
    expect(report).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason'), '   ');
    expect(report).toBeDisabled();
    await user.type(screen.getByLabelText('Reason'), ' Fake review ');
    await user.click(report);

    expect(await screen.findByText('Review reported')).toBeVisible();
    expect(screen.getByText('Thank you for your report. Our team will review it.')).toBeVisible();
    expect(JSON.parse(String(sent[0].init.body))).toEqual({
      type: 'review',
      contentId: 40,
      reason: 'Fake review',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("toasts the server's sentence when the report is refused", async () => {
    mockFetch(() =>
      jsonResponse({ statusCode: 409, message: 'You have already reported this', error: 'Conflict' }, 409),
    );
    renderWithProviders(
      <ReportDialog
        target={{ type: 'user', contentId: 7 }}
        label="Bob"
        open
        onOpenChange={() => undefined}
      />,
      { signedInAs: makeUser() },
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason'), 'Spam');
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Error reporting user')).toBeVisible();
    expect(screen.getByText('You have already reported this')).toBeVisible();
  });
});
