import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ActivityResponse, StatusDto } from '@dinebuds/contracts';
import { eventually, query } from '@dinebuds/testing';
import { ApiClient } from '../support/api-client.js';
import { registerKnownToReviews, type ApiPerson } from '../support/api-people.js';
import { expectError, startApiSystem, type ApiSystem } from '../support/api-system.js';

const PASSWORD = 'Secret#123';

/**
 * Statuses without a check-in (the Check Ins tab's "Share a status"), through the gateway: Ann
 * posts one; she and Bob (who follows her) read it, Cat (who follows her but is blocked) and Dan
 * (who does not follow her) do not; it counts among Ann's profile statuses and records
 * reviews.status.posted. Empty, blank, too long or multi-line text is a 400 with a sentence and
 * stores nothing.
 */
describe('statuses without a check-in', () => {
  let system: ApiSystem;
  let ann: ApiPerson;
  let bob: ApiPerson;
  let cat: ApiPerson;
  let dan: ApiPerson;

  const statuses = async (who: ApiPerson) => {
    const res = await who.client.get<StatusDto[]>('/api/statuses');
    expect(res.status).toBe(200);
    return res.body.map((s) => [s.user.id, s.text]);
  };
  const stored = async () => (await query(system.databaseUrl, 'SELECT id FROM reviews.statuses')).length;

  async function follow(from: ApiPerson, to: ApiPerson): Promise<void> {
    expect((await from.client.post(`/api/users/${from.id}/follow/${to.id}`)).status).toBe(200);
    await eventually(
      async () =>
        (
          await query(
            system.databaseUrl,
            'SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2',
            [from.id, to.id],
          )
        ).length === 1,
      20_000,
    );
  }

  beforeAll(async () => {
    system = await startApiSystem('api_statuses');
    // One at a time: registrations hash passwords, and a busy machine answers a burst with 504.
    const people: ApiPerson[] = [];
    for (const prefix of ['ann', 'bob', 'cat', 'dan'])
      people.push(await registerKnownToReviews(system.baseUrl, system.databaseUrl, prefix, PASSWORD));
    [ann, bob, cat, dan] = people;
    await follow(bob, ann);
    await follow(cat, ann);
    expect((await ann.client.post('/api/users/block', { blockedId: cat.id })).status).toBeLessThan(300);
    await eventually(
      async () =>
        (
          await query(
            system.databaseUrl,
            'SELECT 1 FROM reviews.blocks WHERE blocker_id = $1 AND blocked_id = $2',
            [ann.id, cat.id],
          )
        ).length === 1,
      20_000,
    );
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('Ann posts a status: 201 with the trimmed text and her as author, and reviews.status.posted recorded', async () => {
    const res = await ann.client.post<StatusDto>('/api/statuses', { text: '  Craving dumplings tonight  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      text: 'Craving dumplings tonight',
      user: { id: ann.id, username: ann.username, name: 'ann tester' },
    });
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);
    const events = await query<{ data: { statusId: number; userId: number; text: string } }>(
      system.databaseUrl,
      `SELECT payload->'data' AS data FROM reviews.outbox WHERE type = 'reviews.status.posted'`,
    );
    expect(events.map((e) => e.data)).toMatchObject([
      { statusId: res.body.id, userId: ann.id, text: 'Craving dumplings tonight' },
    ]);
  });

  it('Ann and her follower Bob see it; blocked Cat and stranger Dan do not', async () => {
    expect(await statuses(ann)).toEqual([[ann.id, 'Craving dumplings tonight']]);
    expect(await statuses(bob)).toEqual([[ann.id, 'Craving dumplings tonight']]);
    expect(await statuses(cat)).toEqual([]);
    expect(await statuses(dan)).toEqual([]);
  });

  it("counts among Ann's profile statuses", async () => {
    const res = await bob.client.get<ActivityResponse>(`/api/activity?userId=${ann.id}`);
    expect(res.status).toBe(200);
    expect(res.body.counts.statuses).toBe(1);
  });

  it('bad text is a 400 with a sentence and stores nothing; no session is a 401', async () => {
    const before = await stored();
    const cases: [unknown, string][] = [
      [{}, 'Write a status first'],
      [{ text: '' }, 'Write a status first'],
      [{ text: '   ' }, 'Write a status first'],
      [{ text: 42 }, 'Write a status first'],
      [{ text: 'x'.repeat(141) }, 'Statuses must be at most 140 characters'],
      [{ text: 'two\nlines' }, 'Text cannot contain control characters'],
    ];
    for (const [body, message] of cases)
      expectError(await ann.client.post('/api/statuses', body), 400, message);
    expect(await stored()).toBe(before);
    const anonymous = new ApiClient(system.baseUrl);
    expect((await anonymous.post('/api/statuses', { text: 'hi' })).status).toBe(401);
    expect((await anonymous.get('/api/statuses')).status).toBe(401);
  });
});
