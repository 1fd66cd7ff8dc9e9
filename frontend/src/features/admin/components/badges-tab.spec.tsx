import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBadgesDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { BadgesTab } from './badges-tab';

const catalogue: AdminBadgesDto = {
  flavor: [
    { kind: 'flavor', id: 'sushi', name: 'SushiBud', holders: 3 },
    { kind: 'flavor', id: 'pasta', name: 'PastaBud', holders: 1 },
  ],
  city: [{ kind: 'city', id: 'boston', name: 'Boston', holders: 2 }],
  tiers: [
    { level: 'bronze', name: 'Bronze', minReviews: 10, color: '#cd7f32', holders: 2 },
    { level: 'silver', name: 'Silver', minReviews: 20, color: '#c0c0c0', holders: 0 },
    { level: 'gold', name: 'Gold', minReviews: 30, color: '#ffd700', holders: 0 },
    { level: 'platinum', name: 'Platinum', minReviews: 40, color: '#e5e4e2', holders: 0 },
  ],
};

function server(onPatch: (call: FetchCall) => Response | Promise<Response>) {
  return mockFetch((call) => {
    if (call.method === 'PATCH') return onPatch(call);
    if (call.url === '/api/admin/badges') return jsonResponse(catalogue);
    return never();
  });
}

describe('BadgesTab', () => {
  it('lists FlavorBuds with holder counts and renames one inline', async () => {
    const fetchMock = server((call) =>
      jsonResponse({ ...catalogue.flavor[0], name: JSON.parse(String(call.init.body)).name }),
    );
    const user = userEvent.setup();
    renderWithProviders(<BadgesTab />);
    expect(await screen.findByRole('tab', { name: 'FlavorBuds (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('row', { name: /SushiBud/ })).toHaveTextContent('3 users');
    await user.click(screen.getByRole('button', { name: 'Edit name of SushiBud' }));
    const input = screen.getByRole('textbox', { name: 'name of SushiBud' });
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Badge name cannot be empty');
    expect(callsOf(fetchMock).some((c) => c.startsWith('PATCH'))).toBe(false);
    await user.type(input, 'Sushi Sage');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Badge name updated')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('PATCH /api/admin/badges/flavor/sushi');
  });

  it('edits a tier minimum on the CityBuds tab, with the spec validation and the server sentence', async () => {
    const fetchMock = server(() =>
      jsonResponse(
        { statusCode: 400, message: 'Silver must need more reviews than Bronze (10)', error: 'Bad Request' },
        400,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<BadgesTab />);
    await user.click(await screen.findByRole('tab', { name: 'CityBuds (1)' }));
    expect(screen.getByRole('row', { name: /Boston/ })).toHaveTextContent('2 users');
    await user.click(screen.getByRole('button', { name: 'Edit minimum reviews of Silver' }));
    const input = screen.getByRole('spinbutton', { name: 'minimum reviews of Silver' });
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Threshold must be at least 1');
    await user.clear(input);
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update tier threshold')).toBeVisible();
    expect(screen.getByText('Silver must need more reviews than Bronze (10)')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('PATCH /api/admin/badges/tiers/silver');
    // Still editing after a refusal.
    expect(within(screen.getByRole('row', { name: /Silver/ })).getByRole('spinbutton')).toHaveValue(5);
  });
});
