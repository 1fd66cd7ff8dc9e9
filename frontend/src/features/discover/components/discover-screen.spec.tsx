import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { Route, Routes, useLocation } from 'react-router-dom';
import { rankColor, type RankedRestaurantDto, type RecommendationDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { DiscoverScreen } from './discover-screen';
import { placed } from './ranked-map';
import { useLocationDetection } from '../hooks/use-location-detection';

const me = makeUser({ id: 1, username: 'alice' });

function bud(id: number, username: string, name: string) {
  return { id, username, name, profilePicture: null };
}

function entry(
  rank: number,
  id: number,
  name: string,
  ratings: number[],
  extra: Partial<RankedRestaurantDto> = {},
) {
  const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
  const buds = [bud(21, 'bruno', 'Bruno Bistro'), bud(22, 'carla', 'Carla Crumb')];
  return {
    id,
    name,
    address: `${id} Main St, New York`,
    city: 'New York',
    latitude: 40.7 + id / 1000,
    longitude: -74 + id / 1000,
    locationApproximate: false,
    photoUrl: `/api/restaurants/${id}/photo?v=0`,
    rank,
    colorRating: rankColor(rank),
    rating: Math.round(mean * 10) / 10,
    friendReviewCount: ratings.length,
    budReviews: ratings.map((rating, i) => ({
      user: buds[i],
      rating,
      reviewedAt: new Date(Date.now() - (i + 1) * 3600_000).toISOString(),
      visitDate: null,
      tasteMatch: i === 0 ? 82 : null,
      weight: 1,
    })),
    why: {
      sort: 'top-rated',
      ratingFormula: 'mean',
      exactRating: Math.round(mean * 1000) / 1000,
      weightTotal: ratings.length,
      orderedBy: ['rating desc', 'friendReviewCount desc', 'latestReviewAt desc', 'id asc'],
      distanceKm: null,
      outOf: 2,
      summary: `#${rank} of 2 in New York by top rated: mean of ${ratings.length} buds' ratings (${ratings.join(', ')}) = ${Math.round(mean * 10) / 10}`,
    },
    ...extra,
  } satisfies RankedRestaurantDto;
}

const RANKED = [entry(1, 7, 'Pasta Palace', [5, 4]), entry(2, 9, 'Taco Town', [3])];

const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

/** The server: the saved list is empty unless the handler answers first; anything else never answers. */
function server(handler: Handler) {
  return mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/saved-restaurants')) return jsonResponse([]);
    return never();
  });
}

/** The address's query, shown so a test can read what the screen keeps there. */
function AddressQuery() {
  return <output data-testid="address-query">{useLocation().search}</output>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/discover"
        element={
          <>
            <DiscoverScreen />
            <AddressQuery />
          </>
        }
      />
    </Routes>,
    { route, signedInAs: me, queryClient: noRetry() },
  );
}

const cards = () => screen.getAllByRole('listitem').filter((item) => item.classList.contains('ranked-card'));

function setGeolocation(value: Geolocation | undefined) {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value });
}

