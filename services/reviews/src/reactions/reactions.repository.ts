import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AUTHOR_COLUMNS_SQL, type AuthorColumns } from '../common/author.js';
import { rowsOf, table } from '../common/sql.js';

const USERS = table('users');

/** Where one kind of post keeps its likes and comments (each table's column naming the post). */
export interface ReactionTables {
  /** The posts (check_ins, statuses): id and user_id. */
  posts: string;
  likes: string;
  comments: string;
  /** The likes' and comments' column naming the post. */
  postColumn: 'check_in_id' | 'status_id';
}

export const CHECK_IN_TABLES: ReactionTables = {
  posts: table('check_ins'),
  likes: table('check_in_likes'),
  comments: table('check_in_comments'),
  postColumn: 'check_in_id',
};

export const STATUS_TABLES: ReactionTables = {
  posts: table('statuses'),
  likes: table('status_likes'),
  comments: table('status_comments'),
  postColumn: 'status_id',
};

/** A comment deleted: who wrote it and whose post it was on. */
export interface DeletedComment {
  authorId: number;
  ownerId: number;
}

/** A comment with its author from the users projection. */
export type CommentRow = AuthorColumns & { id: number; post_id: number; text: string; created_at: Date };

/**
 * SQL: a post's like count, whether viewer `viewer` likes it and its comment count, for the post
 * whose id is `postId` (each by its table's primary key or (post, id) index).
 */
export function reactionColumnsSql(t: ReactionTables, postId: string, viewer: string): string {
  return `(SELECT COUNT(*)::int FROM ${t.likes} l WHERE l.${t.postColumn} = ${postId}) AS like_count,
    EXISTS (SELECT 1 FROM ${t.likes} l WHERE l.${t.postColumn} = ${postId} AND l.user_id = ${viewer}) AS liked_by_me,
    (SELECT COUNT(*)::int FROM ${t.comments} m WHERE m.${t.postColumn} = ${postId}) AS comment_count`;
}

/** Likes and comments of check-ins and statuses: the same statements over each kind's tables. */
@Injectable()
export class ReactionsRepository {
  /** Who posted it (null: no such post). */
  async ownerOf(manager: EntityManager, t: ReactionTables, postId: number): Promise<number | null> {
    const rows = rowsOf<{ user_id: number }>(
      await manager.query(`SELECT user_id FROM ${t.posts} WHERE id = $1`, [postId]),
    );
    return rows[0]?.user_id ?? null;
  }

  /** Adds the like; false when it was there already. */
  async like(manager: EntityManager, t: ReactionTables, postId: number, userId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(
        `INSERT INTO ${t.likes} (${t.postColumn}, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
        [postId, userId],
      ),
    );
    return rows.length === 1;
  }

  /** Removes the like; false when there was none. */
  async unlike(manager: EntityManager, t: ReactionTables, postId: number, userId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(`DELETE FROM ${t.likes} WHERE ${t.postColumn} = $1 AND user_id = $2 RETURNING 1`, [
        postId,
        userId,
      ]),
    );
    return rows.length === 1;
  }

  async likeCount(manager: EntityManager, t: ReactionTables, postId: number): Promise<number> {
    const rows = rowsOf<{ n: number }>(
      await manager.query(`SELECT COUNT(*)::int AS n FROM ${t.likes} WHERE ${t.postColumn} = $1`, [postId]),
    );
    return rows[0].n;
  }

  async addComment(
    manager: EntityManager,
    t: ReactionTables,
    postId: number,
    userId: number,
    text: string,
  ): Promise<CommentRow> {
    const rows = rowsOf<CommentRow>(
      await manager.query(
        `WITH added AS (
           INSERT INTO ${t.comments} (${t.postColumn}, user_id, text) VALUES ($1, $2, $3) RETURNING *)
         SELECT a.id, a.${t.postColumn} AS post_id, a.user_id, a.text, a.created_at, ${AUTHOR_COLUMNS_SQL}
         FROM added a JOIN ${USERS} u ON u.id = a.user_id`,
        [postId, userId, text],
      ),
    );
    return rows[0];
  }

  /** A post's comments, oldest first, `limit` of them (by the comments' (post, id) index). */
  async comments(
    manager: EntityManager,
    t: ReactionTables,
    postId: number,
    limit: number,
  ): Promise<CommentRow[]> {
    return rowsOf<CommentRow>(
      await manager.query(
        `SELECT c.id, c.${t.postColumn} AS post_id, c.user_id, c.text, c.created_at, ${AUTHOR_COLUMNS_SQL}
         FROM ${t.comments} c JOIN ${USERS} u ON u.id = c.user_id
         WHERE c.${t.postColumn} = $1 ORDER BY c.id LIMIT $2`,
        [postId, limit],
      ),
    );
  }

  /**
   * Deletes a comment of the post if `userId` may: its author, or the post's owner. One statement,
   * so nothing can change between the check and the deletion. Null: nothing deleted (no such
   * post or comment, or not theirs to delete: commentAndOwner tells which).
   */
  async deleteComment(
    manager: EntityManager,
    t: ReactionTables,
    postId: number,
    commentId: number,
    userId: number,
  ): Promise<DeletedComment | null> {
    const rows = rowsOf<{ author_id: number; owner_id: number }>(
      await manager.query(
        `DELETE FROM ${t.comments} c USING ${t.posts} p
         WHERE c.id = $1 AND c.${t.postColumn} = $2 AND p.id = c.${t.postColumn}
           AND (c.user_id = $3 OR p.user_id = $3)
         RETURNING c.user_id AS author_id, p.user_id AS owner_id`,
        [commentId, postId, userId],
      ),
    );
    return rows[0] ? { authorId: rows[0].author_id, ownerId: rows[0].owner_id } : null;
  }

  /** The post's owner (null: no such post) and the author of its comment (null: no such comment). */
  async commentAndOwner(
    manager: EntityManager,
    t: ReactionTables,
    postId: number,
    commentId: number,
  ): Promise<{ ownerId: number | null; authorId: number | null }> {
    const rows = rowsOf<{ owner_id: number; author_id: number | null }>(
      await manager.query(
        `SELECT p.user_id AS owner_id, c.user_id AS author_id
         FROM ${t.posts} p LEFT JOIN ${t.comments} c ON c.id = $2 AND c.${t.postColumn} = p.id
         WHERE p.id = $1`,
        [postId, commentId],
      ),
    );
    return { ownerId: rows[0]?.owner_id ?? null, authorId: rows[0]?.author_id ?? null };
  }
}
