import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
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
import { DomainError } from '@dinebuds/errors';
import { fileTypeFromBuffer } from 'file-type';
import { IDENTITY_DATA_SOURCE } from '../config.js';
import { DataSource, type EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { IdentityEvents } from '../common/identity-outbox.js';
import { assertAllowedPictureType, decodePicture, pictureEtag } from './picture.policy.js';
import { UserEntity } from './user.entity.js';
import {
  PUBLIC_USER_BY_ID,
  type PublicUserFields,
  type PublicUserRow,
  fromPublicUserRow,
  profilePictureUrl,
  toUserDto,
  toUserSnapshot,
  toUserSummaryDto,
} from './user.mapper.js';
import { assertOwner, assertOwnerOrAdmin, likeContains, validBio, validName } from './user.policy.js';

export const userNotFound = () => new DomainError('USER_NOT_FOUND', 'User not found');
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
    @InjectDataSource(IDENTITY_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly events: IdentityEvents,
  ) {}

  private get users() {
    return this.dataSource.getRepository(UserEntity);
  }

  async findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  async requireUser(id: number): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw userNotFound();
    return user;
  }

  /** Locks the row for the rest of the transaction, so concurrent edits apply one after the other. */
  async lockUser(manager: EntityManager, id: number): Promise<UserEntity> {
    const user = await manager.findOne(UserEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!user) throw userNotFound();
    return user;
  }

  async findByUsername(username: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  /**
   * The hot read behind every profile and every signed-in page: one parameterised SELECT of the
   * public columns, without TypeORM's per-call query building and entity hydration.
   */
  private async requirePublicUser(id: number): Promise<PublicUserFields> {
    const rows: PublicUserRow[] = await this.dataSource.query(PUBLIC_USER_BY_ID, [id]);
    if (rows.length === 0) throw userNotFound();
    return fromPublicUserRow(rows[0]);
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
    const users = await this.users.find({ order: { id: 'ASC' }, take: page.limit, skip: page.offset });
    return users.map(toUserSummaryDto);
  }

  /** Substring match on name or username, case-insensitive; an empty query lists everyone. */
  async search(query: string, page: Page): Promise<UserSummaryDto[]> {
    const q = query.trim();
    if (q === '') return this.list(page);
    const users = await this.users
      .createQueryBuilder('u')
      .where("(lower(u.username) LIKE :q ESCAPE '\\' OR lower(u.name) LIKE :q ESCAPE '\\')", {
        q: likeContains(q),
      })
      .orderBy('u.id', 'ASC')
      .take(page.limit)
      .skip(page.offset)
      .getMany();
    return users.map(toUserSummaryDto);
  }

  async update(caller: Caller, id: number, changes: ProfileChanges): Promise<UserDto> {
    await this.requireUser(id);
    assertOwner(caller.userId, id);
    const name = changes.name === undefined ? undefined : validName(changes.name);
    const bio = changes.bio === undefined ? undefined : validBio(changes.bio);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.lockUser(manager, id);
      if (name !== undefined) user.name = name;
      if (bio !== undefined) user.bio = bio;
      if (changes.isPrivate !== undefined) user.isPrivate = changes.isPrivate;
      const saved = await manager.save(user);
      await this.events.record(manager, 'identity.user.updated', toUserSnapshot(saved));
      return toUserDto(saved);
    });
  }

  async togglePrivacy(caller: Caller, id: number): Promise<TogglePrivacyResponse> {
    await this.requireUser(id);
    assertOwnerOrAdmin(caller, id);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.lockUser(manager, id);
      user.isPrivate = !user.isPrivate;
      const saved = await manager.save(user);
      await this.events.record(manager, 'identity.user.updated', toUserSnapshot(saved));
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
    const bytes = decodePicture(dataBase64);
    const detected = await fileTypeFromBuffer(bytes);
    const contentType = assertAllowedPictureType(detected?.mime);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.lockUser(manager, id);
      const version = user.pictureVersion + 1;
      await manager.update(
        UserEntity,
        { id },
        { picture: bytes, pictureType: contentType, pictureVersion: version },
      );
      Object.assign(user, { pictureType: contentType, pictureVersion: version });
      await this.events.record(manager, 'identity.user.updated', toUserSnapshot(user));
      return { profilePicture: profilePictureUrl(user)! };
    });
  }

  /**
   * The picture, or only its headers when `ifNoneMatch` already lists its ETag: the ETag comes
   * from the small columns, so a revalidation (304) never reads the up-to-5-MB bytes.
   */
  async getPicture(id: number, ifNoneMatch?: string): Promise<PictureAnswer> {
    const head = await this.users
      .createQueryBuilder('u')
      .select(['u.id', 'u.pictureType', 'u.pictureVersion'])
      .where('u.id = :id', { id })
      .getOne();
    if (!head) throw userNotFound();
    if (!head.pictureType) throw pictureNotFound();
    const etag = pictureEtag(head.id, head.pictureVersion);
    if (ifNoneMatchHits(ifNoneMatch, etag)) {
      return { contentType: head.pictureType, dataBase64: '', etag, notModified: true };
    }
    // Bytes, type and version read together, so the ETag always names these bytes.
    const user = await this.users
      .createQueryBuilder('u')
      .select(['u.id', 'u.pictureType', 'u.pictureVersion'])
      .addSelect('u.picture')
      .where('u.id = :id', { id })
      .getOne();
    if (!user) throw userNotFound();
    if (!user.picture || !user.pictureType) throw pictureNotFound();
    return {
      contentType: user.pictureType,
      dataBase64: user.picture.toString('base64'),
      etag: pictureEtag(user.id, user.pictureVersion),
    };
  }
}
