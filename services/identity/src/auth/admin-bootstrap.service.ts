import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IDENTITY_DATA_SOURCE } from '../config.js';
import { DataSource } from 'typeorm';
import { IdentityEvents } from '../common/identity-outbox.js';
import { CONSTRAINTS, isUniqueViolation } from '../common/db-errors.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserSnapshot } from '../users/user.mapper.js';
import { normalizeUsername, passwordProblem, usernameProblem } from '../users/user.policy.js';
import { PasswordHasher } from './password-hasher.js';

/**
 * ADMIN_USERNAME / ADMIN_PASSWORD: the account is created as an admin on first start, or an
 * existing account with that name is promoted (nothing else about it changes). Safe to run on
 * every start and from several replicas at once.
 */
@Injectable()
export class AdminBootstrapService {
  private readonly logger = new Logger(AdminBootstrapService.name);

  constructor(
    @InjectDataSource(IDENTITY_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly events: IdentityEvents,
  ) {}

  async ensureAdmin(rawUsername: string, password: string): Promise<void> {
    const username = normalizeUsername(rawUsername);
    const problem = usernameProblem(username) ?? passwordProblem(password);
    if (problem) throw new Error(`Invalid admin account configuration: ${problem}`);
    if (await this.promote(username)) return;
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
    } catch (error) {
      // Another replica created it first: promote (a no-op when it is already an admin).
      if (!isUniqueViolation(error, CONSTRAINTS.usernameUnique)) throw error;
      await this.promote(username);
    }
  }

  /** True when the account exists (and is an admin now). */
  private async promote(username: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .setLock('pessimistic_write')
        .where('lower(u.username) = lower(:username)', { username })
        .getOne();
      if (!user) return false;
      if (!user.isAdmin) {
        user.isAdmin = true;
        await manager.save(user);
        await this.events.record(manager, 'identity.user.updated', toUserSnapshot(user));
        this.logger.log({ username: user.username }, 'Existing account promoted to admin');
      }
      return true;
    });
  }
}
