import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentReportDto, ReportListDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { AdminScreen } from './admin-screen';

const admin = makeUser({ id: 9, username: 'root', isAdmin: true });

function report(id: number, status: ContentReportDto['status'], reason: string): ContentReportDto {
  return {
    id,
    type: 'review',
    contentId: 50 + id,
    contentOwnerId: 2,
    content: 'A 2-star review of restaurant #181',
    reason,
    status,
    createdAt: '2026-11-20T10:00:00.000Z',
    reportedBy: { id: 1, username: 'alice', name: 'Alice Adams', profilePicture: null },
    reporterId: 1,
    decidedAt: status === 'pending' ? null : '2026-11-21T10:00:00.000Z',
    decidedById: status === 'pending' ? null : 9,
    decisionReason: null,
    appeal: null,
  };
}

const counts = { all: 3, pending: 2, resolved: 1, dismissed: 0 };
const all: ReportListDto = {
  reports: [report(3, 'pending', 'Spam'), report(2, 'pending', 'Rude words'), report(1, 'resolved', 'Fake')],
  counts,
};

function server(decide: (call: FetchCall) => Response | Promise<Response>) {
  return mockFetch((call) => {
    if (call.method === 'POST' && call.url.startsWith('/api/admin/reports/')) return decide(call);
    if (call.url === '/api/admin/reports?status=all') return jsonResponse(all);
    if (call.url === '/api/admin/reports?status=pending') {
      return jsonResponse({ reports: all.reports.filter((r) => r.status === 'pending'), counts });
    }
    if (call.url === '/api/admin/reports?status=dismissed') return jsonResponse({ reports: [], counts });
    return never();
  });
}

describe('AdminScreen', () => {
  it('shows Access Denied to a person who is not an admin, and reads nothing', async () => {
    const fetchMock = mockFetch(() => never());
    renderWithProviders(<AdminScreen />, { signedInAs: makeUser({ isAdmin: false }), route: '/admin' });
    expect(screen.getByText('Access Denied')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute('href', '/profile');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsOf(fetchMock).filter((c) => c.includes('/api/admin/'))).toEqual([]);
  });

  it("shows spec 2's tabs in its order, Users first, and the reports with their status counts", async () => {
    server(() => never());
    const { unmount } = renderWithProviders(<AdminScreen />, { signedInAs: admin, route: '/admin' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Users',
      'Reviews',
      'Badges',
      'Messages',
      'Reports',
      'Activity Log',
    ]);
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    unmount();
    renderWithProviders(<AdminScreen />, { signedInAs: admin, route: '/admin?tab=reports' });
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Messages' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Activity Log' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Users' })).toBeVisible();

    expect(await screen.findByRole('tab', { name: 'All (3)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Pending (2)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Resolved (1)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Dismissed (0)' })).toBeVisible();
    const resolved = screen.getByRole('listitem', { name: 'Report #1' });
    expect(resolved).toHaveTextContent('Resolved');
    expect(within(resolved).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Dismissed (0)' }));
    expect(await screen.findByText('No Reports Found')).toBeVisible();
  });

  it('resolves a pending report with POST .../resolve and the optional note', async () => {
    const fetchMock = server(() =>
      jsonResponse({ ...report(3, 'resolved', 'Spam'), decisionReason: 'Abusive' }),
    );
    renderWithProviders(<AdminScreen />, { signedInAs: admin, route: '/admin?tab=reports' });
    const card = await screen.findByRole('listitem', { name: 'Report #3' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this report?' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Abusive');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByText('Report resolved')).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/admin/reports/3/resolve');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Abusive' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list and counts are read again after the decision.
    await waitFor(() =>
      expect(
        callsOf(fetchMock).filter((c) => c === 'GET /api/admin/reports?status=all').length,
      ).toBeGreaterThan(1),
    );
  });

  it('dismisses a pending report with POST .../dismiss, and says so when the server refuses', async () => {
    const fetchMock = server(() =>
      jsonResponse(
        { statusCode: 409, message: 'Only a pending report can be resolved or dismissed', error: 'Conflict' },
        409,
      ),
    );
    renderWithProviders(<AdminScreen />, { signedInAs: admin, route: '/admin?tab=reports' });
    const card = await screen.findByRole('listitem', { name: 'Report #2' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

    expect(await screen.findByText('Failed to dismiss report')).toBeVisible();
    expect(screen.getByText('Only a pending report can be resolved or dismissed')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('POST /api/admin/reports/2/dismiss');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[1]?.body).toBeUndefined();
  });
});
