import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUserDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { UsersTab } from './users-tab';

const row = (overrides: Partial<AdminUserDto>): AdminUserDto => ({
  id: 2,
  username: 'bob',
  name: 'Bob Brown',
  profilePicture: null,
  reviewCount: 12,
  isAdmin: false,
  isPrivate: false,
  isActive: true,
  deactivatedAt: null,
  level: 'Flavor Explorer',
  mostVisitedCity: 'Boston',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const me = row({ id: 1, username: 'alice', name: 'Alice Adams', isAdmin: true, mostVisitedCity: null });

describe('UsersTab', () => {
  it("shows the server's rows, filters by bucket, deactivates and deletes for real, never oneself", async () => {
    let bob = row({});
    const carl = row({
      id: 3,
      username: 'carl',
      name: 'Carl Cole',
      reviewCount: 40,
      level: 'Flavor Maven',
      mostVisitedCity: 'New York',
    });
    let people = [me, bob, carl];
    const fetchMock = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/admin/users/2/deactivate') {
        bob = { ...bob, isActive: false, deactivatedAt: '2026-11-26T10:00:00.000Z' };
        people = [me, bob, carl];
        return jsonResponse(bob);
      }
      if (call.method === 'DELETE' && call.url === '/api/users/3') {
        people = [me, bob];
        return jsonResponse({ message: 'User deleted' });
      }
      if (call.url.startsWith('/api/admin/users')) {
        const list = call.url.includes('reviews=31-50') ? people.filter((p) => p.reviewCount > 30) : people;
        return jsonResponse({ users: list, total: list.length });
      }
      return never();
    });
    renderWithProviders(<UsersTab />, { signedInAs: makeUser({ id: 1, isAdmin: true }) });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Boston', { selector: 'td' })).toBeVisible();
    expect(within(table).getByText('Flavor Maven')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'You cannot select your own account' })).toBeDisabled();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Filter Users' }));
    await user.click(await screen.findByRole('radio', { name: '31-50 reviews' }));
    expect(await screen.findByText('Showing all 1 users')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('GET /api/admin/users?reviews=31-50&limit=50&offset=0');
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Showing all 3 users')).toBeVisible();

    // Deactivating oneself is refused at once; deactivating Bob is a server call.
    const rows = within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row');
    await user.click(within(rows[1]).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('You cannot deactivate your own account!')).toBeVisible();
    await user.click(within(rows[2]).getByRole('button', { name: 'Deactivate' }));
    const ask = await screen.findByRole('dialog', { name: 'Deactivate @bob?' });
    await user.type(within(ask).getByRole('textbox'), 'Spam');
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User has been deactivated')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('POST /api/admin/users/2/deactivate');
    expect(await screen.findByText('Inactive')).toBeVisible();

    expect(screen.getByRole('button', { name: 'Delete Selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select carl' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete users' });
    expect(within(confirm).getByText('Are you sure you want to delete 1 user(s)?')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User(s) deleted successfully')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('DELETE /api/users/3');
    expect(await screen.findByText('Showing all 2 users')).toBeVisible();
  });

  it('says when nothing matches, with a way back', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/admin/users') ? jsonResponse({ users: [], total: 0 }) : never(),
    );
    renderWithProviders(<UsersTab />, { signedInAs: makeUser({ isAdmin: true }) });
    expect(await screen.findByText('No users found matching your criteria.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reset all filters' })).toBeVisible();
  });
});
