import type { UserSnapshot } from '@dinebuds/contracts';
import { insertIfAbsent } from '@dinebuds/database';
import { Column, Entity, PrimaryColumn, type EntityManager, type EntityTarget } from 'typeorm';
import { isNewerUserChange, type UserChange } from './user-change.policy.js';

/**
 * The columns every service's projection of identity's users holds (its `users` table); a
 * service's entity extends this class with what it reads besides (reviews: `isPrivate`).
 */
export abstract class ProjectedUserColumns {
  /** Identity's user id (not generated here). */
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'users_pkey' })
  id!: number;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text' })
  name!: string;

  /** The public picture URL identity publishes, e.g. /api/users/7/profile-picture?v=2. */
  @Column({ name: 'profile_picture', type: 'text', nullable: true })
  profilePicture!: string | null;

  /** identity's user version of the profile held; null from an unversioned event. */
  @Column({ type: 'integer', nullable: true })
  version!: number | null;

  /** occurredAt of the event the profile comes from. */
  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt!: Date;
}

/** A service's `deleted_users` table: tombstones of deleted users, so late events change nothing. */
export function deletedUserEntity(schema: string) {
  @Entity({ schema, name: 'deleted_users' })
  class DeletedUserEntity {
    @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'deleted_users_pkey' })
    userId!: number;

    @Column({ name: 'deleted_at', type: 'timestamptz' })
    deletedAt!: Date;
  }
  return DeletedUserEntity;
}

/** A profile as a service stores it: its columns but the change's version and time. */
export type ProjectedProfile<User extends ProjectedUserColumns> = Omit<User, 'version' | 'syncedAt'>;

/** What a service's users table holds beyond ProjectedUserColumns (reviews: `isPrivate`). */
export type ExtraUserColumns<User extends ProjectedUserColumns> = Omit<
  ProjectedProfile<User>,
  keyof ProjectedProfile<ProjectedUserColumns>
>;

/**
 * A service's projection of identity's users: one user's events apply one at a time (an advisory
 * lock per user), a newer profile replaces the stored one, and a deleted user leaves a tombstone.
 * Each method runs in the caller's transaction, normally the consumer's inbox transaction.
 */
export class IdentityUsersProjection<User extends ProjectedUserColumns> {
  constructor(
    private readonly schema: string,
    private readonly userEntity: EntityTarget<User> & (new () => User),
    private readonly deletedEntity: ReturnType<typeof deletedUserEntity>,
  ) {}

  /** Serialises the events of one user (released at commit). */
  async lockUserEvents(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `${this.schema}:user:${userId}`,
    ]);
  }

  async find(manager: EntityManager, id: number): Promise<User | null> {
    return manager.findOne(this.userEntity, { where: { id } as never });
  }

  async isDeleted(manager: EntityManager, userId: number): Promise<boolean> {
    return manager.existsBy(this.deletedEntity, { userId });
  }

  /**
   * identity.user.registered / updated: the profile replaces the stored one when the change is
   * newer (by identity's user version, else by time); nothing for a deleted user.
   */
  async applyProfile(
    manager: EntityManager,
    profile: ProjectedProfile<User>,
    change: UserChange,
  ): Promise<void> {
    await this.lockUserEvents(manager, profile.id);
    if (await this.isDeleted(manager, profile.id)) return;
    const stored = await this.find(manager, profile.id);
    if (stored && !isNewerUserChange(change, stored)) return;
    const row = { ...profile, version: change.version, syncedAt: change.occurredAt };
    await manager.upsert(this.userEntity, row as never, ['id']);
  }

  /** identity.user.registered / updated: applyProfile with the snapshot's common columns. */
  async applySnapshot(
    manager: EntityManager,
    snapshot: UserSnapshot,
    change: UserChange,
    extra: ExtraUserColumns<User>,
  ): Promise<void> {
    const profile = {
      id: snapshot.userId,
      username: snapshot.username,
      name: snapshot.name,
      profilePicture: snapshot.profilePicture ?? null,
      ...extra,
    } as ProjectedProfile<User>;
    await this.applyProfile(manager, profile, change);
  }

  /** Removes the user and leaves a tombstone against late events. */
  async removeWithTombstone(manager: EntityManager, userId: number, at: Date): Promise<void> {
    await manager.delete(this.userEntity, { id: userId } as never);
    await insertIfAbsent(manager, this.deletedEntity, { userId, deletedAt: at });
  }
}
