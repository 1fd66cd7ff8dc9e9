import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  ActivityResponse,
  CurrentUserDto,
  RegisterRequest,
  RestaurantDetailDto,
  RestaurantListItemDto,
  RestaurantPhotoResponse,
  ReviewDto,
  SavedRestaurantDto,
  UserDto,
} from '@dinebuds/contracts';
import { TEST_AMQP_URL, createTestDatabase, eventually, query } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { createTestVhost, removeDataDir, startAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Secret#123';
const ADMIN_USERNAME = uniqueUsername('boss');
const ADMIN_PASSWORD = 'Admin#Secret1';
/** A 1x1 PNG and a 12-byte JPEG header: real images by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

function photoForm(data: Buffer, field = 'photo', contentType = 'image/png'): { raw: FormData } {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type: contentType }), 'photo.png');
  return { raw: form };
}

interface Bud {
  id: number;
  client: ApiClient;
}

/**
 * The reviews area through the gateway (all-in-one on real PostgreSQL and RabbitMQ): every route
 * for the owner, another user and an anonymous visitor, bad input (4xx with the spec's message,
 * nothing stored), and the profile's reviewCount following reviews through the broker.
 */
describe('reviews API through the gateway', () => {
  let baseUrl: string;
  let databaseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let ann: Bud; // public reviewer
  let bob: Bud; // another user
  let pia: Bud; // private reviewer
  let fay: Bud; // Pia's approved follower
  let annReview: ReviewDto;
  let piaReview: ReviewDto;

  async function bud(prefix: string, extra: Partial<RegisterRequest> = {}): Promise<Bud> {
    const client = new ApiClient(baseUrl);
    const res = await client.post<CurrentUserDto>('/api/register', {
      username: uniqueUsername(prefix),
      password: PASSWORD,
      name: `${prefix} tester`,
      ...extra,
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    // The reviews service knows the user once identity's registration event reached it.
    await eventually(
      async () => (await query(databaseUrl, 'SELECT 1 FROM reviews.users WHERE id = $1', [id])).length === 1,
      20_000,
    );
    return { id, client };
  }

  const reviewRows = async () =>
    Number((await query<{ n: string }>(databaseUrl, 'SELECT COUNT(*) AS n FROM reviews.reviews'))[0].n);

  beforeAll(async () => {
    const database = await createTestDatabase('api_reviews');
    const vhost = createTestVhost(TEST_AMQP_URL, 'api_reviews');
    const system = await startAllInOneSystem({
      databaseUrl: database.url,
      amqpUrl: vhost.url,
      env: { ADMIN_USERNAME, ADMIN_PASSWORD },
    });
    baseUrl = system.baseUrl;
    databaseUrl = database.url;
    stop = async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      await database.drop();
      vhost.drop();
    };
    anonymous = new ApiClient(baseUrl);
    ann = await bud('ann', { cityBuds: ['Chicago'] });
    bob = await bud('bob');
    pia = await bud('pia', { isPrivate: true });
    fay = await bud('fay');
    await fay.client.post(`/api/users/${fay.id}/follow/${pia.id}`);
    expect((await pia.client.post(`/api/users/${pia.id}/accept-request/${fay.id}`)).status).toBe(200);
    await eventually(
      async () =>
        (
          await query(
            databaseUrl,
            'SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2',
            [fay.id, pia.id],
          )
        ).length === 1,
      20_000,
    );
  }, 180_000);

  afterAll(async () => {
    await stop?.();
  });

  describe('POST /api/reviews', () => {
    it('the signed-in author writes a review; its restaurant sits at the city centre, flagged approximate', async () => {
      const res = await ann.client.post<ReviewDto>('/api/reviews', {
        restaurantName: "Lou Malnati's",
        address: '439 N Wells St, Chicago, IL 60654',
        rating: 5,
        notes: 'Cozy and delicious deep dish',
        visitDate: '2024-05-31',
        userId: ann.id,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        userId: ann.id,
        rating: 5,
        notes: 'Cozy and delicious deep dish',
        visitDate: '2024-05-31',
        restaurant: {
          name: "Lou Malnati's",
          city: 'Chicago',
          latitude: 41.8781,
          longitude: -87.6298,
          locationApproximate: true,
        },
      });
      annReview = res.body;
      const pias = await pia.client.post<ReviewDto>('/api/reviews', {
        restaurantName: 'Hidden Gem',
        address: '1 Main St, Boston, MA',
        rating: 4,
        latitude: 42.36,
        longitude: -71.06,
      });
      expect(pias.status).toBe(201);
      expect(pias.body.restaurant).toMatchObject({
        city: 'Boston',
        latitude: 42.36,
        locationApproximate: false,
      });
      piaReview = pias.body;
    });

    it('the same place (another spelling) is the same restaurant', async () => {
      const res = await bob.client.post<ReviewDto>('/api/reviews', {
        restaurantName: 'LOU MALNATIS',
        address: '439 N. Wells St., Chicago, IL 60654',
        rating: 3,
      });
      expect(res.status).toBe(201);
      expect(res.body.restaurantId).toBe(annReview.restaurantId);
    });

    it('first reviews of a new place at once end on one restaurant; coordinates replace the city centre', async () => {
      // Reviewers of their own, so the other tests' counts stay as they are.
      const [gus, ida, jon] = await Promise.all([bud('gus'), bud('ida'), bud('jon')]);
      const place = { restaurantName: 'Twin Noodle', address: '8 Pike St, Seattle, WA', rating: 4 };
      const firsts = await Promise.all(
        [gus, ida, jon].map((who) => who.client.post<ReviewDto>('/api/reviews', place)),
      );
      expect(firsts.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(new Set(firsts.map((r) => r.body.restaurantId)).size).toBe(1);
      expect(firsts[0].body.restaurant.locationApproximate).toBe(true);

      const exact = await ida.client.post<ReviewDto>('/api/reviews', {
        ...place,
        latitude: 47.61,
        longitude: -122.34,
      });
      expect(exact.body.restaurant).toMatchObject({
        id: firsts[0].body.restaurantId,
        latitude: 47.61,
        longitude: -122.34,
        locationApproximate: false,
      });
      // A later review without coordinates keeps the exact position.
      const later = await gus.client.post<ReviewDto>('/api/reviews', place);
      expect(later.body.restaurant).toMatchObject({ latitude: 47.61, locationApproximate: false });
    });

    it('the review count, level and city badge follow through the broker', async () => {
      await eventually(
        async () => (await anonymous.get<UserDto>(`/api/users/${ann.id}`)).body.reviewCount === 1,
        20_000,
      );
      const badges = await anonymous.get<{ city: string; reviewCount: number }[]>(
        `/api/users/${ann.id}/city-badges`,
      );
      expect(badges.body).toEqual([expect.objectContaining({ city: 'chicago', reviewCount: 1 })]);
    });

    it('anonymous: 401; as someone else: 403; bad input: the spec message and nothing stored', async () => {
      const before = await reviewRows();
      const valid = { restaurantName: 'X', address: '1 Main St, Boston', rating: 3 };
      expect((await anonymous.post('/api/reviews', valid)).status).toBe(401);
      expect((await bob.client.post('/api/reviews', { ...valid, userId: ann.id })).body).toMatchObject({
        statusCode: 403,
        message: 'You can only change your own reviews',
      });
      const cases: [unknown, string][] = [
        [{ ...valid, rating: 0 }, 'Rating is required'],
        [{ restaurantName: 'X', address: '1 Main St, Boston' }, 'Rating is required'],
        [{ ...valid, rating: 6 }, 'Rating must be a whole number from 1 to 5'],
        [{ ...valid, rating: 2.5 }, 'Rating must be a whole number from 1 to 5'],
        [{ ...valid, restaurantName: '   ' }, 'Restaurant name is required'],
        [{ ...valid, address: undefined }, 'Address is required'],
        [
          { ...valid, address: '7 Nowhere Road' },
          'We could not tell the city from the address. Add the city, e.g. "12 Main St, Chicago".',
        ],
        [{ ...valid, latitude: 91, longitude: 0 }, 'latitude must be a number from -90 to 90'],
        [{ ...valid, latitude: 40 }, 'Send both latitude and longitude, or neither'],
        [{ ...valid, visitDate: 'yesterday' }, 'visitDate must be a date like 2024-05-31'],
        [{ ...valid, surprise: 1 }, "Unexpected field 'surprise'"],
      ];
      for (const [body, message] of cases) {
        const res = await bob.client.post<{ statusCode: number; message: string }>('/api/reviews', body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({
          body,
          status: 400,
          message,
        });
      }
      expect(await reviewRows()).toBe(before);
    });
  });

  describe('GET /api/reviews?userId=', () => {
    it("a public user's reviews: the owner, another user and anonymous", async () => {
      for (const viewer of [ann.client, bob.client, anonymous]) {
        const res = await viewer.get<ReviewDto[]>(`/api/reviews?userId=${ann.id}`);
        expect(res.status).toBe(200);
        expect(res.body.map((r) => r.id)).toEqual([annReview.id]);
      }
    });

    it("a private user's reviews: the owner and an approved follower; others 403", async () => {
      expect((await pia.client.get<ReviewDto[]>(`/api/reviews?userId=${pia.id}`)).body).toHaveLength(1);
      expect((await fay.client.get<ReviewDto[]>(`/api/reviews?userId=${pia.id}`)).body).toHaveLength(1);
      for (const viewer of [bob.client, anonymous]) {
        const res = await viewer.get<{ message: string }>(`/api/reviews?userId=${pia.id}`);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('This profile is private');
      }
    });

    it('bad and unknown users: 400 / 404', async () => {
      expect((await anonymous.get('/api/reviews?userId=abc')).status).toBe(400);
      expect((await anonymous.get('/api/reviews')).status).toBe(400);
      expect((await anonymous.get('/api/reviews?userId=99999999')).status).toBe(404);
    });
  });

  describe('PATCH and DELETE /api/reviews/{id}', () => {
    it('only the author edits; anonymous 401, another user 403, bad input 400, unknown 404', async () => {
      expect((await anonymous.patch(`/api/reviews/${annReview.id}`, { rating: 1 })).status).toBe(401);
      expect((await bob.client.patch(`/api/reviews/${annReview.id}`, { rating: 1 })).status).toBe(403);
      expect((await ann.client.patch(`/api/reviews/${annReview.id}`, { rating: 9 })).status).toBe(400);
      expect((await ann.client.patch('/api/reviews/abc', { rating: 2 })).status).toBe(400);
      expect((await ann.client.patch('/api/reviews/99999999', { rating: 2 })).status).toBe(404);
      const res = await ann.client.patch<ReviewDto>(`/api/reviews/${annReview.id}`, {
        rating: 4,
        notes: 'Still cozy',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ rating: 4, notes: 'Still cozy', visitDate: '2024-05-31' });
    });

    it('only the author deletes; then it is gone (404) and the count goes back', async () => {
      const extra = await ann.client.post<ReviewDto>('/api/reviews', {
        restaurantName: 'Short Lived',
        address: '2 State St, Chicago',
        rating: 2,
      });
      expect((await anonymous.delete(`/api/reviews/${extra.body.id}`)).status).toBe(401);
      expect((await bob.client.delete(`/api/reviews/${extra.body.id}`)).status).toBe(403);
      await eventually(
        async () => (await anonymous.get<UserDto>(`/api/users/${ann.id}`)).body.reviewCount === 2,
        20_000,
      );
      expect((await ann.client.delete(`/api/reviews/${extra.body.id}`)).status).toBe(200);
      expect((await ann.client.delete(`/api/reviews/${extra.body.id}`)).status).toBe(404);
      await eventually(
        async () => (await anonymous.get<UserDto>(`/api/users/${ann.id}`)).body.reviewCount === 1,
        20_000,
      );
    });
  });

  describe('restaurants', () => {
    it('the detail page is public; a private reviewer shows only to their approved followers', async () => {
      const page = await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${annReview.restaurantId}`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({
        name: "Lou Malnati's",
        averageRating: 3.5,
        totalReviews: 2,
        isSaved: false,
        cuisine: null,
        priceRange: null,
      });
      expect(page.body.moodTags).toContain('Cozy');
      expect(page.body.reviews.map((r) => r.user.id).sort()).toEqual([ann.id, bob.id].sort());

      const hidden = await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${piaReview.restaurantId}`);
      expect(hidden.body).toMatchObject({ totalReviews: 1, reviews: [] });
      const shown = await fay.client.get<RestaurantDetailDto>(`/api/restaurants/${piaReview.restaurantId}`);
      expect(shown.body.reviews.map((r) => r.id)).toEqual([piaReview.id]);

      expect((await anonymous.get<{ message: string }>('/api/restaurants/99999999')).body).toMatchObject({
        statusCode: 404,
        message: 'Restaurant not found',
      });
      expect((await anonymous.get('/api/restaurants/abc')).status).toBe(400);
    });

    it("mood tags follow the reviewers' flavor badges through identity's events", async () => {
      const kai = await bud('kai', { flavorBuds: ['sushi', 'vegan'] });
      const lea = await bud('lea', { flavorBuds: ['sushi'] });
      let restaurantId = 0;
      for (const who of [kai, lea]) {
        const res = await who.client.post<ReviewDto>('/api/reviews', {
          restaurantName: 'Nori Counter',
          address: '5 Harbor St, Boston, MA',
          rating: 5,
        });
        expect(res.status).toBe(201);
        restaurantId = res.body.restaurantId;
      }
      const tags = async () =>
        (await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${restaurantId}`)).body.moodTags;
      await eventually(async () => (await tags()).includes('Loved by SushiBuds'), 20_000);
      // One holder of a badge is not enough for its tag.
      expect(await tags()).not.toContain('Loved by VeganBuds');

      const changed = await lea.client.post(`/api/users/flavor-badges`, {
        userId: lea.id,
        badges: [{ category: 'preference', badgeId: 'taco' }],
      });
      expect(changed.status).toBeLessThan(300);
      await eventually(async () => !(await tags()).includes('Loved by SushiBuds'), 20_000);
    });

    it('lists restaurants with the caller’s saved flag; a city filter', async () => {
      const list = await anonymous.get<RestaurantListItemDto[]>('/api/restaurants?city=chicago');
      expect(list.status).toBe(200);
      expect(list.body.map((r) => r.id)).toContain(annReview.restaurantId);
      expect(list.body.every((r) => r.city === 'Chicago')).toBe(true);
      expect((await anonymous.get('/api/restaurants?limit=abc')).status).toBe(400);
    });

    it('photo: a generated placeholder image for a restaurant without one; 304 on a matching ETag; 404 for no restaurant', async () => {
      expect((await anonymous.get('/api/restaurants/99999999/photo')).status).toBe(404);
      for (const id of [annReview.restaurantId, piaReview.restaurantId]) {
        const res = await fetch(`${baseUrl}/api/restaurants/${id}/photo`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('image/svg+xml');
        expect(await res.text()).toContain('<svg');
        const again = await fetch(`${baseUrl}/api/restaurants/${id}/photo`, {
          headers: { 'if-none-match': res.headers.get('etag') as string },
        });
        expect(again.status).toBe(304);
      }
    });
  });

  describe('POST /api/restaurants/{id}/photo', () => {
    const upload = (who: ApiClient, id: number, form: { raw: FormData }) =>
      who.request<RestaurantPhotoResponse & { message?: string }>(
        'POST',
        `/api/restaurants/${id}/photo`,
        undefined,
        form,
      );
    const photoOf = (id: number) =>
      query<{ photo_version: number; photo_type: string | null }>(
        databaseUrl,
        'SELECT photo_version, photo_type FROM reviews.restaurants WHERE id = $1',
        [id],
      ).then((rows) => rows[0]);

    it('a reviewer adds the photo: a new versioned URL, served with its ETag, in the detail and the list', async () => {
      const id = annReview.restaurantId;
      const before = await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${id}`);
      expect(before.body).toMatchObject({ hasPhoto: false, photoUrl: `/api/restaurants/${id}/photo?v=0` });

      const res = await upload(ann.client, id, photoForm(PNG));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ photoUrl: `/api/restaurants/${id}/photo?v=1` });
      const served = await fetch(`${baseUrl}${res.body.photoUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toBe('public, max-age=300');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
      const again = await fetch(`${baseUrl}${res.body.photoUrl}`, {
        headers: { 'if-none-match': served.headers.get('etag') as string },
      });
      expect(again.status).toBe(304);

      const after = await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${id}`);
      expect(after.body).toMatchObject({ hasPhoto: true, photoUrl: res.body.photoUrl });
      const list = await anonymous.get<RestaurantListItemDto[]>('/api/restaurants?city=chicago');
      expect(list.body.find((r) => r.id === id)).toMatchObject({
        hasPhoto: true,
        photoUrl: res.body.photoUrl,
      });
      const reviews = await anonymous.get<ReviewDto[]>(`/api/reviews?userId=${ann.id}`);
      expect(reviews.body.find((r) => r.restaurantId === id)?.restaurant.photoUrl).toBe(res.body.photoUrl);

      // A second reviewer of the place (bob) replaces it: the URL changes with the bytes.
      const second = await upload(bob.client, id, photoForm(JPEG, 'photo', 'image/jpeg'));
      expect(second.body).toEqual({ photoUrl: `/api/restaurants/${id}/photo?v=2` });
      expect((await fetch(`${baseUrl}${second.body.photoUrl}`)).headers.get('content-type')).toBe(
        'image/jpeg',
      );
      // Near the 5 MB limit: through the gateway's multipart reader and the service's RPC body.
      const large = Buffer.concat([PNG, Buffer.alloc(4_900_000)]);
      const big = await upload(bob.client, id, photoForm(large));
      expect(big.body).toEqual({ photoUrl: `/api/restaurants/${id}/photo?v=3` });
      const bigServed = await fetch(`${baseUrl}${big.body.photoUrl}`);
      expect(Buffer.from(await bigServed.arrayBuffer()).length).toBe(large.length);
    });

    it('anonymous 401, a non-reviewer 403, an unknown restaurant 404; nothing stored', async () => {
      const id = piaReview.restaurantId;
      const anon = await upload(anonymous, id, photoForm(PNG));
      expect(anon.status).toBe(401);
      const stranger = await upload(bob.client, id, photoForm(PNG));
      expect(stranger.status).toBe(403);
      expect(stranger.body.message).toBe('Only people who reviewed this restaurant can add its photo');
      expect((await upload(bob.client, 99999999, photoForm(PNG))).status).toBe(404);
      expect((await upload(bob.client, 0, photoForm(PNG))).status).toBe(400);
      expect(await photoOf(id)).toEqual({ photo_version: 0, photo_type: null });
    });

    it('an admin may add any restaurant’s photo', async () => {
      const admin = new ApiClient(baseUrl);
      expect(
        (await admin.post('/api/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD })).status,
      ).toBeLessThan(300);
      const res = await upload(admin, piaReview.restaurantId, photoForm(PNG));
      expect(res.status).toBe(200);
      expect(await photoOf(piaReview.restaurantId)).toEqual({ photo_version: 1, photo_type: 'image/png' });
    });

    it('bad files: 415 not an image, 413 over 5 MB, 400 no file or another field; nothing stored', async () => {
      const id = annReview.restaurantId;
      const stored = await photoOf(id);
      const fake = await upload(
        ann.client,
        id,
        photoForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      );
      expect(fake.status).toBe(415);
      expect(fake.body.message).toBe('Invalid file type / Please upload an image file');
      const big = await upload(
        ann.client,
        id,
        photoForm(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)])),
      );
      expect(big.status).toBe(413);
      expect(big.body.message).toBe('File too large / The maximum file size is 5MB');
      const empty = await upload(ann.client, id, { raw: new FormData() });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Please choose an image to upload');
      const wrongField = await upload(ann.client, id, photoForm(PNG, 'picture'));
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.message).toBe("Please send the image in the 'photo' field");
      const json = await ann.client.post<{ message: string }>(`/api/restaurants/${id}/photo`, { photo: 'x' });
      expect(json.status).toBe(415);
      expect(await photoOf(id)).toEqual(stored);
    });
  });

  describe('saving', () => {
    it('toggle-save and is-saved: signed in only; the state flips and a stranger’s save is their own', async () => {
      const id = annReview.restaurantId;
      expect((await anonymous.post(`/api/restaurants/${id}/toggle-save`)).status).toBe(401);
      expect((await anonymous.get(`/api/restaurants/${id}/is-saved`)).status).toBe(401);
      expect((await bob.client.post(`/api/restaurants/${id}/toggle-save`)).body).toEqual({
        restaurantId: id,
        isSaved: true,
        saved: true,
      });
      expect((await bob.client.get(`/api/restaurants/${id}/is-saved`)).body).toEqual({ isSaved: true });
      expect((await ann.client.get(`/api/restaurants/${id}/is-saved`)).body).toEqual({ isSaved: false });
      expect((await bob.client.post(`/api/restaurants/${id}/toggle-save`)).body).toMatchObject({
        isSaved: false,
      });
      expect((await bob.client.post('/api/restaurants/99999999/toggle-save')).status).toBe(404);
      expect((await bob.client.get('/api/restaurants/99999999/is-saved')).status).toBe(404);
    });

    it('POST /api/saved-restaurants: stored places, external ids 100-999 with details, bad input', async () => {
      expect(
        (await anonymous.post('/api/saved-restaurants', { restaurantId: annReview.restaurantId })).status,
      ).toBe(401);
      const saved = await ann.client.post<{ restaurantId: number }>('/api/saved-restaurants', {
        restaurantId: annReview.restaurantId,
      });
      expect(saved.body).toEqual({ restaurantId: annReview.restaurantId, isSaved: true });
      // Saving twice changes nothing.
      expect(
        (await ann.client.post('/api/saved-restaurants', { restaurantId: annReview.restaurantId })).status,
      ).toBe(200);

      const before = Number(
        (await query<{ n: string }>(databaseUrl, 'SELECT COUNT(*) AS n FROM reviews.saved_restaurants'))[0].n,
      );
      const noDetails = await ann.client.post<{ message: string }>('/api/saved-restaurants', {
        restaurantId: 500,
      });
      expect(noDetails.status).toBe(400);
      expect(noDetails.body.message).toBe(
        'restaurantDetails (name, address) are required for restaurant ids 100-999',
      );
      expect((await ann.client.post('/api/saved-restaurants', { restaurantId: 5_000_000 })).status).toBe(404);
      expect((await ann.client.post('/api/saved-restaurants', { restaurantId: 'x' })).status).toBe(400);
      expect(
        Number(
          (await query<{ n: string }>(databaseUrl, 'SELECT COUNT(*) AS n FROM reviews.saved_restaurants'))[0]
            .n,
        ),
      ).toBe(before);

      const external = await ann.client.post<{ restaurantId: number }>('/api/saved-restaurants', {
        restaurantId: 500,
        restaurantDetails: { name: 'Sample Place', address: '5 Pike St, Seattle, WA' },
      });
      expect(external.status).toBe(200);
      const list = await ann.client.get<SavedRestaurantDto[]>('/api/saved-restaurants');
      expect(list.body.map((s) => s.restaurantId)).toEqual([
        external.body.restaurantId,
        annReview.restaurantId,
      ]);
      expect(list.body[0].restaurant).toMatchObject({
        name: 'Sample Place',
        city: 'Seattle',
        locationApproximate: true,
      });
    });

    it("GET /api/saved-restaurants: 401 anonymous; another user's list by the privacy rule", async () => {
      expect((await anonymous.get('/api/saved-restaurants')).status).toBe(401);
      expect(
        (await bob.client.get<SavedRestaurantDto[]>(`/api/saved-restaurants?userId=${ann.id}`)).body,
      ).toHaveLength(2);
      await pia.client.post(`/api/restaurants/${annReview.restaurantId}/toggle-save`);
      expect((await bob.client.get(`/api/saved-restaurants?userId=${pia.id}`)).status).toBe(403);
      expect(
        (await fay.client.get<SavedRestaurantDto[]>(`/api/saved-restaurants?userId=${pia.id}`)).body,
      ).toHaveLength(1);
    });

    it('DELETE /api/saved-restaurants/{id}: signed in only, your own list, idempotent', async () => {
      expect((await anonymous.delete(`/api/saved-restaurants/${annReview.restaurantId}`)).status).toBe(401);
      // Bob removing it touches only Bob's (empty) list.
      expect((await bob.client.delete(`/api/saved-restaurants/${annReview.restaurantId}`)).status).toBe(200);
      expect((await ann.client.get(`/api/restaurants/${annReview.restaurantId}/is-saved`)).body).toEqual({
        isSaved: true,
      });
      expect((await ann.client.delete(`/api/saved-restaurants/${annReview.restaurantId}`)).body).toEqual({
        message: 'Removed',
      });
      expect((await ann.client.get(`/api/restaurants/${annReview.restaurantId}/is-saved`)).body).toEqual({
        isSaved: false,
      });
      expect((await ann.client.delete('/api/saved-restaurants/abc')).status).toBe(400);
      expect((await ann.client.delete('/api/saved-restaurants/99999999')).status).toBe(404);
    });
  });

  describe('GET /api/activity?userId=', () => {
    it('real reviews and saves with counts; private: owner and followers only', async () => {
      const res = await anonymous.get<ActivityResponse>(`/api/activity?userId=${ann.id}`);
      expect(res.status).toBe(200);
      expect(res.body.counts).toEqual({ all: 2, reviews: 1, saves: 1, checkins: 0, statuses: 0 });
      expect(res.body.items.map((i) => i.type).sort()).toEqual(['review', 'save']);
      expect((await bob.client.get(`/api/activity?userId=${pia.id}`)).status).toBe(403);
      expect((await anonymous.get(`/api/activity?userId=${pia.id}`)).status).toBe(403);
      const own = await pia.client.get<ActivityResponse>(`/api/activity?userId=${pia.id}`);
      expect(own.body.counts).toMatchObject({ reviews: 1, saves: 1 });
      expect((await fay.client.get(`/api/activity?userId=${pia.id}`)).status).toBe(200);
      expect((await anonymous.get('/api/activity?userId=0')).status).toBe(400);
    });
  });
});
