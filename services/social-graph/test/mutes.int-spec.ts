import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RegisterRequest } from '@dinebuds/contracts';
import { createEnvelope, type InProcessEventBus } from '@dinebuds/events';
import { eventually, query, type TestDatabase, type TestUser } from '@dinebuds/testing';
import {
  projectedUser,
  registerProjectedUser,
  socialOutbox,
  startSocialTestSystem,
  type SocialTestSystem,
  type TestIdentity,
  type TestSocialGraph,
} from './social-test-kit.js';

/**
 * Mutes and removing a follower against real PostgreSQL: each change records its event once (a
 * repeat records nothing), neither touches what the other person has, and a deleted user's mutes
 * go with them.
 */
describe('social-graph: mutes and remove follower (identity + social-graph, in-process bus)', () => {
  let system: SocialTestSystem;
  let db: TestDatabase;
  let bus: InProcessEventBus;
  let identity: TestIdentity;
  let social: TestSocialGraph;
  let pat: TestUser;
  let quinn: TestUser;

  const registerAndProject = (overrides?: Partial<RegisterRequest>) =>
    registerProjectedUser(identity, db.url, overrides);
  const mutes = async () =>
    query<{ muter_id: number; muted_id: number }>(
      db.url,
      'SELECT muter_id, muted_id FROM social.mutes ORDER BY id',
    );

  beforeAll(async () => {
    system = await startSocialTestSystem('social_mutes');
    ({ db, bus, identity, social } = system);
    pat = await registerAndProject({ name: 'Pat Park' });
    quinn = await registerAndProject({ name: 'Quinn Quade' });
  });

  afterAll(async () => {
    await system?.close();
  });

  it('mutes once (one row, one social.mute.created) and keeps the follows as they are', async () => {
    await social.client.call('follows.follow', { userId: pat.id, targetId: quinn.id }, pat.caller);
    await social.client.call('follows.follow', { userId: quinn.id, targetId: pat.id }, quinn.caller);
    await expect(social.client.call('mutes.mute', { mutedId: quinn.id }, pat.caller)).resolves.toEqual({
      muted: true,
    });
    await expect(social.client.call('mutes.mute', { mutedId: quinn.id }, pat.caller)).resolves.toEqual({
      muted: true,
    });
    expect(await mutes()).toEqual([{ muter_id: pat.id, muted_id: quinn.id }]);
    expect((await socialOutbox(db.url, 'social.mute.created')).map((e) => e.data)).toEqual([
      { muterId: pat.id, mutedId: quinn.id },
    ]);
    await expect(social.client.call('follows.followersCount', { userId: quinn.id })).resolves.toEqual({
      count: 1,
    });
    // One way: quinn's view of pat says nothing.
    await expect(social.client.call('mutes.status', { mutedId: pat.id }, quinn.caller)).resolves.toEqual({
      muted: false,
      followsYou: true,
    });
    await expect(social.client.call('mutes.list', {}, pat.caller)).resolves.toEqual([
      expect.objectContaining({ mutedId: quinn.id, user: expect.objectContaining({ name: 'Quinn Quade' }) }),
    ]);
  });

  it('unmutes once, and refuses muting oneself or an unknown person', async () => {
    await social.client.call('mutes.unmute', { mutedId: quinn.id }, pat.caller);
    await social.client.call('mutes.unmute', { mutedId: quinn.id }, pat.caller);
    expect(await mutes()).toEqual([]);
    expect(await socialOutbox(db.url, 'social.mute.removed')).toHaveLength(1);
    await expect(social.client.call('mutes.mute', { mutedId: pat.id }, pat.caller)).rejects.toMatchObject({
      status: 400,
      message: 'You cannot mute yourself',
    });
    await expect(social.client.call('mutes.mute', { mutedId: 999_999 }, pat.caller)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('removes a follower with one social.follow.removed of their edge; my follow of them stays', async () => {
    const before = (await socialOutbox(db.url, 'social.follow.removed')).length;
    await expect(
      social.client.call('follows.removeFollower', { followerId: quinn.id }, pat.caller),
    ).resolves.toEqual({
      message: 'Follower removed',
    });
    await social.client.call('follows.removeFollower', { followerId: quinn.id }, pat.caller);
    const removed = (await socialOutbox(db.url, 'social.follow.removed')).map((e) => e.data);
    expect(removed.slice(before)).toEqual([{ followerId: quinn.id, followingId: pat.id }]);
    await expect(social.client.call('follows.followersCount', { userId: pat.id })).resolves.toEqual({
      count: 0,
    });
    await expect(social.client.call('follows.followersCount', { userId: quinn.id })).resolves.toEqual({
      count: 1,
    });
  });

  it("a deleted user's mutes go with them", async () => {
    const gone = await registerAndProject({ name: 'Gus Gone' });
    await social.client.call('mutes.mute', { mutedId: gone.id }, pat.caller);
    await social.client.call('mutes.mute', { mutedId: pat.id }, gone.caller);
    await bus.publish(createEnvelope('identity.user.deleted', { userId: gone.id }, { producer: 'identity' }));
    await eventually(async () => (await projectedUser(db.url, gone.id)) === undefined);
    expect(await mutes()).toEqual([]);
  });
});
