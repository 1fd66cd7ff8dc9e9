import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@dinebuds/contracts';
import { rowsOf, schemaTable } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import type { PersonColumns } from '../common/admin.policy.js';
import { MODERATION_SCHEMA } from '../config.js';
import { AuditEntryEntity } from './audit-entry.entity.js';

const AUDIT = schemaTable(MODERATION_SCHEMA, 'audit_log');
const USERS = schemaTable(MODERATION_SCHEMA, 'users');
const REVIEWS = schemaTable(MODERATION_SCHEMA, 'reviews');

/** An admin action against a person's content (their moderation decisions). */
export interface ActionAgainstRow {
  id: number;
  action: string;
  targetType: string;
  targetId: number;
  reason: string | null;
  createdAt: Date;
  reviewRating: number | null;
  reviewRestaurantId: number | null;
}

/** What an admin did, as a use case records it in the transaction of the action itself. */
export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  /** Moderation's own 'feedback', 'report', 'message' or 'appeal'; other services' 'user', 'review'... */
  targetType: string;
  targetId: number;
  subjectUserId: number | null;
  reason: string | null;
  at: Date;
}

export interface AuditRow {
  id: number;
  action: string;
  actorId: number;
  actor: PersonColumns;
  targetType: string;
  targetId: number;
  subjectUserId: number | null;
  subject: PersonColumns | null;
  reason: string | null;
  createdAt: Date;
}

interface FlatRow {
  id: number;
  action: string;
  actorId: number;
  actorUsername: string | null;
  actorName: string | null;
  actorPicture: string | null;
  targetType: string;
  targetId: number;
  subjectUserId: number | null;
  subjectUsername: string | null;
  subjectName: string | null;
  subjectPicture: string | null;
  reason: string | null;
  createdAt: Date;
}

/** The audit log: one row per admin action, written with the action, read newest first. */
@Injectable()
export class AuditLogRepository {
  /**
   * An action another service recorded ('admin.action.recorded'), stored once per its actionId
   * (a redelivered or republished event adds nothing); answers whether it was new.
   */
  async recordOnce(
    manager: EntityManager,
    actionId: string,
    entry: Omit<AuditRecord, 'action'> & { action: string },
  ) {
    const rows = rowsOf<{ id: number }>(
      await manager.query(
        `INSERT INTO ${AUDIT} (action_id, actor_id, action, target_type, target_id, subject_user_id, reason, created_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (action_id) DO NOTHING RETURNING id`,
        [
          actionId,
          entry.actorId,
          entry.action,
          entry.targetType,
          entry.targetId,
          entry.subjectUserId,
          entry.reason,
          entry.at,
        ],
      ),
    );
    return rows.length > 0;
  }

  /** One entry, for an appeal of it. */
  async find(manager: EntityManager, id: number): Promise<AuditEntryEntity | null> {
    return manager.findOneBy(AuditEntryEntity, { id });
  }

  /**
   * The actions of `actions` taken against this person's content, newest first, with what moderation
   * knows of a review target (its rating and restaurant: the row stays after the review's deletion).
   */
  async against(
    manager: EntityManager,
    userId: number,
    actions: readonly string[],
  ): Promise<ActionAgainstRow[]> {
    return rowsOf<ActionAgainstRow>(
      await manager.query(
        `SELECT a.id, a.action, a.target_type AS "targetType", a.target_id AS "targetId", a.reason,
            a.created_at AS "createdAt", r.rating AS "reviewRating", r.restaurant_id AS "reviewRestaurantId"
          FROM ${AUDIT} a
          LEFT JOIN ${REVIEWS} r ON a.target_type = 'review' AND r.id = a.target_id
          WHERE a.subject_user_id = $1 AND a.action = ANY($2::text[])
          ORDER BY a.id DESC`,
        [userId, actions],
      ),
    );
  }

  async record(manager: EntityManager, entry: AuditRecord): Promise<void> {
    await manager.insert(AuditEntryEntity, {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      subjectUserId: entry.subjectUserId,
      reason: entry.reason,
      createdAt: entry.at,
    });
  }

  /**
   * A deleted person is no longer named as whom an action concerned (the entry stays: what the
   * admin did). Their id as an actor is kept: an admin's record.
   */
  async forgetSubject(manager: EntityManager, userId: number): Promise<void> {
    await manager.update(AuditEntryEntity, { subjectUserId: userId }, { subjectUserId: null });
  }

  /** Newest first; only the actions concerning `subjectUserId` when it is set. */
  async page(
    manager: EntityManager,
    page: { limit: number; offset: number; subjectUserId: number | null },
  ): Promise<AuditRow[]> {
    const rows = rowsOf<FlatRow>(
      await manager.query(
        `SELECT a.id, a.action, a.actor_id AS "actorId", au.username AS "actorUsername", au.name AS "actorName",
            au.profile_picture AS "actorPicture", a.target_type AS "targetType", a.target_id AS "targetId",
            a.subject_user_id AS "subjectUserId", su.username AS "subjectUsername", su.name AS "subjectName",
            su.profile_picture AS "subjectPicture", a.reason, a.created_at AS "createdAt"
          FROM ${AUDIT} a
          LEFT JOIN ${USERS} au ON au.id = a.actor_id
          LEFT JOIN ${USERS} su ON su.id = a.subject_user_id
          WHERE ($3::integer IS NULL OR a.subject_user_id = $3)
          ORDER BY a.id DESC LIMIT $1 OFFSET $2`,
        [page.limit, page.offset, page.subjectUserId],
      ),
    );
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      actorId: row.actorId,
      actor: {
        id: row.actorId,
        username: row.actorUsername,
        name: row.actorName,
        profilePicture: row.actorPicture,
      },
      targetType: row.targetType,
      targetId: row.targetId,
      subjectUserId: row.subjectUserId,
      subject:
        row.subjectUserId === null
          ? null
          : {
              id: row.subjectUserId,
              username: row.subjectUsername,
              name: row.subjectName,
              profilePicture: row.subjectPicture,
            },
      reason: row.reason,
      createdAt: row.createdAt,
    }));
  }
}
