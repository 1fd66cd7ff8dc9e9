import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { MessageButton } from './message-button';

describe("the profile's Message button", () => {
  it('opens the full-screen chat with that person, and Back closes it', async () => {
    mockFetch((call) => {
      if (call.url === '/api/messages/conversation/1/2') return jsonResponse([]);
      if (call.url === '/api/messages/mark-read/2') return jsonResponse({ count: 0 });
      return never();
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MessageButton user={{ id: 2, username: 'bob', name: 'Bob Brown', profilePicture: null }} />,
      { signedInAs: makeUser({ id: 1 }), route: '/profile/bob' },
    );
    await user.click(screen.getByRole('button', { name: 'Message' }));
    const chat = await screen.findByRole('dialog', { name: 'Bob Brown' });
    expect(await within(chat).findByText('No messages yet. Say hello!')).toBeVisible();
    await user.click(within(chat).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
