import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  ActivityResponse,
  CheckInCommentDto,
  CheckInDto,
  CheckInLikeDto,
  CurrentCheckInDto,
  CurrentUserDto,
  FeedItemDto,
  FeedPageDto,
  LiveHotspotDto,
  RankedRestaurantDto,
  RecommendationDto,
  RegisterRequest,
  RestaurantSearchItemDto,
  ReviewDto,
  StatusDto,
  StoryDto,
  TasteMatchDto,
  UnreviewedVisitDto,
} from '@dinebuds/contracts';
import { TEST_AMQP_URL, createTestDatabase, eventually, query } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { createTestVhost, removeDataDir, startAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Secret#123';

interface Bud {
  id: number;
  username: string;
  client: ApiClient;
}

/** The places of the scenario: three in New York, three in Chicago, one a stranger reviewed. */
const PLACES = {
  joes: {
    restaurantName: "Joe's Pizza",
    address: '7 Carmine St, New York, NY 10014',
    latitude: 40.7306,
    longitude: -74.0021,
  },
  katz: {
    restaurantName: "Katz's Delicatessen",
    address: '205 E Houston St, New York, NY 10002',
    latitude: 40.7222,
    longitude: -73.9874,
  },
  nakazawa: {
    restaurantName: 'Sushi Nakazawa',
    address: '23 Commerce St, New York, NY 10014',
    latitude: 40.7317,
    longitude: -74.0047,
  },
  lou: { restaurantName: "Lou Malnati's Pizzeria", address: '439 N Wells St, Chicago, IL 60654' },
  alinea: { restaurantName: 'Alinea', address: '1723 N Halsted St, Chicago, IL 60614' },
  cheval: { restaurantName: 'Au Cheval', address: '800 W Randolph St, Chicago, IL 60607' },
  pizaPlace: { restaurantName: 'Piza Place', address: '1 Main St, Chicago, IL 60601' },
} as const;
type Place = keyof typeof PLACES;

/**
 * Discovery through the gateway (all-in-one on real PostgreSQL and RabbitMQ): Ann follows Ben and
 * Cal, who review places in New York and Chicago. Ann's ranked lists (ranks, means, counts, the
 * "why"), taste match, search, recommendations and feed are checked exactly; then an unfollow, a
 * private account (counted only once Ann is approved) and a block change them. Bad input to every
 * route gets a 4xx with a sentence.
 */
describe('discovery API through the gateway', () => {
  let baseUrl: string;
  let databaseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let ann: Bud;
  let ben: Bud;
  let cal: Bud;
  let pia: Bud; // private
  let dan: Bud; // blocks Ann later
  let sam: Bud; // a stranger
  const ids = {} as Record<Place, number>;

  async function bud(prefix: string, extra: Partial<RegisterRequest> = {}): Promise<Bud> {
    const client = new ApiClient(baseUrl);
    const username = uniqueUsername(prefix);
    const res = await client.post<CurrentUserDto>('/api/register', {
      username,
      password: PASSWORD,
      name: `${prefix} tester`,
      ...extra,
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    await eventually(
      async () =>
        (
          await query(
            databaseUrl,
            'SELECT 1 FROM reviews.users WHERE id = $1 UNION ALL SELECT 1 FROM social.users WHERE id = $1',
            [id],
          )
        ).length === 2,
      20_000,
    );
    return { id, username, client };
  }

  async function review(who: Bud, place: Place, rating: number): Promise<ReviewDto> {
    const res = await who.client.post<ReviewDto>('/api/reviews', { ...PLACES[place], rating });
    expect(res.status).toBe(201);
    ids[place] = res.body.restaurantId;
    return res.body;
  }

  const followRow = async (from: Bud, to: Bud) =>
    (
      await query(databaseUrl, 'SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2', [
        from.id,
        to.id,
      ])
    ).length === 1;

  async function follow(from: Bud, to: Bud): Promise<void> {
    expect((await from.client.post(`/api/users/${from.id}/follow/${to.id}`)).status).toBe(200);
    await eventually(() => followRow(from, to), 20_000);
  }

  async function ranked(who: Bud, search: string): Promise<RankedRestaurantDto[]> {
    const res = await who.client.get<RankedRestaurantDto[]>(`/api/restaurants/ranked?${search}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  /** id, rank, rating, friendReviewCount and colour of each entry. */
  const summary = (list: RankedRestaurantDto[]) =>
    list.map((r) => [r.id, r.rank, r.rating, r.friendReviewCount, r.colorRating]);

  async function feed(who: Bud, search = ''): Promise<FeedPageDto> {
    const res = await who.client.get<FeedPageDto>(`/api/activity/feed${search}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    const database = await createTestDatabase('api_discovery');
    const vhost = createTestVhost(TEST_AMQP_URL, 'api_discovery');
    const system = await startAllInOneSystem({ databaseUrl: database.url, amqpUrl: vhost.url });
    baseUrl = system.baseUrl;
    databaseUrl = database.url;
    stop = async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      await database.drop();
      vhost.drop();
    };
    anonymous = new ApiClient(baseUrl);
    ann = await bud('ann', { flavorBuds: ['pizza'] });
    ben = await bud('ben');
    cal = await bud('cal');
    pia = await bud('pia', { isPrivate: true });
    dan = await bud('dan');
    sam = await bud('sam');
    // In this order, so the feed's newest-first order is known.
    await review(ben, 'joes', 5);
    await review(ben, 'katz', 3);
    await review(ben, 'lou', 4);
    await review(ben, 'cheval', 5);
    await review(cal, 'joes', 4);
    await review(cal, 'nakazawa', 5);
    await review(cal, 'alinea', 2);
    await review(cal, 'cheval', 1);
    await review(ann, 'katz', 4);
    await review(ann, 'lou', 4);
    await review(ann, 'cheval', 5);
    await review(sam, 'pizaPlace', 5);
    await review(pia, 'katz', 1);
    await review(dan, 'joes', 1);
    await follow(ann, ben);
    await follow(ann, cal);
  }, 240_000);

  afterAll(async () => {
    await stop?.();
  });

  describe('GET /api/restaurants/ranked', () => {
    it("ranks New York by the mean of the buds' ratings, any spelling of the city (nyc, NEW YORK, new york city)", async () => {
      const expected = [
        [ids.nakazawa, 1, 5, 1, 'green'],
        [ids.joes, 2, 4.5, 2, 'light-green'],
        [ids.katz, 3, 3, 1, 'light-green'],
      ];
      for (const city of ['nyc', 'NEW%20YORK', 'new%20york%20city', '%20New%20York%20'])
        expect(summary(await ranked(ann, `city=${city}`))).toEqual(expected);
    });

    it('each entry carries its why: the buds who reviewed it, their stars, dates and taste match, and the computation', async () => {
      const [, joes] = await ranked(ann, 'city=nyc');
      expect(joes).toMatchObject({
        name: "Joe's Pizza",
        city: 'New York',
        latitude: 40.7306,
        longitude: -74.0021,
      });
      expect(
        joes.budReviews.map((r) => [r.user.id, r.user.username, r.rating, r.tasteMatch, r.weight]),
      ).toEqual([
        [cal.id, cal.username, 4, null, 1],
        [ben.id, ben.username, 5, 92, 1],
      ]);
      expect(joes.budReviews[0].user.name).toBe('cal tester');
      expect(Date.parse(joes.budReviews[0].reviewedAt)).toBeGreaterThan(
        Date.parse(joes.budReviews[1].reviewedAt),
      );
      expect(joes.why).toEqual({
        sort: 'top-rated',
        ratingFormula: 'mean',
        exactRating: 4.5,
        weightTotal: 2,
        orderedBy: ['rating desc', 'friendReviewCount desc', 'latestReviewAt desc', 'id asc'],
        distanceKm: null,
        outOf: 3,
        summary: "#2 of 3 in New York by top rated: mean of 2 buds' ratings (4, 5) = 4.5",
      });
    });

    it('sends the stored gzip to a client that accepts gzip, the same answer as text to one that does not', async () => {
      const text = await ann.client.request<RankedRestaurantDto[]>(
        'GET',
        '/api/restaurants/ranked?city=nyc',
        undefined,
        {
          headers: { 'accept-encoding': 'identity' },
        },
      );
      expect(text.headers.get('content-encoding')).toBeNull();
      expect(text.body.length).toBe(3);
      // fetch unpacks what it is sent; the header says which form came.
      for (const [path, accept] of [
        ['/api/restaurants/ranked?city=nyc', 'gzip'],
        ['/api/restaurants/ranked?city=nyc', 'br;q=1, gzip;q=0.8'],
        ['/api/activity/feed', 'gzip, deflate'],
      ]) {
        const gzip = await ann.client.request('GET', path, undefined, {
          headers: { 'accept-encoding': accept },
        });
        expect([gzip.status, gzip.headers.get('content-encoding'), gzip.headers.get('vary')]).toEqual([
          200,
          'gzip',
          'Accept-Encoding',
        ]);
        expect(gzip.headers.get('content-type')).toBe('application/json; charset=utf-8');
      }
      const gzip = await ann.client.request('GET', '/api/restaurants/ranked?city=nyc', undefined, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.body).toEqual(text.body);
      const refused = await ann.client.request('GET', '/api/restaurants/ranked?city=nyc', undefined, {
        headers: { 'accept-encoding': 'gzip;q=0, identity' },
      });
      expect(refused.headers.get('content-encoding')).toBeNull();
      expect(refused.body).toEqual(text.body);
    });

    it('ranks Chicago apart from New York; strangers (Sam) and people not followed never count', async () => {
      expect(summary(await ranked(ann, 'city=chicago'))).toEqual([
        [ids.lou, 1, 4, 1, 'green'],
        [ids.cheval, 2, 3, 2, 'light-green'],
        [ids.alinea, 3, 2, 1, 'light-green'],
      ]);
      expect(await ranked(ann, 'city=Boston')).toEqual([]);
      expect(await ranked(ann, 'city=Atlantis')).toEqual([]);
      // Sam follows nobody: nothing is ranked for him.
      expect(await ranked(sam, 'city=chicago')).toEqual([]);
    });

    it('sorts: most visited, near you (from lat/lng) and buds like me (weighted by taste match)', async () => {
      expect((await ranked(ann, 'city=nyc&sort=most-visited')).map((r) => r.id)).toEqual([
        ids.joes,
        ids.nakazawa,
        ids.katz,
      ]);
      const near = await ranked(ann, 'city=nyc&sort=near-you&lat=40.7222&lng=-73.9874');
      expect(near.map((r) => r.id)).toEqual([ids.katz, ids.joes, ids.nakazawa]);
      expect(near[0].why.distanceKm).toBe(0);
      expect(near[1].why.distanceKm).toBeGreaterThan(1);
      // Ben matches Ann's taste at 92%, Cal has too few shared places (weight 0.5):
      // Au Cheval (5×0.92 + 1×0.5) / 1.42 = 3.592.
      const likeMe = await ranked(ann, 'city=chicago&sort=buds-like-me');
      expect(summary(likeMe)).toEqual([
        [ids.lou, 1, 4, 1, 'green'],
        [ids.cheval, 2, 3.6, 2, 'light-green'],
        [ids.alinea, 3, 2, 1, 'light-green'],
      ]);
      expect(likeMe[1].why).toMatchObject({
        ratingFormula: 'taste-weighted-mean',
        exactRating: 3.592,
        weightTotal: 1.42,
      });
      expect(likeMe[1].budReviews.map((r) => [r.user.id, r.weight])).toEqual([
        [cal.id, 0.5],
        [ben.id, 0.92],
      ]);
    });
  });

  describe('GET /api/users/{id}/taste-match', () => {
    it('compares the places both reviewed: Ben 92% (3 shared, 1/3 star apart); Cal null (1 shared)', async () => {
      expect((await ann.client.get<TasteMatchDto>(`/api/users/${ben.id}/taste-match`)).body).toEqual({
        userId: ben.id,
        tasteMatch: 92,
        sharedRestaurants: 3,
        minimumShared: 3,
        meanStarDifference: 0.333,
      });
      expect((await ann.client.get<TasteMatchDto>(`/api/users/${cal.id}/taste-match`)).body).toEqual({
        userId: cal.id,
        tasteMatch: null,
        sharedRestaurants: 1,
        minimumShared: 3,
        meanStarDifference: 4,
      });
    });

    it('refuses yourself (400), someone unknown (404), a private profile you do not follow (403), anonymous (401)', async () => {
      const self = await ann.client.get(`/api/users/${ann.id}/taste-match`);
      expect(self.status).toBe(400);
      expect(self.body).toMatchObject({ message: 'Taste match compares you with someone else' });
      expect((await ann.client.get('/api/users/99999999/taste-match')).status).toBe(404);
      const hidden = await ann.client.get(`/api/users/${pia.id}/taste-match`);
      expect(hidden.status).toBe(403);
      expect(hidden.body).toMatchObject({ message: 'This profile is private' });
      expect((await ann.client.get('/api/users/abc/taste-match')).status).toBe(400);
      expect((await anonymous.get(`/api/users/${ben.id}/taste-match`)).status).toBe(401);
    });
  });

  describe('GET /api/restaurants/search', () => {
    it("finds by name with a typo, your buds' favourites before a closer match", async () => {
      const res = await ann.client.get<RestaurantSearchItemDto[]>('/api/restaurants/search?q=piza');
      expect(res.status).toBe(200);
      const found = res.body.map((r) => r.id);
      expect(found[0]).toBe(ids.joes);
      expect(found).toContain(ids.pizaPlace);
      const joes = res.body[0];
      const piza = res.body.find((r) => r.id === ids.pizaPlace)!;
      expect(joes).toMatchObject({
        budReviewCount: 2,
        budAverageRating: 4.5,
        budFavoriteCount: 2,
        totalReviews: 3,
      });
      expect(piza).toMatchObject({
        budReviewCount: 0,
        budAverageRating: null,
        budFavoriteCount: 0,
        averageRating: 5,
      });
      expect(piza.matchScore).toBeGreaterThan(joes.matchScore);
      expect(found.indexOf(ids.pizaPlace)).toBeGreaterThan(0);
    });

    it('finds by address words and misspelt names; the count is bounded by limit', async () => {
      const byAddress = await ann.client.get<RestaurantSearchItemDto[]>('/api/restaurants/search?q=carmine');
      expect(byAddress.body.map((r) => r.id)).toEqual([ids.joes]);
      const misspelt = await ann.client.get<RestaurantSearchItemDto[]>('/api/restaurants/search?q=nakazwa');
      expect(misspelt.body.map((r) => r.id)).toEqual([ids.nakazawa]);
      const one = await ann.client.get<RestaurantSearchItemDto[]>(
        '/api/restaurants/search?q=chicago&limit=1',
      );
      expect(one.body).toHaveLength(1);
      const none = await ann.client.get<RestaurantSearchItemDto[]>('/api/restaurants/search?q=zzzzqqq');
      expect(none.body).toEqual([]);
      const wild = await ann.client.get<RestaurantSearchItemDto[]>('/api/restaurants/search?q=%25%25');
      expect(wild.status).toBe(200);
      expect(wild.body).toEqual([]);
    });
  });

  describe('GET /api/recommendations', () => {
    it('scores places Ann has not reviewed from her buds, her pizza badge and her cities; six at most', async () => {
      const res = await ann.client.get<RecommendationDto[]>('/api/recommendations');
      expect(res.status).toBe(200);
      expect(res.body.map((r) => [r.id, r.score, r.reasons])).toEqual([
        [ids.joes, 5.45, ['buds', 'flavor:pizza', 'city:new york']],
        [ids.nakazawa, 5.35, ['buds', 'city:new york']],
        [ids.pizaPlace, 5.25, ['city:chicago']],
        [ids.alinea, 2.35, ['buds', 'city:chicago']],
      ]);
      expect(res.body[0]).toMatchObject({
        budReviewCount: 2,
        budAverageRating: 4.5,
        averageRating: 3.3,
        totalReviews: 3,
      });
      for (const reviewed of [ids.katz, ids.lou, ids.cheval])
        expect(res.body.map((r) => r.id)).not.toContain(reviewed);
    });

    it('filters by location text (the address or the city, any case)', async () => {
      const chicago = await ann.client.get<RecommendationDto[]>('/api/recommendations?location=CHICAGO');
      expect(chicago.body.map((r) => r.id)).toEqual([ids.pizaPlace, ids.alinea]);
      const street = await ann.client.get<RecommendationDto[]>('/api/recommendations?location=carmine');
      expect(street.body.map((r) => r.id)).toEqual([ids.joes]);
      const none = await ann.client.get<RecommendationDto[]>('/api/recommendations?location=%3Cb%3Enowhere');
      expect(none.status).toBe(200);
      expect(none.body).toEqual([]);
    });
  });

  describe('GET /api/activity/feed', () => {
    it("the buds' reviews and saves newest first, with who and where", async () => {
      expect((await ben.client.post(`/api/restaurants/${ids.nakazawa}/toggle-save`)).status).toBe(200);
      const page = await feed(ann);
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((i) => [i.type, i.user.id, i.restaurantId])).toEqual([
        ['save', ben.id, ids.nakazawa],
        ['review', cal.id, ids.cheval],
        ['review', cal.id, ids.alinea],
        ['review', cal.id, ids.nakazawa],
        ['review', cal.id, ids.joes],
        ['review', ben.id, ids.cheval],
        ['review', ben.id, ids.lou],
        ['review', ben.id, ids.katz],
        ['review', ben.id, ids.joes],
      ]);
      expect(page.items[1]).toMatchObject({ rating: 1, restaurant: { name: 'Au Cheval', city: 'Chicago' } });
      expect(page.items[1].user.username).toBe(cal.username);
    });

    it('filters by city (aliases too) and pages by cursor without gaps or repeats', async () => {
      const chicago = await feed(ann, '?city=Chicago');
      expect(chicago.items.map((i) => i.restaurantId)).toEqual([ids.cheval, ids.alinea, ids.cheval, ids.lou]);
      const all = (await feed(ann)).items.map((i) => i.id);
      const paged: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: FeedPageDto = await feed(ann, `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        paged.push(...page.items.map((i: FeedItemDto) => i.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(paged).toEqual(all);
      expect((await feed(ann, '?city=nyc')).items.map((i) => i.restaurantId)).toEqual([
        ids.nakazawa,
        ids.nakazawa,
        ids.joes,
        ids.katz,
        ids.joes,
      ]);
    });

    it("a bud's status joins the feed newest first with no restaurant, is paged once and left out by a city filter", async () => {
      const before = (await feed(ann)).items.map((i) => i.id);
      const posted = await cal.client.post<StatusDto>('/api/statuses', { text: '  Brunch anyone?  ' });
      expect(posted.status).toBe(201);
      const page = await feed(ann);
      expect(page.items[0]).toEqual({
        id: `status-${posted.body.id}`,
        type: 'status',
        user: { id: cal.id, username: cal.username, name: 'cal tester', profilePicture: null },
        restaurantId: null,
        restaurant: null,
        createdAt: posted.body.createdAt,
        rating: null,
        message: 'Brunch anyone?',
        reactions: { likeCount: 0, likedByMe: false, commentCount: 0 },
      });
      expect(page.items.slice(1).map((i) => i.id)).toEqual(before);
      // One item a page: the status first, then on the next page what came before it, no repeat.
      const first = await feed(ann, '?limit=1');
      expect(first.items.map((i) => i.id)).toEqual([`status-${posted.body.id}`]);
      const second = await feed(ann, `?limit=1&cursor=${first.nextCursor}`);
      expect(second.items.map((i) => i.id)).toEqual([before[0]]);
      // A status has no place, so no city: a city filter leaves it out.
      expect((await feed(ann, '?city=Chicago')).items.map((i) => i.type)).not.toContain('status');
      // Only the people I follow: Sam follows nobody, and Cal's own feed lists his buds' activity.
      expect((await feed(sam)).items).toEqual([]);
      expect((await feed(cal)).items.map((i) => i.id)).not.toContain(`status-${posted.body.id}`);
    });
  });

  describe('check-ins and live hotspots', () => {
    const checkIn = (who: Bud, body: unknown) => who.client.post<CheckInDto>('/api/check-ins', body);
    let benFirstCheckIn: number;

    it('checks in with a status, one open check-in per person; hotspots show buds and how busy', async () => {
      const first = await checkIn(ben, { restaurantId: ids.joes, status: '  Slice time  ' });
      expect(first.status).toBe(201);
      benFirstCheckIn = first.body.id;
      expect(first.body).toMatchObject({
        userId: ben.id,
        restaurantId: ids.joes,
        restaurant: { name: "Joe's Pizza" },
        status: 'Slice time',
        checkedOutAt: null,
        isActive: true,
      });
      expect(Date.parse(first.body.closesAt) - Date.parse(first.body.checkedInAt)).toBe(4 * 60 * 60 * 1000);
      expect((await ben.client.get<CurrentCheckInDto>('/api/check-ins/current')).body.checkIn?.id).toBe(
        first.body.id,
      );
      expect((await checkIn(cal, { restaurantId: ids.joes })).status).toBe(201);
      expect((await checkIn(sam, { restaurantId: ids.joes, status: '' })).body.status).toBeNull();
      let spots = (await ann.client.get<LiveHotspotDto[]>('/api/live-hotspots')).body;
      expect(
        spots.map((h) => [
          h.id,
          h.checkedInFriends.map((f) => f.user.id),
          h.checkedInNow,
          h.checkInsLastHour,
        ]),
      ).toEqual([[ids.joes, [cal.id, ben.id], 3, 3]]);
      expect(spots[0].checkedInFriends[1]).toMatchObject({
        status: 'Slice time',
        user: { username: ben.username },
      });
      // Ben moves on: his check-in at Joe's ends, one open check-in per person.
      const second = await checkIn(ben, { restaurantId: ids.nakazawa });
      expect(second.status).toBe(201);
      const rows = await query<{ active: string }>(
        databaseUrl,
        'SELECT COUNT(*) FILTER (WHERE is_active) AS active FROM reviews.check_ins WHERE user_id = $1',
        [ben.id],
      );
      expect(rows[0].active).toBe('1');
      spots = (await ann.client.get<LiveHotspotDto[]>('/api/live-hotspots')).body;
      expect(
        spots.map((h) => [
          h.id,
          h.checkedInFriends.map((f) => f.user.id),
          h.checkedInNow,
          h.checkInsLastHour,
        ]),
      ).toEqual([
        [ids.joes, [cal.id], 2, 3],
        [ids.nakazawa, [ben.id], 1, 1],
      ]);
      // Strangers' check-ins count for how busy, never as people: Sam sees no hotspot.
      expect((await sam.client.get<LiveHotspotDto[]>('/api/live-hotspots')).body).toEqual([]);
      const checkIns = (await feed(ann)).items.filter((i) => i.type === 'checkin');
      expect(checkIns.map((i) => [i.user.id, i.restaurantId, i.message])).toEqual([
        [ben.id, ids.nakazawa, null],
        [cal.id, ids.joes, null],
        [ben.id, ids.joes, 'Slice time'],
      ]);
      const events = await query<{ type: string }>(
        databaseUrl,
        "SELECT type FROM reviews.outbox WHERE type LIKE 'reviews.checkin.%' ORDER BY seq",
      );
      expect(events.map((e) => e.type)).toEqual([
        'reviews.checkin.started',
        'reviews.checkin.started',
        'reviews.checkin.started',
        'reviews.checkin.ended',
        'reviews.checkin.started',
      ]);
    });

    it('checks out once; then there is nothing to check out', async () => {
      const out = await ben.client.post<CheckInDto>('/api/check-ins/check-out');
      expect(out.status).toBe(200);
      expect(out.body).toMatchObject({ restaurantId: ids.nakazawa, isActive: false });
      expect(out.body.checkedOutAt).not.toBeNull();
      const again = await ben.client.post('/api/check-ins/check-out');
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ message: 'You are not checked in anywhere' });
      expect((await ben.client.get<CurrentCheckInDto>('/api/check-ins/current')).body).toEqual({
        checkIn: null,
      });
      expect((await ann.client.get<LiveHotspotDto[]>('/api/live-hotspots')).body.map((h) => h.id)).toEqual([
        ids.joes,
      ]);
    });

    it('"How was it?": ended check-ins at places not reviewed since; a review clears one', async () => {
      const ben1 = await ben.client.get<UnreviewedVisitDto[]>('/api/check-ins/unreviewed');
      expect(ben1.body.map((v) => [v.restaurantId, v.restaurant.name])).toEqual([
        [ids.nakazawa, 'Sushi Nakazawa'],
        [ids.joes, "Joe's Pizza"],
      ]);
      expect(ben1.body.every((v) => v.checkedOutAt !== null)).toBe(true);
      // Sam is still checked in: nothing to ask yet.
      expect((await sam.client.get<UnreviewedVisitDto[]>('/api/check-ins/unreviewed')).body).toEqual([]);
      expect((await sam.client.post('/api/check-ins/check-out')).status).toBe(200);
      expect(
        (await sam.client.get<UnreviewedVisitDto[]>('/api/check-ins/unreviewed')).body.map(
          (v) => v.restaurantId,
        ),
      ).toEqual([ids.joes]);
      await review(sam, 'joes', 4);
      expect((await sam.client.get<UnreviewedVisitDto[]>('/api/check-ins/unreviewed')).body).toEqual([]);
    });

    it('the stories strip: buds active in the last 24 hours, latest first; the profile counts statuses', async () => {
      const stories = await ann.client.get<StoryDto[]>('/api/activity/stories');
      expect(stories.status).toBe(200);
      expect(stories.body.map((st) => [st.user.id, st.reviews, st.checkIns])).toEqual([
        [ben.id, 4, 2],
        [cal.id, 4, 1],
      ]);
      expect((await sam.client.get<StoryDto[]>('/api/activity/stories')).body).toEqual([]);
      const activity = await anonymous.get<ActivityResponse>(`/api/activity?userId=${ben.id}`);
      expect(activity.body.counts).toMatchObject({ reviews: 4, checkins: 2, saves: 1, statuses: 1 });
    });

    it('refuses bad check-ins with a sentence and stores nothing', async () => {
      const before = await query(databaseUrl, 'SELECT COUNT(*) AS n FROM reviews.check_ins');
      const cases: [unknown, number, string][] = [
        [{}, 400, 'restaurantId is required'],
        [{ restaurantId: 'x' }, 400, ''],
        [{ restaurantId: ids.joes, status: 'x'.repeat(141) }, 400, 'Status must be at most 140 characters'],
        [{ restaurantId: ids.joes, status: 'a\u0007b' }, 400, 'Text cannot contain control characters'],
        [{ restaurantId: ids.joes, status: 5 }, 400, 'Status must be text'],
        [{ restaurantId: 99999999 }, 404, 'Restaurant not found'],
      ];
      for (const [body, status, message] of cases) {
        const res = await checkIn(ann, body);
        expect([JSON.stringify(body).slice(0, 40), res.status]).toEqual([
          JSON.stringify(body).slice(0, 40),
          status,
        ]);
        if (message) expect((res.body as unknown as { message: string }).message).toBe(message);
      }
      expect(await query(databaseUrl, 'SELECT COUNT(*) AS n FROM reviews.check_ins')).toEqual(before);
    });

    it('likes (toggle, count) and comments on a check-in, shown on its feed item; private ones refused', async () => {
      const id = benFirstCheckIn;
      const like = (who: Bud) => who.client.post<CheckInLikeDto>(`/api/check-ins/${id}/like`);
      expect((await like(ann)).body).toEqual({ checkInId: id, liked: true, likeCount: 1 });
      expect((await like(cal)).body).toEqual({ checkInId: id, liked: true, likeCount: 2 });
      const undone = await like(ann);
      expect(undone.status).toBe(200);
      expect(undone.body).toEqual({ checkInId: id, liked: false, likeCount: 1 });
      const written = await ann.client.post<CheckInCommentDto>(`/api/check-ins/${id}/comments`, {
        text: '  <b>Save me a slice</b>\nor two  ',
      });
      expect(written.status).toBe(201);
      expect(written.body).toMatchObject({
        checkInId: id,
        user: { id: ann.id, username: ann.username },
        text: '<b>Save me a slice</b>\nor two',
      });
      const listed = await ben.client.get<CheckInCommentDto[]>(`/api/check-ins/${id}/comments`);
      expect(listed.body).toEqual([written.body]);
      const item = (await feed(ann)).items.find((i) => i.id === `checkin-${id}`)!;
      expect(item.reactions).toEqual({ likeCount: 1, likedByMe: false, commentCount: 1 });
      expect((await like(ann)).body).toEqual({ checkInId: id, liked: true, likeCount: 2 });
      expect((await feed(ann)).items.find((i) => i.id === `checkin-${id}`)?.reactions).toEqual({
        likeCount: 2,
        likedByMe: true,
        commentCount: 1,
      });
      expect((await feed(ann)).items.find((i) => i.type === 'review')?.reactions).toBeNull();
      const events = await query<{ type: string }>(
        databaseUrl,
        "SELECT type FROM reviews.outbox WHERE type IN ('reviews.checkin.liked', 'reviews.checkin.unliked', 'reviews.checkin.commented') ORDER BY seq",
      );
      expect(events.map((e) => e.type)).toEqual([
        'reviews.checkin.liked',
        'reviews.checkin.liked',
        'reviews.checkin.unliked',
        'reviews.checkin.commented',
        'reviews.checkin.liked',
      ]);
      // Pia is private and Ann does not follow her (yet): 403, nothing stored.
      const piaCheckIn = (await checkIn(pia, { restaurantId: ids.katz })).body.id;
      for (const res of [
        await ann.client.post(`/api/check-ins/${piaCheckIn}/like`),
        await ann.client.get(`/api/check-ins/${piaCheckIn}/comments`),
        await ann.client.post(`/api/check-ins/${piaCheckIn}/comments`, { text: 'hi' }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ message: 'This profile is private' });
      }
      const cases: [string, unknown, number, string][] = [
        [`/api/check-ins/${id}/comments`, {}, 400, 'Write a comment first'],
        [`/api/check-ins/${id}/comments`, { text: '   ' }, 400, 'Write a comment first'],
        [
          `/api/check-ins/${id}/comments`,
          { text: 'x'.repeat(501) },
          400,
          'Comments must be at most 500 characters',
        ],
        [
          `/api/check-ins/${id}/comments`,
          { text: 'a\u0007b' },
          400,
          'Text cannot contain control characters',
        ],
        ['/api/check-ins/abc/comments', { text: 'hi' }, 400, ''],
        ['/api/check-ins/99999999/comments', { text: 'hi' }, 404, 'Check-in not found'],
        ['/api/check-ins/99999999/like', undefined, 404, 'Check-in not found'],
        ['/api/check-ins/0/like', undefined, 400, ''],
      ];
      for (const [path, body, status, message] of cases) {
        const res = await ann.client.post<{ message: string }>(path, body);
        expect([path, res.status]).toEqual([path, status]);
        if (message) expect(res.body.message).toBe(message);
      }
      const stored = await query<{ likes: string; comments: string }>(
        databaseUrl,
        'SELECT (SELECT COUNT(*) FROM reviews.check_in_likes) AS likes, (SELECT COUNT(*) FROM reviews.check_in_comments) AS comments',
      );
      expect(stored[0]).toEqual({ likes: '2', comments: '1' });
    });
  });

  describe('changes to whom Ann follows', () => {
    it("a private account's reviews count only once Ann is an approved follower", async () => {
      const piaStatus = (await pia.client.post<StatusDto>('/api/statuses', { text: 'Private thoughts' }))
        .body;
      expect((await ann.client.post(`/api/users/${ann.id}/follow/${pia.id}`)).status).toBe(200);
      // Requested, not approved: her status is not in Ann's feed, and Ann may not react to it.
      expect((await feed(ann)).items.map((i) => i.id)).not.toContain(`status-${piaStatus.id}`);
      const refused = await ann.client.post(`/api/statuses/${piaStatus.id}/like`);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ message: 'This profile is private' });
      // Requested, not approved: Katz's stays at Ben's 3.
      expect(summary(await ranked(ann, 'city=nyc')).find((r) => r[0] === ids.katz)).toEqual([
        ids.katz,
        3,
        3,
        1,
        'light-green',
      ]);
      expect((await pia.client.post(`/api/users/${pia.id}/accept-request/${ann.id}`)).status).toBe(200);
      await eventually(() => followRow(ann, pia), 20_000);
      const list = await ranked(ann, 'city=nyc');
      expect(summary(list)).toEqual([
        [ids.nakazawa, 1, 5, 1, 'green'],
        [ids.joes, 2, 4.5, 2, 'light-green'],
        [ids.katz, 3, 2, 2, 'light-green'],
      ]);
      expect(list[2].budReviews.map((r) => r.user.id)).toEqual([pia.id, ben.id]);
      // Approved: her status is in Ann's feed, newest first.
      expect((await feed(ann)).items[0]).toMatchObject({
        id: `status-${piaStatus.id}`,
        type: 'status',
        message: 'Private thoughts',
      });
      expect(
        (await feed(ann)).items.filter((i) => i.user.id === pia.id && i.type === 'review'),
      ).toMatchObject([{ type: 'review', restaurantId: ids.katz }]);
      // Ben does not follow Pia: her review is nowhere in his view.
      expect((await feed(ben)).items.map((i) => i.user.id)).not.toContain(pia.id);
    });

    it('a blocked person never counts: Dan counted while followed, gone once he blocks Ann', async () => {
      await follow(ann, dan);
      const danStatus = (await dan.client.post<StatusDto>('/api/statuses', { text: 'Dan was here' })).body;
      expect((await feed(ann)).items[0]).toMatchObject({ id: `status-${danStatus.id}`, type: 'status' });
      const withDan = (await ranked(ann, 'city=nyc')).find((r) => r.id === ids.joes)!;
      expect([withDan.rating, withDan.friendReviewCount]).toEqual([3.3, 3]);
      expect((await dan.client.post('/api/users/block', { blockedId: ann.id })).status).toBeLessThan(300);
      await eventually(
        async () =>
          (
            await query(
              databaseUrl,
              'SELECT 1 FROM reviews.blocks WHERE blocker_id = $1 AND blocked_id = $2',
              [dan.id, ann.id],
            )
          ).length === 1,
        20_000,
      );
      await eventually(async () => !(await followRow(ann, dan)), 20_000);
      const joes = (await ranked(ann, 'city=nyc')).find((r) => r.id === ids.joes)!;
      expect([joes.rating, joes.friendReviewCount]).toEqual([4.5, 2]);
      expect((await feed(ann)).items.map((i) => i.user.id)).not.toContain(dan.id);
      // His status too, and Ann may not react to it (404: as if there were none).
      const gone = await ann.client.post<{ message: string }>(`/api/statuses/${danStatus.id}/like`);
      expect([gone.status, gone.body.message]).toEqual([404, 'Status not found']);
      const search = await ann.client.get<RestaurantSearchItemDto[]>('/api/restaurants/search?q=joe');
      expect(search.body[0]).toMatchObject({ id: ids.joes, budReviewCount: 2 });
      expect((await ann.client.get(`/api/users/${dan.id}/taste-match`)).status).toBe(404);
    });

    it('after Ann unfollows Cal, his places leave her ranking and feed', async () => {
      expect((await ann.client.post(`/api/users/${ann.id}/unfollow/${cal.id}`)).status).toBe(200);
      await eventually(async () => !(await followRow(ann, cal)), 20_000);
      expect(summary(await ranked(ann, 'city=nyc'))).toEqual([
        [ids.joes, 1, 5, 1, 'green'],
        [ids.katz, 2, 2, 2, 'light-green'],
      ]);
      expect(summary(await ranked(ann, 'city=chicago'))).toEqual([
        [ids.cheval, 1, 5, 1, 'green'],
        [ids.lou, 2, 4, 1, 'light-green'],
      ]);
      expect((await feed(ann)).items.map((i) => i.user.id)).not.toContain(cal.id);
    });
  });

  describe('bad input and callers', () => {
    it('every route answers 401 without a session', async () => {
      for (const path of [
        '/api/restaurants/ranked?city=nyc',
        '/api/restaurants/search?q=pizza',
        `/api/users/${ben.id}/taste-match`,
        '/api/recommendations',
        '/api/activity/feed',
        '/api/live-hotspots',
        '/api/check-ins/current',
        '/api/check-ins/unreviewed',
        '/api/activity/stories',
      ]) {
        const res = await anonymous.get(path);
        expect([path, res.status]).toEqual([path, 401]);
      }
      for (const path of ['/api/check-ins', '/api/check-ins/check-out']) {
        const res = await anonymous.post(path, { restaurantId: 1 });
        expect([path, res.status]).toEqual([path, 401]);
      }
    });

    it('answers 400 with a sentence the UI can show', async () => {
      const cases: [string, string][] = [
        ['/api/restaurants/ranked', 'Please choose a city'],
        ['/api/restaurants/ranked?city=%20%20', 'Please choose a city'],
        [`/api/restaurants/ranked?city=${'x'.repeat(61)}`, 'City names must be at most 60 characters'],
        ['/api/restaurants/ranked?city=nyc%01', 'City names cannot contain control characters'],
        [
          '/api/restaurants/ranked?city=nyc&sort=best',
          'Sort must be one of top-rated, near-you, most-visited or buds-like-me',
        ],
        ['/api/restaurants/ranked?city=nyc&sort=near-you', 'Near You needs your position (lat and lng)'],
        ['/api/restaurants/ranked?city=nyc&lat=40.7', 'Near You needs your position (lat and lng)'],
        [
          '/api/restaurants/ranked?city=nyc&sort=near-you&lat=abc&lng=1',
          'lat must be a number from -90 to 90',
        ],
        [
          '/api/restaurants/ranked?city=nyc&sort=near-you&lat=91&lng=1',
          'lat must be a number from -90 to 90',
        ],
        [
          '/api/restaurants/ranked?city=nyc&sort=near-you&lat=1&lng=181',
          'lng must be a number from -180 to 180',
        ],
        ['/api/restaurants/search', 'Type at least 2 characters to search'],
        ['/api/restaurants/search?q=a', 'Type at least 2 characters to search'],
        ['/api/restaurants/search?q=%20a%20', 'Type at least 2 characters to search'],
        [`/api/restaurants/search?q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
        ['/api/restaurants/search?q=pizza&limit=0', 'limit must be a whole number from 1 to 25'],
        ['/api/restaurants/search?q=pizza&limit=26', 'limit must be a whole number from 1 to 25'],
        ['/api/restaurants/search?q=pizza&limit=x', 'limit must be a whole number from 1 to 25'],
        [`/api/recommendations?location=${'x'.repeat(101)}`, 'Location must be at most 100 characters'],
        ['/api/activity/feed?cursor=abc', 'This page link is no longer valid; reload the feed'],
        ['/api/activity/feed?cursor=%3Cscript%3E', 'This page link is no longer valid; reload the feed'],
        ['/api/activity/feed?cursor=1_2_0', 'This page link is no longer valid; reload the feed'],
        ['/api/activity/feed?limit=0', 'limit must be a whole number from 1 to 50'],
        ['/api/activity/feed?limit=51', 'limit must be a whole number from 1 to 50'],
        [`/api/activity/feed?city=${'x'.repeat(61)}`, 'City names must be at most 60 characters'],
        ['/api/users/0/taste-match', ''],
      ];
      for (const [path, message] of cases) {
        const res = await ann.client.get<{ statusCode: number; message: string }>(path);
        expect([path, res.status]).toEqual([path, 400]);
        expect(typeof res.body.message).toBe('string');
        if (message) expect([path, res.body.message]).toEqual([path, message]);
      }
    });
  });
});
