import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { CheckInDto } from '@dinebuds/contracts';
import { jsonResponse, mockFetch, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { CheckInButton } from './check-in-button';

function checkInDto(active: boolean, status: string | null): CheckInDto {
  return {
    id: 3,
    userId: 1,
    restaurantId: 5,
    restaurant: {
      id: 5,
      name: 'Noodle Nook',
      address: '5 Elm St',
      city: null,
      latitude: null,
      longitude: null,
      locationApproximate: false,
      photoUrl: '/api/restaurants/5/photo?v=0',
    },
    status,
    checkedInAt: new Date().toISOString(),
    checkedOutAt: active ? null : new Date().toISOString(),
    isActive: active,
    closesAt: new Date(Date.now() + 4 * 3600_000).toISOString(),
  };
}

describe('CheckInButton', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('checks in with a status line, then checks out', async () => {
    const posts: FetchCall[] = [];
    mockFetch((call) => {
      if (call.url === '/api/check-ins/current') return jsonResponse({ checkIn: null });
      if (call.method === 'POST') posts.push(call);
      if (call.url === '/api/check-ins') return jsonResponse(checkInDto(true, 'Ramen time'), 201);
      if (call.url === '/api/check-ins/check-out') return jsonResponse(checkInDto(false, 'Ramen time'));
      return jsonResponse([]);
    });
    const user = userEvent.setup();
    renderWithProviders(<CheckInButton restaurant={{ id: 5, name: 'Noodle Nook', address: '5 Elm St' }} />, {
      signedInAs: makeUser(),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    });

    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    await user.type(screen.getByRole('textbox', { name: 'Status (optional)' }), '  Ramen time ');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('You are checked in here: “Ramen time”')).toBeVisible();
    expect(screen.getByText('Checked in')).toBeVisible();
    expect(JSON.parse(String(posts[0].init.body))).toEqual({ restaurantId: 5, status: 'Ramen time' });

    await user.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('Checked out')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Check in' })).toBeVisible();
    expect(posts.map((call) => call.url)).toEqual(['/api/check-ins', '/api/check-ins/check-out']);

    // How was it? The review sheet opens filled in for this place.
    expect(screen.getByText('How was it?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Write a review' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add Review' });
    expect(within(sheet).getByDisplayValue('Noodle Nook')).toBeVisible();
    expect(within(sheet).getByDisplayValue('5 Elm St')).toBeVisible();
  });
});
