import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { UserDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { OtherProfileMenu } from './other-profile-menu';

const BOB: UserDto = { ...makeUser({ id: 7, username: 'bob', name: 'Bob Brown' }) } as UserDto;
const blocking = { isBlocked: false, known: true, pending: false, block: () => {}, unblock: () => {} };

function renderMenu() {
  return renderWithProviders(<OtherProfileMenu user={BOB} blocking={blocking} />, {
    signedInAs: makeUser(),
  });
}

/** Issue 27's safety tools in the menu of someone else's profile: Mute / Unmute and Remove follower. */
describe('OtherProfileMenu safety tools', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('mutes, then offers Unmute; the toast says they are not told', async () => {
    let muted = false;
    const fetchMock = mockFetch((call) => {
      if (call.url === '/api/users/7/safety') return jsonResponse({ muted, followsYou: false });
      if (call.url === '/api/users/7/mute') {
        muted = call.method === 'POST';
        return jsonResponse({ muted });
      }
      return never();
    });
    const user = userEvent.setup();
    renderMenu();

    await user.click(screen.getByRole('button', { name: 'Profile actions' }));
    const mute = await screen.findByRole('menuitem', { name: 'Mute user' });
    await waitFor(() => expect(mute).not.toHaveAttribute('data-disabled'));
    // Bob does not follow me: no Remove follower.
    expect(screen.queryByRole('menuitem', { name: 'Remove follower' })).toBeNull();
    await user.click(mute);
    expect(await screen.findByText('User muted')).toBeVisible();
    expect(screen.getByText(/They won't be told/)).toBeVisible();
    expect(callsOf(fetchMock)).toContain('POST /api/users/7/mute');

    await user.click(screen.getByRole('button', { name: 'Profile actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute user' }));
    expect(await screen.findByText('User unmuted')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('DELETE /api/users/7/mute');
  });

  it('removes a follower after confirmation, and shows the server sentence on failure', async () => {
    let answer = 500;
    const fetchMock = mockFetch((call) => {
      if (call.url === '/api/users/7/safety') return jsonResponse({ muted: false, followsYou: true });
      if (call.method === 'DELETE' && call.url === '/api/users/1/followers/7')
        return answer === 200
          ? jsonResponse({ message: 'Follower removed' })
          : jsonResponse({ statusCode: 500, message: 'Social graph is down' }, 500);
      return never();
    });
    const user = userEvent.setup();
    renderMenu();

    await user.click(screen.getByRole('button', { name: 'Profile actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove follower' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Bob Brown as a follower?' });
    expect(dialog).toHaveTextContent("won't be told");
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error removing follower')).toBeVisible();
    expect(screen.getByText('Social graph is down')).toBeVisible();

    answer = 200;
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Follower removed')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsOf(fetchMock).filter((c) => c === 'DELETE /api/users/1/followers/7')).toHaveLength(2);
  });
});
