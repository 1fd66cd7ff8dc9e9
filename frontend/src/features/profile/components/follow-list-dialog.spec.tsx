import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { FollowUserDto, UserDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { FollowListDialog } from './follow-list-dialog';

const ME = makeUser({ id: 1 });
const BOB: FollowUserDto = {
  id: 7,
  username: 'bob',
  name: 'Bob Brown',
  profilePicture: null,
  isPrivate: false,
};

/** Remove follower from my own followers list (issue 27); nobody else's list offers it. */
describe('FollowListDialog remove follower', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('removes a follower from my list with a toast; the list reloads without them', async () => {
    let followers = [BOB];
    const fetchMock = mockFetch((call) => {
      if (call.method === 'DELETE' && call.url === '/api/users/1/followers/7') {
        followers = [];
        return jsonResponse({ message: 'Follower removed' });
      }
      return jsonResponse(followers);
    });
    const user = userEvent.setup();
    renderWithProviders(
      <FollowListDialog kind="followers" onClose={() => {}} user={ME as unknown as UserDto} />,
      {
        signedInAs: ME,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Remove follower Bob Brown' }));
    expect(await screen.findByText('Follower removed')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Bob Brown')).toBeNull());
    expect(callsOf(fetchMock)).toContain('DELETE /api/users/1/followers/7');
  });

  it("offers no Remove on someone else's followers", async () => {
    mockFetch(() => jsonResponse([{ ...BOB, id: 8 }]));
    renderWithProviders(
      <FollowListDialog
        kind="followers"
        onClose={() => {}}
        user={makeUser({ id: 7 }) as unknown as UserDto}
      />,
      { signedInAs: ME },
    );
    await screen.findByText('Bob Brown');
    expect(screen.queryByRole('button', { name: /Remove follower/ })).toBeNull();
  });
});
