import { Injectable } from '@nestjs/common';
import {
  ifNoneMatchHits,
  type Caller,
  type CurrentUserDto,
  type PictureData,
  type ProfilePictureResponse,
  type TogglePrivacyResponse,
  type UserDto,
  type UserSummaryDto,
} from '@dinebuds/contracts';
import { decodeImage } from '@dinebuds/api-dto';
import { DomainError } from '@dinebuds/errors';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { PICTURE_UPLOAD, pictureEtag } from './picture.policy.js';
import type { UserEntity } from './user.entity.js';
import type { IdentityEventType } from '../identity.service-definition.js';
import { UsersRepository } from './users.repository.js';
import {
  type PublicUserFields,
  profilePictureUrl,
  toUserDto,
  toUserSnapshot,
  toUserSummaryDto,
} from './user.mapper.js';
import {
  assertOwner,
  assertOwnerOrAdmin,
  likeContains,
  userNotFound,
  validBio,
  validName,
} from './user.policy.js';

const pictureNotFound = () => new DomainError('NOT_FOUND', 'Profile picture not found');

/**
 * users.getPicture's answer. `notModified: true` when the caller's If-None-Match listed the ETag:
 * then `dataBase64` is empty (the bytes were not read) and the gateway answers 304.
 */
export interface PictureAnswer extends PictureData {
  notModified?: true;
}

export interface ProfileChanges {
  name?: string;
  bio?: string | null;
  isPrivate?: boolean;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly events: ServiceEvents<IdentityEventType>,
  ) {}

  private async findById(id: number): Promise<UserEntity | null> {
    return this.users.findById(this.transactions.outside, id);
  }

  private async requireUser(id: number): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw userNotFound();
    return user;
  }

  /** Locks the row for the rest of the transaction, so concurrent edits apply one after the other. */
  private async lockUser(manager: EntityManager, id: number): Promise<UserEntity> {
    const user = await this.users.lockById(manager, id);
    if (!user) throw userNotFound();
    return user;
  }

  private async findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.findByUsername(this.transactions.outside, username);
  }

  /** The public columns only (the hot read of users.get and users.me). */
  private async requirePublicUser(id: number): Promise<PublicUserFields> {
    const user = await this.users.findPublicById(this.transactions.outside, id);
    if (!user) throw userNotFound();
    return user;
  }

  async me(caller: Caller): Promise<CurrentUserDto> {
    return toUserDto(await this.requirePublicUser(caller.userId));
  }

  async get(id: number): Promise<UserDto> {
    return toUserDto(await this.requirePublicUser(id));
  }

  async getByUsername(username: string): Promise<UserDto> {
    const user = await this.findByUsername(username.trim());
    if (!user) throw userNotFound();
    return toUserDto(user);
  }

  async list(page: Page): Promise<UserSummaryDto[]> {
    const users = await this.users.list(this.transactions.outside, page);
    return users.map(toUserSummaryDto);
  }

  /** Substring match on name or username, case-insensitive; an empty query lists everyone. */
  async search(query: string, page: Page): Promise<UserSummaryDto[]> {
    const q = query.trim();
    if (q === '') return this.list(page);
    const users = await this.users.search(this.transactions.outside, likeContains(q), page);
    return users.map(toUserSummaryDto);
  }

  async update(caller: Caller, id: number, changes: ProfileChanges): Promise<UserDto> {
    await this.requireUser(id);
    assertOwner(caller.userId, id);
    const name = changes.name === undefined ? undefined : validName(changes.name);
    const bio = changes.bio === undefined ? undefined : validBio(changes.bio);
    return this.transactions.run(async (manager) => {
      const user = await this.lockUser(manager, id);
      if (name !== undefined) user.name = name;
      if (bio !== undefined) user.bio = bio;
      if (changes.isPrivate !== undefined) user.isPrivate = changes.isPrivate;
      const saved = await this.users.save(manager, user);
      await this.recordUpdated(manager, saved);
      return toUserDto(saved);
    });
  }

  async togglePrivacy(caller: Caller, id: number): Promise<TogglePrivacyResponse> {
    await this.requireUser(id);
    assertOwnerOrAdmin(caller, id);
    return this.transactions.run(async (manager) => {
      const user = await this.lockUser(manager, id);
      user.isPrivate = !user.isPrivate;
      const saved = await this.users.save(manager, user);
      await this.recordUpdated(manager, saved);
      return {
        message: saved.isPrivate ? 'Profile is now private' : 'Profile is now public',
        isPrivate: saved.isPrivate,
      };
    });
  }

  /** Stores the picture when its content (not its declared type) is a JPEG, PNG, GIF or WebP. */
  async setPicture(caller: Caller, id: number, dataBase64: string): Promise<ProfilePictureResponse> {
    await this.requireUser(id);
    assertOwner(caller.userId, id);
    const { bytes, contentType } = await decodeImage(dataBase64, PICTURE_UPLOAD);
    return this.transactions.run(async (manager) => {
      const user = await this.lockUser(manager, id);
      const version = user.pictureVersion + 1;
      await this.users.update(manager, id, {
        picture: bytes,
        pictureType: contentType,
        pictureVersion: version,
      });
      Object.assign(user, { pictureType: contentType, pictureVersion: version });
      await this.recordUpdated(manager, user);
      return { profilePicture: profilePictureUrl(user)! };
    });
  }

  /** identity.user.updated with the user's next version (see UsersRepository.nextVersion). */
  private async recordUpdated(manager: EntityManager, user: UserEntity): Promise<void> {
    const version = await this.users.nextVersion(manager, user.id);
    await this.events.record(manager, 'identity.user.updated', toUserSnapshot(user), version);
  }

  /**
   * The picture, or only its headers when `ifNoneMatch` already lists its ETag: the ETag comes
   * from the small columns, so a revalidation (304) never reads the up-to-5-MB bytes.
   */
  async getPicture(id: number, ifNoneMatch?: string): Promise<PictureAnswer> {
    const head = await this.users.pictureHead(this.transactions.outside, id);
    if (!head) throw userNotFound();
    if (!head.pictureType) throw pictureNotFound();
    const etag = pictureEtag(head.id, head.pictureVersion);
    if (ifNoneMatchHits(ifNoneMatch, etag)) {
      return { contentType: head.pictureType, dataBase64: '', etag, notModified: true };
    }
    const user = await this.users.pictureWithBytes(this.transactions.outside, id);
    if (!user) throw userNotFound();
    if (!user.picture || !user.pictureType) throw pictureNotFound();
    return {
      contentType: user.pictureType,
      dataBase64: user.picture.toString('base64'),
      etag: pictureEtag(user.id, user.pictureVersion),
    };
  }
}