describe('DiscoverScreen: the ranked list', () => {
  afterEach(() => {
    act(() => toast.dismiss());
    setGeolocation(undefined);
  });

  it('lists the city’s places ranked by my buds, with the rating to one decimal', async () => {
    const fetchMock = server((call) =>
      call.url.startsWith('/api/restaurants/ranked') ? jsonResponse(RANKED) : undefined,
    );
    renderAt('/discover?city=New%20York');

    expect(
      await screen.findByText("Top 2 restaurants in New York based on your buds' reviews"),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Discover' })).toBeVisible();
    expect(screen.getByText('Find top-rated restaurants from your buds')).toBeVisible();
    const [first, second] = cards();
    expect(within(first).getByRole('img', { name: 'Rank 1' })).toHaveTextContent('1');
    expect(within(first).getByRole('link', { name: 'Pasta Palace' })).toHaveAttribute(
      'href',
      '/restaurants/7',
    );
    expect(first).toHaveTextContent('4.5');
    expect(first).toHaveTextContent('2 bud reviews');
    expect(within(second).getByRole('link', { name: 'Taco Town' })).toBeVisible();
    expect(second).toHaveTextContent('3.0');
    expect(second).toHaveTextContent('1 bud review');
    expect(callsOf(fetchMock)).toContain('GET /api/restaurants/ranked?city=New+York&sort=top-rated');
  });

  it('opens "Why #1?" with the buds, their stars, when, taste match and how the rank was computed', async () => {
    const fetchMock = server((call) =>
      call.url.startsWith('/api/restaurants/ranked') ? jsonResponse(RANKED) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/discover?city=New%20York');
    await screen.findByText("Top 2 restaurants in New York based on your buds' reviews");
    const rankedCalls = () => callsOf(fetchMock).filter((call) => call.includes('/ranked')).length;
    const before = rankedCalls();

    const why = screen.getByRole('button', { name: 'Why #1?' });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    await user.click(why);

    const panel = screen.getByRole('region', { name: 'Why #1: Pasta Palace' });
    expect(why).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveTextContent("#1 of 2 in New York by top rated: mean of 2 buds' ratings (5, 4) = 4.5");
    expect(within(panel).getByRole('link', { name: /Bruno Bistro/ })).toHaveAttribute(
      'href',
      '/profile/bruno',
    );
    expect(within(panel).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    expect(within(panel).getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    expect(panel).toHaveTextContent('Taste match 82%');
    expect(panel).toHaveTextContent('Taste match: too few shared places');
    expect(panel).toHaveTextContent('reviewed 1 hour ago');
    expect(panel).toHaveTextContent(
      'Ordered by buds’ rating, highest first, then number of buds who reviewed it',
    );
    expect(panel).toHaveTextContent('#1 of 2');
    // Served by the ranked answer itself: no call per entry.
    expect(rankedCalls()).toBe(before);
    const others = callsOf(fetchMock).filter(
      (call) => !/\/ranked|saved-restaurants|^GET \/api\/user$/.test(call),
    );
    expect(others).toEqual([]);
  });

  it('asks again with the chosen sort', async () => {
    const fetchMock = server((call) =>
      call.url.startsWith('/api/restaurants/ranked') ? jsonResponse(RANKED) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/discover?city=New%20York');
    await screen.findByText("Top 2 restaurants in New York based on your buds' reviews");

    await user.click(screen.getByRole('button', { name: 'Most Visited' }));
    await waitFor(() =>
      expect(callsOf(fetchMock)).toContain('GET /api/restaurants/ranked?city=New+York&sort=most-visited'),
    );
    expect(screen.getByRole('button', { name: 'Most Visited' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Buds like me' }));
    await waitFor(() =>
      expect(callsOf(fetchMock)).toContain('GET /api/restaurants/ranked?city=New+York&sort=buds-like-me'),
    );
  });

  it('says so when my buds have not reviewed anything in the city', async () => {
    server((call) => (call.url.startsWith('/api/restaurants/ranked') ? jsonResponse([]) : undefined));
    renderAt('/discover?city=boston');
    expect(await screen.findByText('No ranked restaurants yet')).toBeVisible();
    expect(screen.getByText("Your buds haven't reviewed any restaurants in Boston yet.")).toBeVisible();
  });

  it('shows the map view’s empty state with Add a review', async () => {
    server((call) => (call.url.startsWith('/api/restaurants/ranked') ? jsonResponse([]) : undefined));
    renderAt('/discover?city=Miami&view=map');
    expect(await screen.findByText('No restaurants here yet')).toBeVisible();
    expect(screen.getByText('Be the first to rate a restaurant in Miami!')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add a review' })).toBeVisible();
  });

  it('shows the failure and tries again', async () => {
    let fail = true;
    server((call) => {
      if (!call.url.startsWith('/api/restaurants/ranked')) return undefined;
      return fail ? jsonResponse({ message: 'Upstream down' }, 502) : jsonResponse(RANKED);
    });
    const user = userEvent.setup();
    renderAt('/discover?city=New%20York');
    expect(await screen.findByText('Failed to load restaurant rankings. Please try again.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText("Top 2 restaurants in New York based on your buds' reviews"),
    ).toBeVisible();
  });

  it('saves and unsaves with the spec’s toasts', async () => {
    let saved = false;
    const fetchMock = server((call) => {
      if (call.url.startsWith('/api/restaurants/ranked')) return jsonResponse(RANKED);
      if (call.method === 'POST' && call.url === '/api/restaurants/9/toggle-save') {
        saved = !saved;
        return jsonResponse({ restaurantId: 9, isSaved: saved, saved });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/discover?city=New%20York');
    await screen.findByText("Top 2 restaurants in New York based on your buds' reviews");

    await user.click(screen.getByRole('button', { name: 'Save Taco Town' }));
    expect(await screen.findByText('Restaurant saved')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Saved Taco Town' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Saved Taco Town' }));
    expect(await screen.findByText('Restaurant removed from saved list')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Save Taco Town' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(callsOf(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/restaurants/9/toggle-save',
      'POST /api/restaurants/9/toggle-save',
    ]);
  });

  it('puts the button back when saving fails', async () => {
    server((call) => {
      if (call.url.startsWith('/api/restaurants/ranked')) return jsonResponse(RANKED);
      if (call.method === 'POST') return jsonResponse({ message: 'nope' }, 500);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/discover?city=New%20York');
    await screen.findByText("Top 2 restaurants in New York based on your buds' reviews");
    await user.click(screen.getByRole('button', { name: 'Save Pasta Palace' }));
    expect(await screen.findByText('Failed to update saved status')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Pasta Palace' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows "Map view unavailable" with the list when the map cannot load', async () => {
    server((call) => {
      if (call.url.startsWith('/api/restaurants/ranked')) return jsonResponse(RANKED);
      if (call.url === '/api/env') return jsonResponse({ message: 'down' }, 503);
      return undefined;
    });
    renderAt('/discover?city=New%20York&view=map');
    expect(await screen.findByText('Map view unavailable')).toBeVisible();
    expect(
      screen.getByText(
        "We're having trouble loading the map. Please use the list view instead, or try again later.",
      ),
    ).toBeVisible();
    expect(screen.getByText("Top 2 restaurants in New York based on your buds' reviews")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('skips entries without both coordinates on the map', () => {
    const entries = [
      RANKED[0],
      entry(2, 9, 'Nowhere', [4], { latitude: null, longitude: null }),
      entry(3, 10, 'Zero', [4], { latitude: 0, longitude: 12 }),
    ];
    expect(placed(entries).map((e) => e.name)).toEqual(['Pasta Palace']);
  });
});

describe('DiscoverScreen: location detection and the city', () => {
  afterEach(() => {
    act(() => toast.dismiss());
    setGeolocation(undefined);
  });

  it('picks the nearest known city from the position', async () => {
    setGeolocation({
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 42.35, longitude: -71.06 } } as GeolocationPosition),
    } as unknown as Geolocation);
    const fetchMock = server((call) =>
      call.url.startsWith('/api/restaurants/ranked') ? jsonResponse([]) : undefined,
    );
    renderAt('/discover');
    expect(await screen.findByText('Location detected')).toBeVisible();
    expect(screen.getByText('Showing restaurants in Boston')).toBeVisible();
    await waitFor(() =>
      expect(callsOf(fetchMock)).toContain('GET /api/restaurants/ranked?city=Boston&sort=top-rated'),
    );
  });

  it('keeps a detected city out of the address until the diner changes the view, then writes both', async () => {
    setGeolocation({
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 47.6, longitude: -122.3 } } as GeolocationPosition),
    } as unknown as Geolocation);
    server((call) => (call.url.startsWith('/api/restaurants/ranked') ? jsonResponse([]) : undefined));
    const user = userEvent.setup();
    renderAt('/discover');
    expect(
      await screen.findByText("Your buds haven't reviewed any restaurants in Seattle yet."),
    ).toBeVisible();
    // A shared /discover detects anew for whoever opens it.
    expect(screen.getByTestId('address-query')).toHaveTextContent(/^$/);

    await user.click(screen.getByRole('button', { name: 'Map' }));
    await waitFor(() =>
      expect(screen.getByTestId('address-query')).toHaveTextContent('?city=Seattle&view=map'),
    );
    expect(await screen.findByText('No restaurants here yet')).toBeVisible();
  });

  it('sorts Near You from my position', async () => {
    setGeolocation({
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 42.35, longitude: -71.06 } } as GeolocationPosition),
    } as unknown as Geolocation);
    const fetchMock = server((call) =>
      call.url.startsWith('/api/restaurants/ranked') ? jsonResponse([]) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/discover');
    await screen.findByText('Location detected');
    await user.click(await screen.findByRole('button', { name: 'Near You' }));
    await waitFor(() =>
      expect(callsOf(fetchMock)).toContain(
        'GET /api/restaurants/ranked?city=Boston&sort=near-you&lat=42.35&lng=-71.06',
      ),
    );
    expect(screen.getByRole('button', { name: 'Near You' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the sort when Near You cannot get my position', async () => {
    const fetchMock = server((call) =>
      call.url.startsWith('/api/restaurants/ranked') ? jsonResponse([]) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/discover?city=Boston');
    await screen.findByText('No ranked restaurants yet');
    await user.click(screen.getByRole('button', { name: 'Near You' }));
    expect(await screen.findByText('Could not detect location')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Top Rated' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsOf(fetchMock).some((call) => call.includes('near-you'))).toBe(false);
  });

  it('spins while detecting', () => {
    setGeolocation({ getCurrentPosition: () => undefined } as unknown as Geolocation);
    server(() => undefined);
    renderAt('/discover');
    const detecting = screen.getByRole('status', { name: 'Detecting your location...' });
    expect(detecting).toBeVisible();
    // Why the browser is asking, and the other way in, while it asks.
    expect(detecting).toHaveTextContent('Allow location access when your browser asks');
    expect(detecting).toHaveTextContent('You can also search for any city above.');
  });

  it('is detecting from its first render when no city is chosen (the page the server renders spins too)', () => {
    setGeolocation({ getCurrentPosition: () => undefined } as unknown as Geolocation);
    const firstRenders: boolean[][] = [[], []];
    function Probe({ hasCity, seen }: { hasCity: boolean; seen: boolean[] }) {
      seen.push(useLocationDetection(hasCity, () => undefined).detecting);
      return null;
    }
    render(<Probe hasCity={false} seen={firstRenders[0]} />);
    render(<Probe hasCity seen={firstRenders[1]} />);
    expect(firstRenders.map((seen) => seen[0])).toEqual([true, false]);
  });

  it('falls back to Charlottesville with the help box, and Try Again asks again', async () => {
    let asked = 0;
    setGeolocation({
      getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => {
        asked += 1;
        fail({ code: 1, message: 'denied' } as GeolocationPositionError);
      },
    } as unknown as Geolocation);
    const fetchMock = server((call) =>
      call.url.startsWith('/api/restaurants/ranked') ? jsonResponse([]) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/discover');

    expect(await screen.findByText('Location access denied')).toBeVisible();
    expect(screen.getByText('You can still search for a city manually')).toBeVisible();
    // The help box comes with the fallback city's screen, a transition after the toast.
    expect(await screen.findByText('permission to use your location was denied')).toBeVisible();
    expect(screen.getByText('the location request timed out')).toBeVisible();
    expect(screen.getByText('your browser has no geolocation')).toBeVisible();
    await waitFor(() =>
      expect(callsOf(fetchMock)).toContain('GET /api/restaurants/ranked?city=Charlottesville&sort=top-rated'),
    );
    const askedBefore = asked;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(asked).toBe(askedBefore + 1));
  });

  it('shows the chosen city from the catalogue', async () => {
    const fetchMock = server((call) =>
      call.url.startsWith('/api/restaurants/ranked') ? jsonResponse([]) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/discover?city=Boston');
    await screen.findByText('No ranked restaurants yet');

    await user.type(screen.getByRole('combobox', { name: 'City' }), 'seat');
    await user.click(await screen.findByRole('option', { name: /Seattle/ }));
    await waitFor(() =>
      expect(callsOf(fetchMock)).toContain('GET /api/restaurants/ranked?city=Seattle&sort=top-rated'),
    );
    expect(
      await screen.findByText("Your buds haven't reviewed any restaurants in Seattle yet."),
    ).toBeVisible();
  });

  it('finds restaurants by name', async () => {
    server((call) => {
      if (call.url.startsWith('/api/restaurants/ranked')) return jsonResponse([]);
      if (call.url.startsWith('/api/restaurants/search?q=sush'))
        return jsonResponse([
          {
            id: 44,
            name: 'Sushi Sora',
            address: '1 Fish St, Boston',
            city: 'Boston',
            latitude: null,
            longitude: null,
            locationApproximate: false,
            photoUrl: '/api/restaurants/44/photo?v=0',
            cuisine: 'Japanese',
            averageRating: 4.5,
            totalReviews: 2,
            budReviewCount: 1,
            budAverageRating: 5,
            budFavoriteCount: 1,
            isSaved: false,
            matchScore: 0.5,
          },
        ]);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/discover?city=Boston');
    await user.type(screen.getByRole('searchbox', { name: 'Search restaurants' }), 'sush');
    const result = await screen.findByRole('link', { name: 'Sushi Sora' });
    expect(result).toHaveAttribute('href', '/restaurants/44');
    expect(screen.getByRole('list', { name: 'Restaurant matches' })).toHaveTextContent('1 bud favourite');
  });
});

function recommendation(id: number, name: string, extra: Partial<RecommendationDto> = {}): RecommendationDto {
  return {
    id,
    name,
    address: `${id} Oak Ave, Boston`,
    city: 'Boston',
    latitude: null,
    longitude: null,
    locationApproximate: false,
    photoUrl: `/api/restaurants/${id}/photo?v=0`,
    cuisine: null,
    averageRating: 4.2,
    totalReviews: 3,
    budReviewCount: 2,
    budAverageRating: 4.5,
    score: 1,
    reasons: ['buds', 'flavor:sushi', 'city:boston'],
    isSaved: false,
    ...extra,
  };
}

describe('DiscoverScreen: recommendations', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('shows up to 6 recommended places with why', async () => {
    const items = Array.from({ length: 7 }, (_, i) => recommendation(i + 1, `Place ${i + 1}`));
    server((call) => (call.url === '/api/recommendations' ? jsonResponse(items) : undefined));
    renderAt('/discover?tab=recommendations');
    expect(await screen.findByRole('heading', { name: 'Recommended For You' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Recommendations', level: 1 })).toBeVisible();
    expect(screen.getByText('Personalized restaurant suggestions based on your taste')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Recommended restaurants' });
    expect(within(list).getAllByRole('link')).toHaveLength(6);
    expect(list).toHaveTextContent('Your buds rated it');
    expect(list).toHaveTextContent('Fits your sushi badge');
    expect(list).toHaveTextContent('In Boston');
    expect(screen.getByText('Dining Intelligence')).toBeVisible();
    expect(screen.getByText('Discover More')).toBeVisible();
  });

  it('shows the typed location as text in "No Matches Found"', async () => {
    const fetchMock = server((call) => {
      if (call.url === '/api/recommendations') return jsonResponse([recommendation(1, 'Place 1')]);
      if (call.url.startsWith('/api/recommendations?location=')) return jsonResponse([]);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/discover?tab=recommendations');
    await screen.findByRole('list', { name: 'Recommended restaurants' });

    await user.type(screen.getByRole('searchbox', { name: 'Filter by location' }), '<b>Atlantis</b>');
    expect(await screen.findByText('No Matches Found')).toBeVisible();
    expect(
      screen.getByText(
        'No restaurants found in "<b>Atlantis</b>". Try a different city name or clear the search.',
      ),
    ).toBeVisible();
    expect(document.querySelector('.recommendations b')).toBeNull();
    expect(callsOf(fetchMock)).toContain('GET /api/recommendations?location=%3Cb%3EAtlantis%3C%2Fb%3E');

    await user.click(screen.getByRole('button', { name: 'Clear filter by location' }));
    expect(await screen.findByRole('list', { name: 'Recommended restaurants' })).toBeVisible();
  });

  it('says when there is nothing to recommend yet', async () => {
    server((call) => (call.url === '/api/recommendations' ? jsonResponse([]) : undefined));
    renderAt('/discover?tab=recommendations');
    expect(await screen.findByText('No Recommendations Yet')).toBeVisible();
    expect(
      screen.getByText(
        'Add more restaurant reviews or connect with more buds to get personalized recommendations.',
      ),
    ).toBeVisible();
  });

  it('says when recommendations cannot load', async () => {
    server((call) => (call.url === '/api/recommendations' ? jsonResponse({ message: 'x' }, 500) : undefined));
    renderAt('/discover?tab=recommendations');
    expect(await screen.findByText('Unable to load recommendations at this time.')).toBeVisible();
  });

  it('saves a recommended place at once and keeps the server’s answer', async () => {
    server((call) => {
      if (call.url === '/api/recommendations') return jsonResponse([recommendation(3, 'Green Bowl')]);
      if (call.method === 'POST' && call.url === '/api/restaurants/3/toggle-save')
        return jsonResponse({ restaurantId: 3, isSaved: true, saved: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/discover?tab=recommendations');
    await user.click(await screen.findByRole('button', { name: 'Save Green Bowl' }));
    expect(await screen.findByText('Restaurant saved')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Saved Green Bowl' })).toBeVisible();
  });
});
