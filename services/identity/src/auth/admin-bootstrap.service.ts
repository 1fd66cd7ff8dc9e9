import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newPasswordProblem } from '@dinebuds/contracts';
import { IDENTITY_DATA_SOURCE } from '../config.js';
import { DataSource } from 'typeorm';
import { IdentityEvents } from '../common/identity-outbox.js';
import { CONSTRAINTS, isUniqueViolation } from '../common/db-errors.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserSnapshot } from '../users/user.mapper.js';
import { normalizeUsername, usernameProblem } from '../users/user.policy.js';
import { PasswordHasher } from './password-hasher.js';

/** What a start did with ADMIN_USERNAME / ADMIN_PASSWORD. */
export type AdminBootstrapOutcome = 'created' | 'already-admin' | 'promoted' | 'refused';

type StoredAccount = Pick<UserEntity, 'id' | 'username' | 'isAdmin' | 'passwordHash'>;

export const ADMIN_PROMOTION_REFUSED =
  'ADMIN_USERNAME names an existing account that is not an admin and whose password is not ' +
  'ADMIN_PASSWORD: left unchanged. Sign in as that account and set its password to ADMIN_PASSWORD, ' +
  'or choose another ADMIN_USERNAME.';

/**
 * ADMIN_USERNAME / ADMIN_PASSWORD on start: a missing account is created as an admin; an existing
 * non-admin account is promoted only when ADMIN_PASSWORD is its password, so registering the name
 * first does not make a stranger admin at the next start. Nothing else about an account changes.
 * Safe to run on every start and from several replicas at once.
 */
@Injectable()
export class AdminBootstrapService {
  private readonly logger = new Logger(AdminBootstrapService.name);

  constructor(
    @InjectDataSource(IDENTITY_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly events: IdentityEvents,
  ) {}

  async ensureAdmin(rawUsername: string, password: string): Promise<AdminBootstrapOutcome> {
    const username = normalizeUsername(rawUsername);
    const problem = usernameProblem(username) ?? newPasswordProblem(password);
    if (problem) throw new Error(`Invalid admin account configuration: ${problem}`);
    const existing = await this.find(username);
    if (existing) return this.promoteIfOwned(existing, password);
    if (await this.create(username, password)) return 'created';
    // Another replica created it first (with this same configuration, or a user registered it).
    const winner = await this.find(username);
    if (!winner) throw new Error('Admin account vanished while it was being created');
    return this.promoteIfOwned(winner, password);
  }

  private find(username: string): Promise<StoredAccount | null> {
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .select(['u.id', 'u.username', 'u.isAdmin'])
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  /** False when the name was taken meanwhile (unique index on lower(username)). */
  private async create(username: string, password: string): Promise<boolean> {
    const passwordHash = await this.hasher.hash(password);
    try {
      await this.dataSource.transaction(async (manager) => {
        const inserted = await manager.insert(UserEntity, {
          username,
          name: username,
          bio: null,
          passwordHash,
          isAdmin: true,
          isPrivate: false,
        });
        const user = await manager.findOneByOrFail(UserEntity, {
          id: (inserted.identifiers[0] as { id: number }).id,
        });
        await this.events.record(manager, 'identity.user.registered', {
          ...toUserSnapshot(user),
          flavorBadges: [],
          cityBadges: [],
          createdAt: user.createdAt.toISOString(),
        });
      });
      this.logger.log({ username }, 'Admin account created');
      return true;
    } catch (error) {
      if (isUniqueViolation(error, CONSTRAINTS.usernameUnique)) return false;
      throw error;
    }
  }

  /** Promotes the account only when the configured password is its own (argon2 verify). */
  private async promoteIfOwned(account: StoredAccount, password: string): Promise<AdminBootstrapOutcome> {
    if (account.isAdmin) return 'already-admin';
    if (!(await this.hasher.verify(account.passwordHash, password))) return this.refuse(account);
    return this.dataSource.transaction(async (manager) => {
      const user = await manager
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .addSelect('u.passwordHash')
        .setLock('pessimistic_write')
        .where('u.id = :id', { id: account.id })
        .getOne();
      if (!user) throw new Error('Admin account vanished while it was being promoted');
      if (user.isAdmin) return 'already-admin';
      // The password changed between the check and the lock: what was verified no longer holds.
      if (user.passwordHash !== account.passwordHash) return this.refuse(user);
      await manager.update(UserEntity, { id: user.id }, { isAdmin: true });
      user.isAdmin = true;
      await this.events.record(manager, 'identity.user.updated', toUserSnapshot(user));
      this.logger.log({ username: user.username, userId: user.id }, 'Existing account promoted to admin');
      return 'promoted';
    });
  }

  private refuse(account: Pick<UserEntity, 'id' | 'username'>): 'refused' {
    // Never the password or its hash: the name and id are enough to find the account.
    this.logger.warn({ username: account.username, userId: account.id }, ADMIN_PROMOTION_REFUSED);
    return 'refused';
  }
}
