import {
  DISCOVERY_MESSAGES,
  type CheckInCommentDto,
  type CheckInLikeDto,
  type StatusCommentDto,
  type StatusLikeDto,
} from '@dinebuds/contracts';
import type { ServiceEvents } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { authorOf } from '../common/author.js';
import type { ReviewsEventType } from '../reviews.service-definition.js';
import {
  CHECK_IN_TABLES,
  STATUS_TABLES,
  type CommentRow,
  type ReactionTables,
} from './reactions.repository.js';

type Events = ServiceEvents<ReviewsEventType>;

/** A like given (`liked`) or taken back. */
export interface LikeChange {
  postId: number;
  ownerId: number;
  userId: number;
  liked: boolean;
  occurredAt: string;
}

/** A comment deleted by `deletedBy` (its author or the post's owner). */
export interface CommentDeletion {
  commentId: number;
  postId: number;
  ownerId: number;
  authorId: number;
  deletedBy: number;
  occurredAt: string;
}

/**
 * One kind of post people like and comment on: where its reactions are stored, how its answers
 * name the post (checkInId, statusId) and which events each change records.
 */
export interface ReactionTarget<Like, Comment> {
  tables: ReactionTables;
  notFound: string;
  likeDto(postId: number, liked: boolean, likeCount: number): Like;
  commentDto(row: CommentRow): Comment;
  recordLike(events: Events, manager: EntityManager, change: LikeChange): Promise<void>;
  recordComment(events: Events, manager: EntityManager, row: CommentRow, ownerId: number): Promise<void>;
  recordCommentDeleted(events: Events, manager: EntityManager, deletion: CommentDeletion): Promise<void>;
}

const comment = (row: CommentRow) => ({
  id: row.id,
  user: authorOf(row),
  text: row.text,
  createdAt: row.created_at.toISOString(),
});

export const CHECK_IN_REACTIONS: ReactionTarget<CheckInLikeDto, CheckInCommentDto> = {
  tables: CHECK_IN_TABLES,
  notFound: DISCOVERY_MESSAGES.checkInNotFound,
  likeDto: (checkInId, liked, likeCount) => ({ checkInId, liked, likeCount }),
  commentDto: (row) => ({ ...comment(row), checkInId: row.post_id }),
  recordLike: (events, manager, { postId, liked, ...change }) =>
    events.record(manager, liked ? 'reviews.checkin.liked' : 'reviews.checkin.unliked', {
      checkInId: postId,
      ...change,
    }),
  recordComment: (events, manager, row, ownerId) =>
    events.record(manager, 'reviews.checkin.commented', {
      commentId: row.id,
      checkInId: row.post_id,
      ownerId,
      userId: row.user_id,
      text: row.text,
      createdAt: row.created_at.toISOString(),
    }),
  recordCommentDeleted: (events, manager, { postId, ...deletion }) =>
    events.record(manager, 'reviews.checkin.comment-deleted', { checkInId: postId, ...deletion }),
};

export const STATUS_REACTIONS: ReactionTarget<StatusLikeDto, StatusCommentDto> = {
  tables: STATUS_TABLES,
  notFound: DISCOVERY_MESSAGES.statusNotFound,
  likeDto: (statusId, liked, likeCount) => ({ statusId, liked, likeCount }),
  commentDto: (row) => ({ ...comment(row), statusId: row.post_id }),
  recordLike: (events, manager, { postId, liked, ...change }) =>
    events.record(manager, liked ? 'reviews.status.liked' : 'reviews.status.unliked', {
      statusId: postId,
      ...change,
    }),
  recordComment: (events, manager, row, ownerId) =>
    events.record(manager, 'reviews.status.commented', {
      commentId: row.id,
      statusId: row.post_id,
      ownerId,
      userId: row.user_id,
      text: row.text,
      createdAt: row.created_at.toISOString(),
    }),
  recordCommentDeleted: (events, manager, { postId, ...deletion }) =>
    events.record(manager, 'reviews.status.comment-deleted', { statusId: postId, ...deletion }),
};
