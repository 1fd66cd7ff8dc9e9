import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { Route, Routes } from 'react-router-dom';
import type { FeedItemDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { answerArrived, watchAnswerDelivery } from '@/test/answer-delivery';
import { makeUser, renderWithProviders } from '@/test/render';
import { feedQueryKey } from '../api/get-feed';
import { FeedScreen } from './feed-screen';

const me = makeUser({ id: 1, username: 'alice' });
const HOUR = 3600_000;

const bruno = { id: 21, username: 'bruno', name: 'Bruno Bistro', profilePicture: null };
const carla = { id: 22, username: 'carla', name: 'Carla Crumb', profilePicture: null };

function item(
  id: string,
  type: FeedItemDto['type'],
  user: FeedItemDto['user'],
  hoursAgo: number,
  restaurantId: number,
  restaurantName: string,
  extra: Partial<FeedItemDto> = {},
): FeedItemDto {
  // Asserted: the server may add fields (reactions) that these tests do not read.
  return {
    id,
    type,
    user,
    restaurantId,
    restaurant: {
      id: restaurantId,
      name: restaurantName,
      address: `${restaurantId} Elm St, Boston`,
      city: 'Boston',
      latitude: null,
      longitude: null,
      locationApproximate: false,
      photoUrl: `/api/restaurants/${restaurantId}/photo?v=0`,
    },
    createdAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
    rating: type === 'review' ? 4 : null,
    message: type === 'review' ? 'Great noodles' : null,
    ...extra,
  } as FeedItemDto;
}

const PAGE_1 = {
  items: [
    item('review-3', 'review', bruno, 1, 5, 'Noodle Nook'),
    item('save-2', 'save', carla, 30, 6, 'Bagel Barn'),
  ],
  nextCursor: 'c1',
};
const PAGE_2 = {
  items: [item('review-1', 'review', carla, 50, 7, 'Old Oak', { rating: 2 })],
  nextCursor: null,
};

const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function server(handler: (call: FetchCall) => Response | undefined) {
  return mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/saved-restaurants')) return jsonResponse([]);
    return never();
  });
}

function renderAt(route = '/') {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<FeedScreen />} />
    </Routes>,
    { route, signedInAs: me, queryClient: noRetry() },
  );
}

