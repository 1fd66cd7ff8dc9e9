import { Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_USERS_MESSAGES,
  generateBio,
  type AuthResult,
  type Caller,
  type ClientInfo,
  type MessageResponse,
} from '@dinebuds/contracts';
import { badRequest, DomainError, forbidden } from '@dinebuds/errors';
import { CONSTRAINTS, isUniqueViolation } from '../common/db-errors.js';
import { BadgesService } from '../badges/badges.service.js';
import type { FlavorChoice } from '../badges/badge.policy.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { IdentityEventType } from '../identity.service-definition.js';
import { UsersRepository } from '../users/users.repository.js';
import { toUserDto, toUserSnapshot } from '../users/user.mapper.js';
import { fitBio, userNotFound } from '../users/user.policy.js';
import { passwordChangeProblem, plausibleCredentials } from './auth.policy.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const usernameTaken = () => new DomainError('USERNAME_TAKEN', 'Username already exists');

/** A registration whose fields passed the shape and domain checks (see auth.policy). */
export interface Registration {
  username: string;
  password: string;
  name: string;
  /** undefined: generate from the preferences. */
  bio: string | null | undefined;
  isPrivate: boolean;
  flavors: FlavorChoice[];
  cities: string[];
  client: ClientInfo;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly badges: BadgesService,
    private readonly events: ServiceEvents<IdentityEventType>,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * User, badges, first session, identity.user.registered and identity.user.badges-changed commit
   * together or not at all.
   */
  async register(input: Registration): Promise<AuthResult> {
    // Cheap pre-check so a taken name does not cost a hash; the unique index settles races.
    if (await this.users.usernameExists(this.transactions.outside, input.username)) throw usernameTaken();
    const passwordHash = await this.hasher.hash(input.password);
    const bio =
      input.bio === undefined
        ? fitBio(
            generateBio(
              input.flavors.map((f) => f.badgeId),
              input.cities,
            ),
          )
        : input.bio;
    try {
      return await this.transactions.run(async (manager) => {
        const user = await this.users.insert(manager, {
          username: input.username,
          name: input.name,
          bio,
          passwordHash,
          isPrivate: input.isPrivate,
          isAdmin: false,
        });
        const id = user.id;
        await this.badges.addFlavorBadges(manager, id, input.flavors);
        await this.badges.addCityBadges(manager, id, input.cities);
        const { token, session } = await this.sessions.create(manager, id, input.client);
        await this.events.record(
          manager,
          'identity.user.registered',
          {
            ...toUserSnapshot(user),
            flavorBadges: input.flavors.map((f) => f.badgeId),
            cityBadges: input.cities,
            createdAt: user.createdAt.toISOString(),
          },
          await this.users.nextVersion(manager, id),
        );
        await this.badges.recordBadgesChanged(manager, id);
        return { user: toUserDto(user), sessionToken: token, sessionId: session.id };
      });
    } catch (error) {
      if (isUniqueViolation(error, CONSTRAINTS.usernameUnique)) throw usernameTaken();
      throw error;
    }
  }

  /**
   * Same answer and roughly the same time whether the username or the password is wrong. A name
   * with too many failures is refused (429) before any password work; a full password queue
   * refuses with 503 before hashing.
   */
  async login(username: string, password: string, client: ClientInfo): Promise<AuthResult> {
    this.throttle.check(username);
    try {
      const result = await this.checkCredentials(username, password, client);
      this.throttle.succeeded(username);
      return result;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID_CREDENTIALS')
        this.throttle.failed(username);
      throw error;
    }
  }

  private async checkCredentials(
    username: string,
    password: string,
    client: ClientInfo,
  ): Promise<AuthResult> {
    // Every path below ends in a verification: when the password queue would refuse it anyway,
    // refuse before the account lookup (in a storm, most sign-ins that reach identity).
    this.hasher.refuseIfBusy();
    if (!plausibleCredentials(username, password)) {
      await this.hasher.verifyDummy(password.slice(0, 256));
      throw new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    const user = await this.users.findCredentialsByUsername(this.transactions.outside, username.trim());
    if (!user) {
      await this.hasher.verifyDummy(password);
      throw new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      throw new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    // Told only to whoever knows the password: a wrong one never reveals the account's state.
    if (!user.isActive) throw forbidden(ADMIN_USERS_MESSAGES.accountDeactivated);
    const rehash = this.hasher.needsRehash(user.passwordHash) ? await this.hasher.hash(password) : null;
    return this.transactions.run(async (manager) => {
      if (rehash) await this.users.update(manager, user.id, { passwordHash: rehash });
      const { token, session } = await this.sessions.create(manager, user.id, client);
      return { user: toUserDto(user), sessionToken: token, sessionId: session.id };
    });
  }

  async logout(token: string): Promise<MessageResponse> {
    await this.sessions.revokeByToken(token);
    return { message: 'Logged out successfully' };
  }

  /** Verifies the current password, enforces strength, and signs out every other session. */
  async changePassword(
    caller: Caller,
    currentPassword: string,
    newPassword: string,
  ): Promise<MessageResponse> {
    const user = await this.users.findCredentialsById(this.transactions.outside, caller.userId);
    if (!user) throw userNotFound();
    if (!(await this.hasher.verify(user.passwordHash, currentPassword)))
      throw badRequest('Current password is incorrect');
    const problem = passwordChangeProblem(currentPassword, newPassword);
    if (problem) throw badRequest(problem);
    const passwordHash = await this.hasher.hash(newPassword);
    await this.transactions.run(async (manager) => {
      await this.users.update(manager, user.id, { passwordHash });
      const revoked = await this.sessions.revokeOthers(manager, user.id, caller.sessionId);
      this.logger.log({ userId: user.id, revokedSessions: revoked }, 'Password changed');
    });
    return { message: 'Password updated' };
  }
}
