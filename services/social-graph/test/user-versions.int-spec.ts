import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope, EventMap, EventType } from '@dinebuds/contracts';
import { createEnvelope, type InProcessEventBus } from '@dinebuds/events';
import { query, waitForRow, type TestDatabase, type TestUser } from '@dinebuds/testing';
import {
  registerProjectedUser,
  startSocialTestSystem,
  waitForProjection,
  type SocialTestSystem,
  type TestIdentity,
} from './social-test-kit.js';

/**
 * identity numbers each user's changes (users.version, the envelope's aggregateVersion);
 * social-graph applies a profile or badge change only when it is newer than what it holds, so
 * out-of-order and same-millisecond deliveries end in identity's latest state.
 */
describe('social-graph: identity user versions order the projection', () => {
  let system: SocialTestSystem;
  let db: TestDatabase;
  let bus: InProcessEventBus;
  let identity: TestIdentity;

  beforeAll(async () => {
    system = await startSocialTestSystem('social_versions');
    ({ db, bus, identity } = system);
  });

  afterAll(async () => {
    await system?.close();
  });

  /** Publishes an identity event as identity's relay would, and waits until social-graph handled it. */
  async function deliver<T extends EventType>(
    type: T,
    data: EventMap[T],
    options: { occurredAt: Date; aggregateVersion?: number },
  ): Promise<EventEnvelope<T>> {
    const envelope = createEnvelope(type, data, { producer: 'identity', ...options });
    await bus.publish(envelope);
    await waitForRow(db.url, 'SELECT event_id FROM social.inbox WHERE event_id = $1', [envelope.id]);
    return envelope;
  }

  function snapshot(user: TestUser, name: string) {
    return {
      userId: user.id,
      username: user.username,
      name,
      bio: null,
      profilePicture: null,
      isPrivate: false,
      isAdmin: false,
    };
  }

  async function versions(id: number) {
    const [row] = await query<{
      name: string;
      profile_version: number | null;
      badges_version: number | null;
    }>(db.url, 'SELECT name, profile_version, badges_version FROM social.users WHERE id = $1', [id]);
    return row;
  }

  it('identity gives every identity.user.* event of a user the next version of that user', async () => {
    const user = await registerProjectedUser(identity, db.url);
    await identity.client.call('users.update', { id: user.id, name: 'Renamed Once' }, user.caller);
    const rows = await query<{ type: string; version: number | null }>(
      db.url,
      `SELECT type, (payload->>'aggregateVersion')::int AS version FROM identity.outbox
        WHERE payload->'data'->>'userId' = $1 ORDER BY seq`,
      [String(user.id)],
    );
    expect(rows).toEqual([
      { type: 'identity.user.registered', version: 1 },
      { type: 'identity.user.badges-changed', version: 2 },
      { type: 'identity.user.updated', version: 3 },
    ]);
    const [stored] = await query<{ version: number }>(
      db.url,
      'SELECT version FROM identity.users WHERE id = $1',
      [user.id],
    );
    expect(stored!.version).toBe(3);
    // The projection follows and remembers the version it holds.
    await waitForProjection(db.url, user.id, (row) => row.name === 'Renamed Once');
    await expect(versions(user.id)).resolves.toEqual({
      name: 'Renamed Once',
      profile_version: 3,
      badges_version: 2,
    });
  });

  it('ignores an older profile change delivered after a newer one', async () => {
    const user = await registerProjectedUser(identity, db.url);
    const at = new Date();
    await deliver('identity.user.updated', snapshot(user, 'Newer Name'), {
      occurredAt: new Date(at.getTime() + 1000),
      aggregateVersion: 11,
    });
    // Older by version, though its clock says later: the version decides.
    await deliver('identity.user.updated', snapshot(user, 'Older Name'), {
      occurredAt: new Date(at.getTime() + 2000),
      aggregateVersion: 10,
    });
    await expect(versions(user.id)).resolves.toMatchObject({ name: 'Newer Name', profile_version: 11 });
  });

  it('applies changes from the same millisecond in version order', async () => {
    const user = await registerProjectedUser(identity, db.url);
    const at = new Date(Date.now() + 5000);
    await deliver('identity.user.updated', snapshot(user, 'Second Change'), {
      occurredAt: at,
      aggregateVersion: 21,
    });
    await deliver('identity.user.updated', snapshot(user, 'First Change'), {
      occurredAt: at,
      aggregateVersion: 20,
    });
    await expect(versions(user.id)).resolves.toMatchObject({ name: 'Second Change', profile_version: 21 });
    await deliver('identity.user.updated', snapshot(user, 'Third Change'), {
      occurredAt: at,
      aggregateVersion: 22,
    });
    await expect(versions(user.id)).resolves.toMatchObject({ name: 'Third Change', profile_version: 22 });
  });

  it('ignores older badges delivered after newer ones', async () => {
    const user = await registerProjectedUser(identity, db.url);
    const at = new Date(Date.now() + 5000);
    await deliver(
      'identity.user.badges-changed',
      { userId: user.id, flavorBadges: ['ramen'], cityBadges: [] },
      { occurredAt: at, aggregateVersion: 31 },
    );
    await deliver(
      'identity.user.badges-changed',
      { userId: user.id, flavorBadges: ['tacos'], cityBadges: [] },
      { occurredAt: at, aggregateVersion: 30 },
    );
    const row = await waitForProjection(db.url, user.id);
    expect(row.flavor_badges).toEqual(['ramen']);
    await expect(versions(user.id)).resolves.toMatchObject({ badges_version: 31 });
    const index = await query<{ name: string }>(
      db.url,
      `SELECT name FROM social.user_badges WHERE user_id = $1 AND kind = 'flavor'`,
      [user.id],
    );
    expect(index).toEqual([{ name: 'ramen' }]);
  });

  it('orders events without a version (written before versions existed) by occurredAt', async () => {
    const user = await registerProjectedUser(identity, db.url);
    const later = new Date(Date.now() + 60_000);
    await deliver('identity.user.updated', snapshot(user, 'Legacy Later'), { occurredAt: later });
    await deliver('identity.user.updated', snapshot(user, 'Legacy Earlier'), {
      occurredAt: new Date(later.getTime() - 1000),
    });
    await expect(versions(user.id)).resolves.toMatchObject({ name: 'Legacy Later', profile_version: null });
  });
});
