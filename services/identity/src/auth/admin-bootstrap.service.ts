import { Injectable, Logger } from '@nestjs/common';
import { newPasswordProblem } from '@dinebuds/contracts';
import { CONSTRAINTS, isUniqueViolation } from '../common/db-errors.js';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { UserEntity } from '../users/user.entity.js';
import type { IdentityEventType } from '../identity.service-definition.js';
import { UsersRepository } from '../users/users.repository.js';
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
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: ServiceEvents<IdentityEventType>,
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
    return this.users.findAccountByUsername(this.transactions.outside, username);
  }

  /** False when the name was taken meanwhile (unique index on lower(username)). */
  private async create(username: string, password: string): Promise<boolean> {
    const passwordHash = await this.hasher.hash(password);
    try {
      await this.transactions.run(async (manager) => {
        const user = await this.users.insert(manager, {
          username,
          name: username,
          bio: null,
          passwordHash,
          isAdmin: true,
          isPrivate: false,
        });
        await this.events.record(
          manager,
          'identity.user.registered',
          {
            ...toUserSnapshot(user),
            flavorBadges: [],
            cityBadges: [],
            createdAt: user.createdAt.toISOString(),
          },
          await this.users.nextVersion(manager, user.id),
        );
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
    return this.transactions.run(async (manager) => {
      const user = await this.users.lockCredentialsById(manager, account.id);
      if (!user) throw new Error('Admin account vanished while it was being promoted');
      if (user.isAdmin) return 'already-admin';
      // The password changed between the check and the lock: what was verified no longer holds.
      if (user.passwordHash !== account.passwordHash) return this.refuse(user);
      await this.users.update(manager, user.id, { isAdmin: true });
      user.isAdmin = true;
      const version = await this.users.nextVersion(manager, user.id);
      await this.events.record(manager, 'identity.user.updated', toUserSnapshot(user), version);
      // Gateways drop the sessions they remember for this user (see SessionsService).
      await this.events.record(manager, 'identity.user.access-changed', {
        userId: user.id,
        reason: 'role-changed',
      });
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
