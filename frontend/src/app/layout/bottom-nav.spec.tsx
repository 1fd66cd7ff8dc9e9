import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@/test/render';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { BottomNav } from './bottom-nav';

function activeEntry() {
  return screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
}

describe('bottom navigation (spec 2 §2)', () => {
  it.each([
    ['/', 'Feed'],
    ['/discover', 'Discover'],
    ['/social', 'Find Buds'],
    ['/search', 'Find Buds'],
    ['/profile', 'Profile'],
  ])('on %s highlights %s', (route, label) => {
    mockFetch(() => jsonResponse({ count: 0 }));
    renderWithProviders(<BottomNav />, { route, signedInAs: makeUser() });
    const active = activeEntry();
    expect(active).toHaveLength(1);
    expect(active[0]).toHaveTextContent(label);
  });
});
