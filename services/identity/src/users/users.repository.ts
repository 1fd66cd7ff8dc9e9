import { Injectable } from '@nestjs/common';
import type { Page } from '@dinebuds/service-client';
import { preparedQuery } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';
import { UserEntity } from './user.entity.js';
import type { PublicUserFields } from './user.mapper.js';
import { type PublicUserRow, fromPublicUserRow, publicUserColumns } from './public-user.row.js';

const USERS = `"${IDENTITY_SCHEMA}"."users"`;

/** Those columns by id, for the raw hot read (users.get, users.me). */
const PUBLIC_USER_BY_ID = `SELECT ${publicUserColumns('u')} FROM ${USERS} u WHERE u.id = $1`;

/** A user with the password hash, which the entity never selects unless asked. */
export type UserWithCredentials = UserEntity & { passwordHash: string };

/** The columns a new user row is written with. */
export type NewUser = Pick<UserEntity, 'username' | 'name' | 'bio' | 'isPrivate' | 'isAdmin'> & {
  passwordHash: string;
};

/**
 * Persistence of identity.users, in the caller's manager (a transaction's, or Transactions.outside
 * for a read outside one).
 */
@Injectable()
export class UsersRepository {
  private repo(manager: EntityManager) {
    return manager.getRepository(UserEntity);
  }

  /** Users named `username`, case-insensitively (served by the unique index on lower(username)). */
  private byUsername(manager: EntityManager, username: string) {
    return this.repo(manager)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username });
  }

  /**
   * The hot read behind every profile and every signed-in page: one parameterised SELECT of the
   * public columns, without TypeORM's per-call query building and entity hydration.
   */
  async findPublicById(manager: EntityManager, id: number): Promise<PublicUserFields | null> {
    // The hot read of every profile view: a named statement, planned once per connection.
    const rows = await preparedQuery<PublicUserRow>(
      manager,
      'identity-public-user-by-id',
      PUBLIC_USER_BY_ID,
      [id],
    );
    return rows.length === 0 ? null : fromPublicUserRow(rows[0]);
  }

  findById(manager: EntityManager, id: number): Promise<UserEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  async exists(manager: EntityManager, id: number): Promise<boolean> {
    return this.repo(manager).existsBy({ id });
  }

  /** Locks the row for the rest of the transaction, so concurrent edits apply one after the other. */
  lockById(manager: EntityManager, id: number): Promise<UserEntity | null> {
    return this.repo(manager).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findByUsername(manager: EntityManager, username: string): Promise<UserEntity | null> {
    return this.byUsername(manager, username).getOne();
  }

  usernameExists(manager: EntityManager, username: string): Promise<boolean> {
    return this.byUsername(manager, username).getExists();
  }

  findCredentialsByUsername(manager: EntityManager, username: string): Promise<UserWithCredentials | null> {
    return this.byUsername(manager, username).addSelect('u.passwordHash').getOne();
  }

  findCredentialsById(manager: EntityManager, id: number): Promise<UserWithCredentials | null> {
    return this.repo(manager)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id })
      .getOne();
  }

  /** Id, name, admin flag and hash only (admin bootstrap). */
  findAccountByUsername(
    manager: EntityManager,
    username: string,
  ): Promise<Pick<UserEntity, 'id' | 'username' | 'isAdmin' | 'passwordHash'> | null> {
    return this.byUsername(manager, username)
      .select(['u.id', 'u.username', 'u.isAdmin'])
      .addSelect('u.passwordHash')
      .getOne();
  }

  lockCredentialsById(manager: EntityManager, id: number): Promise<UserWithCredentials | null> {
    return this.repo(manager)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .setLock('pessimistic_write')
      .where('u.id = :id', { id })
      .getOne();
  }

  /** Inserts the user and answers the stored row (defaults and created_at filled in). */
  async insert(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    const inserted = await this.repo(manager).insert(user);
    const id = (inserted.identifiers[0] as { id: number }).id;
    return this.repo(manager).findOneByOrFail({ id });
  }

  save(manager: EntityManager, user: UserEntity): Promise<UserEntity> {
    return this.repo(manager).save(user);
  }

  async update(
    manager: EntityManager,
    id: number,
    changes: Partial<
      Pick<UserEntity, 'isAdmin' | 'picture' | 'pictureType' | 'pictureVersion' | 'passwordHash'>
    >,
  ): Promise<void> {
    await this.repo(manager).update({ id }, changes);
  }

  list(manager: EntityManager, page: Page): Promise<UserEntity[]> {
    return this.repo(manager).find({ order: { id: 'ASC' }, take: page.limit, skip: page.offset });
  }

  /** `pattern` is a LIKE pattern on lower-case text with `\` as escape (see likeContains). */
  search(manager: EntityManager, pattern: string, page: Page): Promise<UserEntity[]> {
    return this.repo(manager)
      .createQueryBuilder('u')
      .where("(lower(u.username) LIKE :q ESCAPE '\\' OR lower(u.name) LIKE :q ESCAPE '\\')", { q: pattern })
      .orderBy('u.id', 'ASC')
      .take(page.limit)
      .skip(page.offset)
      .getMany();
  }

  /** The picture's small columns: enough for the ETag, without the up-to-5-MB bytes. */
  pictureHead(
    manager: EntityManager,
    id: number,
  ): Promise<Pick<UserEntity, 'id' | 'pictureType' | 'pictureVersion'> | null> {
    return this.repo(manager)
      .createQueryBuilder('u')
      .select(['u.id', 'u.pictureType', 'u.pictureVersion'])
      .where('u.id = :id', { id })
      .getOne();
  }

  /** Bytes, type and version read together, so the ETag always names these bytes. */
  pictureWithBytes(
    manager: EntityManager,
    id: number,
  ): Promise<Pick<UserEntity, 'id' | 'pictureType' | 'pictureVersion' | 'picture'> | null> {
    return this.repo(manager)
      .createQueryBuilder('u')
      .select(['u.id', 'u.pictureType', 'u.pictureVersion'])
      .addSelect('u.picture')
      .where('u.id = :id', { id })
      .getOne();
  }

  /** Removes the account; its sessions and badges go with it (ON DELETE CASCADE). */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await this.repo(manager).delete({ id });
  }

  /**
   * Increments the user's version and answers it, in the caller's transaction. The UPDATE holds
   * the row lock until commit, so two changes of one user get versions in commit order.
   */
  async nextVersion(manager: EntityManager, id: number): Promise<number> {
    const rows: Array<{ version: number }> = await manager.query(
      `UPDATE ${USERS} SET "version" = "version" + 1 WHERE "id" = $1 RETURNING "version"`,
      [id],
    );
    // The postgres driver answers UPDATE ... RETURNING with [rows, count].
    const [returned] = Array.isArray(rows[0]) ? (rows[0] as Array<{ version: number }>) : rows;
    if (!returned) throw new Error(`identity: no user ${id} to version`);
    return returned.version;
  }
}
