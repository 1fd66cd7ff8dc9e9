import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { OtherProfileMenu } from './other-profile-menu';
import { ProfileMenu } from './profile-menu';

const bob = { id: 2, username: 'bob', name: 'Bob Brown', isPrivate: false } as UserDto;
const blocking = {
  isBlocked: false,
  known: true,
  pending: false,
  block: () => undefined,
  unblock: () => undefined,
};

describe('profile menus', () => {
  it('own menu: Moderation Decisions for everyone, the admin entries only for admins, Toggle Privacy for real', async () => {
    const fetchMock = mockFetch((call) =>
      call.method === 'POST' && call.url === '/api/users/1/toggle-privacy'
        ? jsonResponse({ message: 'Profile is now private', isPrivate: true })
        : never(),
    );
    renderWithProviders(<ProfileMenu />, { signedInAs: makeUser({ id: 1, isAdmin: false }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Moderation Decisions' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Give Feedback' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Feedback Management' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Toggle Privacy' }));
    expect(await screen.findByText('Profile is now private')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('POST /api/users/1/toggle-privacy');
  });

  it("someone else's menu: Report user opens the reason dialog; Toggle Privacy is for admins only", async () => {
    const fetchMock = mockFetch((call) =>
      call.method === 'POST' && call.url === '/api/users/2/toggle-privacy'
        ? jsonResponse({ message: 'Profile is now public', isPrivate: false })
        : never(),
    );
    const { unmount } = renderWithProviders(<OtherProfileMenu user={bob} blocking={blocking} />, {
      signedInAs: makeUser({ id: 1, isAdmin: false }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Toggle Privacy' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Report user' }));
    expect(await screen.findByRole('dialog', { name: 'Report Bob Brown' })).toBeVisible();
    unmount();

    renderWithProviders(<OtherProfileMenu user={bob} blocking={blocking} />, {
      signedInAs: makeUser({ id: 1, isAdmin: true }),
    });
    await user.click(screen.getByRole('button', { name: 'Profile actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Toggle Privacy' }));
    expect(await screen.findByText('Profile is now public')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('POST /api/users/2/toggle-privacy');
  });
});