const shownItems = () =>
  within(screen.getByRole('list', { name: 'Bud activity' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.feed-item__line')?.textContent?.replace(/\s+/g, ' ').trim());

describe('FeedScreen', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('shows my buds’ activity newest first, linking to profiles and restaurants, and loads more', async () => {
    const fetchMock = server((call) => {
      if (call.url === '/api/activity/feed?limit=20') return jsonResponse(PAGE_1);
      if (call.url === '/api/activity/feed?cursor=c1&limit=20') return jsonResponse(PAGE_2);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt();

    expect(await screen.findByRole('heading', { name: 'Feed', level: 1 })).toBeVisible();
    await screen.findByRole('list', { name: 'Bud activity' });
    expect(shownItems()).toEqual(['Bruno Bistro reviewed Noodle Nook', 'Carla Crumb saved Bagel Barn']);
    const list = screen.getByRole('list', { name: 'Bud activity' });
    expect(within(list).getAllByRole('link', { name: 'Bruno Bistro' })[0]).toHaveAttribute(
      'href',
      '/profile/bruno',
    );
    expect(within(list).getByRole('link', { name: 'Noodle Nook' })).toHaveAttribute('href', '/restaurants/5');
    expect(within(list).getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    expect(list).toHaveTextContent('Great noodles');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(shownItems()).toEqual([
        'Bruno Bistro reviewed Noodle Nook',
        'Carla Crumb saved Bagel Barn',
        'Carla Crumb reviewed Old Oak',
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsOf(fetchMock)).toContain('GET /api/activity/feed?cursor=c1&limit=20');
  });

  it('shows the buds active in the last 24 hours in the stories strip', async () => {
    server((call) => {
      if (call.url.startsWith('/api/activity/feed')) return jsonResponse(PAGE_1);
      if (call.url === '/api/activity/stories')
        return jsonResponse([
          { user: bruno, lastActivityAt: new Date().toISOString(), reviews: 1, checkIns: 2 },
        ]);
      return undefined;
    });
    renderAt();
    const strip = await screen.findByRole('region', { name: 'Buds active in the last 24 hours' });
    expect(within(strip).getAllByRole('link')).toHaveLength(1);
    const link = within(strip).getByRole('link', { name: /Bruno Bistro/ });
    expect(link).toHaveAttribute('href', '/profile/bruno');
    expect(link).toHaveTextContent('1 review, 2 check-ins today');
  });

  it('says so when my buds have posted nothing', async () => {
    server((call) =>
      call.url.startsWith('/api/activity/feed') ? jsonResponse({ items: [], nextCursor: null }) : undefined,
    );
    renderAt();
    expect(await screen.findByText('No recent activity')).toBeVisible();
    expect(screen.getByText("Your buds haven't posted any activity yet.")).toBeVisible();
  });

  it('filters by city', async () => {
    const fetchMock = server((call) => {
      if (call.url === '/api/activity/feed?limit=20') return jsonResponse(PAGE_1);
      if (call.url === '/api/activity/feed?city=Seattle&limit=20')
        return jsonResponse({ items: [], nextCursor: null });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt();
    await screen.findByRole('list', { name: 'Bud activity' });

    await user.type(screen.getByRole('combobox', { name: 'Filter by city' }), 'seat');
    await user.click(await screen.findByRole('option', { name: /Seattle/ }));
    expect(await screen.findByText('No bud activity in Seattle yet.')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('GET /api/activity/feed?city=Seattle&limit=20');

    await user.click(screen.getByRole('button', { name: 'Show all cities' }));
    expect(await screen.findByRole('list', { name: 'Bud activity' })).toBeVisible();
  });

  it('says when the feed cannot load', async () => {
    server((call) =>
      call.url.startsWith('/api/activity/feed') ? jsonResponse({ message: 'x' }, 500) : undefined,
    );
    renderAt();
    expect(await screen.findByText('Failed to load activity feed. Please try again later.')).toBeVisible();
  });

  it('saves a place from the feed with the spec’s toast', async () => {
    server((call) => {
      if (call.url.startsWith('/api/activity/feed')) return jsonResponse(PAGE_1);
      if (call.method === 'POST' && call.url === '/api/restaurants/5/toggle-save')
        return jsonResponse({ restaurantId: 5, isSaved: true, saved: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'Save Noodle Nook' }));
    expect(await screen.findByText('Restaurant saved')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Saved Noodle Nook' })).toBeVisible();
  });

  it('names the place when the feed unsaves it, and reverts with the spec’s error when a save fails', async () => {
    let saved = [{ restaurantId: 5 }];
    let answer: 'unsave' | 'fail' = 'unsave';
    server((call) => {
      if (call.url.startsWith('/api/activity/feed')) return jsonResponse(PAGE_1);
      if (call.url.startsWith('/api/saved-restaurants')) return jsonResponse(saved);
      if (call.method === 'POST' && call.url === '/api/restaurants/5/toggle-save') {
        if (answer === 'fail') return jsonResponse({ message: 'x' }, 500);
        saved = [];
        return jsonResponse({ restaurantId: 5, isSaved: false, saved: false });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('button', { name: 'Saved Noodle Nook' }));
    expect(await screen.findByText('Restaurant removed from saved list')).toBeVisible();
    expect(screen.getAllByText('Noodle Nook').length).toBeGreaterThan(1);

    answer = 'fail';
    await user.click(screen.getByRole('button', { name: 'Save Noodle Nook' }));
    expect(await screen.findByText('Failed to update saved status')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Noodle Nook' })).toBeVisible();
  });

  it('shows the live hotspots with my buds there and how busy it is', async () => {
    server((call) => {
      if (call.url.startsWith('/api/activity/feed')) return jsonResponse(PAGE_1);
      if (call.url === '/api/live-hotspots')
        return jsonResponse([
          {
            id: 5,
            name: 'Noodle Nook',
            address: '5 Elm St, Boston',
            city: 'Boston',
            latitude: null,
            longitude: null,
            locationApproximate: false,
            photoUrl: '/api/restaurants/5/photo?v=0',
            checkedInFriends: [
              {
                user: bruno,
                checkedInAt: new Date(Date.now() - 10 * 60_000).toISOString(),
                status: 'Ramen time',
              },
            ],
            checkedInNow: 3,
            checkInsLastHour: 4,
          },
        ]);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByRole('tab', { name: 'Live Hotspots' }));
    expect(await screen.findByRole('heading', { name: 'Live Hotspots', level: 1 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Live hotspots' });
    expect(within(list).getByRole('link', { name: 'Noodle Nook' })).toHaveAttribute('href', '/restaurants/5');
    expect(list).toHaveTextContent('3 people here now');
    expect(list).toHaveTextContent('4 check-ins in the last hour');
    expect(list).toHaveTextContent('1 bud checked in');
    expect(within(list).getByRole('link', { name: /Bruno Bistro/ })).toHaveAttribute(
      'href',
      '/profile/bruno',
    );
    expect(list).toHaveTextContent('“Ramen time”');
  });

  it('says when no bud is checked in anywhere', async () => {
    server((call) => {
      if (call.url.startsWith('/api/activity/feed')) return jsonResponse(PAGE_1);
      if (call.url === '/api/live-hotspots') return jsonResponse([]);
      return undefined;
    });
    renderAt('/?tab=hotspots');
    expect(await screen.findByText('No live hotspots')).toBeVisible();
    expect(screen.getByText('None of your buds is checked in anywhere right now.')).toBeVisible();
  });

  it('lists my buds’ check-ins with the All / Check-ins / Statuses filter', async () => {
    server((call) =>
      call.url.startsWith('/api/activity/feed')
        ? jsonResponse({
            items: [
              item('checkin-4', 'checkin', bruno, 1, 5, 'Noodle Nook', { message: 'Ramen time' }),
              item('review-3', 'review', carla, 2, 6, 'Bagel Barn'),
              item('checkin-2', 'checkin', carla, 3, 7, 'Old Oak'),
            ],
            nextCursor: null,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/?tab=checkins');
    expect(await screen.findByRole('heading', { name: 'Check Ins', level: 1 })).toBeVisible();
    const lines = () =>
      within(screen.getByRole('list', { name: 'Bud check-ins' }))
        .getAllByRole('listitem')
        .map((row) => row.querySelector('.feed-item__line')?.textContent?.replace(/\s+/g, ' ').trim());
    await screen.findByRole('list', { name: 'Bud check-ins' });
    expect(lines()).toEqual(['Bruno Bistro checked in at Noodle Nook', 'Carla Crumb checked in at Old Oak']);
    await user.click(screen.getByRole('button', { name: 'Statuses' }));
    expect(lines()).toEqual(['Bruno Bistro checked in at Noodle Nook']);
    expect(screen.getByRole('list', { name: 'Bud check-ins' })).toHaveTextContent('Ramen time');
    await user.click(screen.getByRole('button', { name: 'Check-ins' }));
    expect(lines()).toEqual(['Carla Crumb checked in at Old Oak']);
  });

  it('asks "How was it?" for my check-ins without a review and opens the sheet filled in', async () => {
    server((call) => {
      if (call.url.startsWith('/api/activity/feed')) return jsonResponse({ items: [], nextCursor: null });
      if (call.url === '/api/check-ins/unreviewed')
        return jsonResponse([
          {
            checkInId: 3,
            restaurantId: 8,
            restaurant: {
              id: 8,
              name: 'Dumpling Den',
              address: '8 Elm St, Boston',
              city: 'Boston',
              latitude: null,
              longitude: null,
              locationApproximate: false,
              photoUrl: '/api/restaurants/8/photo?v=0',
            },
            checkedInAt: '2026-01-03T10:00:00Z',
            checkedOutAt: '2026-01-03T11:00:00Z',
          },
        ]);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/?tab=checkins');
    const section = await screen.findByRole('region', { name: 'How was it?' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: 'Dumpling Den' })).toHaveAttribute(
      'href',
      '/restaurants/8',
    );
    await user.click(within(section).getByRole('button', { name: 'Review Dumpling Den' }));
    const sheet = await screen.findByRole('dialog', { name: 'Add Review' });
    expect(within(sheet).getByDisplayValue('Dumpling Den')).toBeVisible();
    expect(within(sheet).getByDisplayValue('8 Elm St, Boston')).toBeVisible();
  });

  it('likes a bud’s check-in and comments on it', async () => {
    const posts: FetchCall[] = [];
    server((call) => {
      if (call.url.startsWith('/api/activity/feed'))
        return jsonResponse({
          items: [
            item('checkin-4', 'checkin', bruno, 1, 5, 'Noodle Nook', {
              message: 'Ramen time',
              reactions: { likeCount: 2, likedByMe: false, commentCount: 1 },
            }),
          ],
          nextCursor: null,
        });
      if (call.method === 'POST') posts.push(call);
      if (call.url === '/api/check-ins/4/like')
        return jsonResponse({ checkInId: 4, liked: true, likeCount: 3 });
      if (call.method === 'GET' && call.url === '/api/check-ins/4/comments')
        return jsonResponse([
          {
            id: 1,
            checkInId: 4,
            user: carla,
            text: '<b>Save me a seat</b>',
            createdAt: new Date().toISOString(),
          },
        ]);
      if (call.method === 'POST' && call.url === '/api/check-ins/4/comments')
        return jsonResponse(
          {
            id: 2,
            checkInId: 4,
            user: { ...bruno, id: 1, username: 'alice', name: 'Alice Adams' },
            text: 'On my way',
            createdAt: new Date().toISOString(),
          },
          201,
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/?tab=checkins');

    const like = await screen.findByRole('button', { name: "Like Bruno Bistro's check-in, 2 likes" });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    expect(
      await screen.findByRole('button', { name: "Like Bruno Bistro's check-in, 3 likes" }),
    ).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: "Comments on Bruno Bistro's check-in, 1" }));
    const comments = await screen.findByRole('list', { name: 'Comments' });
    expect(within(comments).getByText('<b>Save me a seat</b>')).toBeVisible();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), '   ');
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'On my way ');
    await user.click(send);
    expect(await within(comments).findByText('On my way')).toBeVisible();
    expect(screen.getByRole('button', { name: "Comments on Bruno Bistro's check-in, 2" })).toBeVisible();
    expect(posts.map((call) => [call.url, call.init.body ?? null])).toEqual([
      ['/api/check-ins/4/like', null],
      ['/api/check-ins/4/comments', JSON.stringify({ text: 'On my way' })],
    ]);
  });

  it('shows a bud’s status in the feed without a restaurant, likes it, and offers to delete only the comments I may', async () => {
    const calls: FetchCall[] = [];
    server((call) => {
      if (call.url.startsWith('/api/activity/feed'))
        return jsonResponse({
          items: [
            {
              id: 'status-8',
              type: 'status',
              user: bruno,
              restaurantId: null,
              restaurant: null,
              createdAt: new Date(Date.now() - HOUR).toISOString(),
              rating: null,
              message: 'Anyone up for tacos?',
              reactions: { likeCount: 0, likedByMe: false, commentCount: 2 },
            },
            item('review-3', 'review', carla, 2, 6, 'Bagel Barn'),
          ],
          nextCursor: null,
        });
      if (call.method !== 'GET') calls.push(call);
      if (call.url === '/api/statuses/8/like')
        return jsonResponse({ statusId: 8, liked: true, likeCount: 1 });
      if (call.method === 'GET' && call.url === '/api/statuses/8/comments')
        return jsonResponse([
          { id: 1, statusId: 8, user: carla, text: 'Me!', createdAt: new Date().toISOString() },
          {
            id: 2,
            statusId: 8,
            user: { ...bruno, id: 1, username: 'alice' },
            text: 'Where?',
            createdAt: new Date().toISOString(),
          },
        ]);
      if (call.method === 'DELETE' && call.url === '/api/statuses/8/comments/2')
        return jsonResponse({ message: 'Comment deleted' });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt();

    await screen.findByRole('list', { name: 'Bud activity' });
    expect(shownItems()).toEqual(['Bruno Bistro shared a status', 'Carla Crumb reviewed Bagel Barn']);
    const status = within(screen.getByRole('list', { name: 'Bud activity' })).getAllByRole('listitem')[0];
    expect(within(status).getByText('Anyone up for tacos?')).toBeVisible();
    // No place: the only links are to Bruno's profile, and there is nothing to save.
    expect(
      within(status)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/profile/bruno', '/profile/bruno']);
    expect(within(status).queryByRole('button', { name: /save/i })).toBeNull();

    await user.click(within(status).getByRole('button', { name: "Like Bruno Bistro's status, 0 likes" }));
    expect(
      await within(status).findByRole('button', { name: "Like Bruno Bistro's status, 1 like" }),
    ).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(status).getByRole('button', { name: "Comments on Bruno Bistro's status, 2" }));
    const comments = await within(status).findByRole('list', { name: 'Comments' });
    // Carla's comment on Bruno's status is neither mine nor on my post; my own I may delete.
    expect(within(comments).queryByRole('button', { name: 'Delete comment by Carla Crumb' })).toBeNull();
    await user.click(within(comments).getByRole('button', { name: 'Delete comment by Bruno Bistro' }));
    await waitFor(() => expect(within(comments).queryByText('Where?')).toBeNull());
    expect(
      within(status).getByRole('button', { name: "Comments on Bruno Bistro's status, 1" }),
    ).toBeVisible();
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['POST', '/api/statuses/8/like'],
      ['DELETE', '/api/statuses/8/comments/2'],
    ]);
  });

  it('shares a status without a check-in: listed under All and Statuses, not Check-ins; a refused one says why', async () => {
    const posts: FetchCall[] = [];
    let answer: 'ok' | 'refuse' = 'ok';
    server((call) => {
      if (call.url.startsWith('/api/activity/feed'))
        return jsonResponse({
          items: [item('checkin-2', 'checkin', carla, 3, 7, 'Old Oak')],
          nextCursor: null,
        });
      if (call.method === 'GET' && call.url === '/api/statuses')
        return jsonResponse([
          {
            id: 8,
            user: bruno,
            text: 'Anyone up for tacos?',
            createdAt: new Date(Date.now() - HOUR).toISOString(),
            reactions: { likeCount: 0, likedByMe: false, commentCount: 0 },
          },
        ]);
      if (call.method === 'POST' && call.url === '/api/statuses') {
        posts.push(call);
        if (answer === 'refuse')
          return jsonResponse({ statusCode: 400, message: 'Statuses must be at most 140 characters' }, 400);
        return jsonResponse(
          {
            id: 9,
            user: { id: 1, username: 'alice', name: 'Alice', profilePicture: null },
            text: 'Craving dumplings',
            createdAt: new Date().toISOString(),
            reactions: { likeCount: 0, likedByMe: false, commentCount: 0 },
          },
          201,
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/?tab=checkins');
    const statusLines = () =>
      within(screen.getByRole('list', { name: 'Bud statuses' }))
        .getAllByRole('listitem')
        .map((row) => [
          row.querySelector('.feed-item__line')?.textContent?.replace(/\s+/g, ' ').trim(),
          row.querySelector('.feed-item__message')?.textContent,
        ]);
    await screen.findByRole('list', { name: 'Bud statuses' });
    expect(statusLines()).toEqual([['Bruno Bistro shared a status', 'Anyone up for tacos?']]);

    const field = screen.getByRole('textbox', { name: 'Share a status' });
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
    await user.type(field, '  Craving dumplings ');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Status shared')).toBeVisible();
    expect(field).toHaveValue('');
    expect(statusLines()).toEqual([
      ['Alice shared a status', 'Craving dumplings'],
      ['Bruno Bistro shared a status', 'Anyone up for tacos?'],
    ]);
    expect(posts.map((call) => call.init.body)).toEqual([JSON.stringify({ text: 'Craving dumplings' })]);

    await user.click(screen.getByRole('button', { name: 'Check-ins' }));
    expect(screen.queryByRole('list', { name: 'Bud statuses' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Bud check-ins' })).toHaveTextContent('Old Oak');
    await user.click(screen.getByRole('button', { name: 'Statuses' }));
    expect(screen.getByRole('list', { name: 'Bud statuses' })).toBeVisible();

    answer = 'refuse';
    await user.type(field, 'far too long');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Status not shared')).toBeVisible();
    expect(screen.getByText('Statuses must be at most 140 characters')).toBeVisible();
    expect(field).toHaveValue('far too long');
  });
});

describe('FeedScreen (first paint, issue 28)', () => {
  it('does not build the list in the task that delivers the feed: React renders it in a transition', async () => {
    let queryClient: QueryClient | null = null;
    const watch = watchAnswerDelivery(
      answerArrived(
        () => queryClient,
        (data) => data !== undefined,
        { queryKey: feedQueryKey('') },
      ),
      () => screen.queryByRole('list', { name: 'Bud activity' }) !== null,
    );
    try {
      server((call) => (call.url.startsWith('/api/activity/feed') ? jsonResponse(PAGE_1) : undefined));
      ({ queryClient } = renderAt());
      expect(await screen.findByRole('list', { name: 'Bud activity' })).toBeVisible();
      expect(watch.seen).toEqual([false]);
    } finally {
      watch.restore();
    }
  });
});
