import { Injectable } from '@nestjs/common';
import { DISCOVERY_LIMITS, DISCOVERY_MESSAGES, type Caller, type MessageResponse } from '@dinebuds/contracts';
import { badRequest, forbidden, notFound } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { PrivacyService } from '../privacy/privacy.service.js';
import { SocialGraphEdgesRepository } from '../projections/social-graph/social-graph-edges.repository.js';
import type { ReviewsEventType } from '../reviews.service-definition.js';
import type { ReactionTarget } from './reaction-targets.js';
import { ReactionsRepository } from './reactions.repository.js';

/**
 * Likes (toggle, count) and comments on a check-in or a status (a ReactionTarget), one code path
 * for both. Anyone who may see the post's owner's activity may react: 404 for an unknown post or
 * a block between you, 403 for a private owner you are not an approved follower of. Each change
 * records its event in its transaction.
 */
@Injectable()
export class ReactionsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly reactions: ReactionsRepository,
    private readonly events: ServiceEvents<ReviewsEventType>,
    private readonly edges: SocialGraphEdgesRepository,
    private readonly privacy: PrivacyService,
  ) {}

  /** Likes the post, or takes the like back; answers the new state and count. */
  async toggleLike<Like, Comment>(
    caller: Caller,
    target: ReactionTarget<Like, Comment>,
    postId: number,
  ): Promise<Like> {
    const ownerId = await this.reactableOwner(caller, target, postId);
    const t = target.tables;
    return this.transactions.run(async (manager) => {
      const userId = caller.userId;
      const unliked = await this.reactions.unlike(manager, t, postId, userId);
      if (!unliked) await this.reactions.like(manager, t, postId, userId);
      await target.recordLike(this.events, manager, {
        postId,
        ownerId,
        userId,
        liked: !unliked,
        occurredAt: new Date().toISOString(),
      });
      return target.likeDto(postId, !unliked, await this.reactions.likeCount(manager, t, postId));
    });
  }

  /** The post's comments, oldest first (commentsMax of them). */
  async comments<Like, Comment>(
    caller: Caller,
    target: ReactionTarget<Like, Comment>,
    postId: number,
  ): Promise<Comment[]> {
    await this.reactableOwner(caller, target, postId);
    const rows = await this.reactions.comments(
      this.transactions.outside,
      target.tables,
      postId,
      DISCOVERY_LIMITS.commentsMax,
    );
    return rows.map((row) => target.commentDto(row));
  }

  /** Writes a comment (trimmed, not blank). */
  async comment<Like, Comment>(
    caller: Caller,
    target: ReactionTarget<Like, Comment>,
    postId: number,
    text: string,
  ): Promise<Comment> {
    const clean = text.trim();
    if (clean === '') throw badRequest(DISCOVERY_MESSAGES.commentRequired);
    const ownerId = await this.reactableOwner(caller, target, postId);
    return this.transactions.run(async (manager) => {
      const row = await this.reactions.addComment(manager, target.tables, postId, caller.userId, clean);
      await target.recordComment(this.events, manager, row, ownerId);
      return target.commentDto(row);
    });
  }

  /**
   * Deletes a comment: its author may, and so may the post's owner (their post, their thread).
   * A refusal is decided before any transaction, so it writes nothing: 404 for an unknown post or
   * comment; anyone else gets 403 (or 404/403 when they may not even see the post). The deletion
   * checks the same again in its one statement.
   */
  async deleteComment<Like, Comment>(
    caller: Caller,
    target: ReactionTarget<Like, Comment>,
    postId: number,
    commentId: number,
  ): Promise<MessageResponse> {
    await this.assertMayDelete(caller, target, postId, commentId);
    const deleted = await this.transactions.run(async (manager) => {
      const comment = await this.reactions.deleteComment(
        manager,
        target.tables,
        postId,
        commentId,
        caller.userId,
      );
      if (comment !== null)
        await target.recordCommentDeleted(this.events, manager, {
          commentId,
          postId,
          ...comment,
          deletedBy: caller.userId,
          occurredAt: new Date().toISOString(),
        });
      return comment !== null;
    });
    if (!deleted) {
      // Gone meanwhile (deleted twice at once, or its post deleted): answered as if seen first.
      await this.assertMayDelete(caller, target, postId, commentId);
      throw notFound(DISCOVERY_MESSAGES.commentNotFound);
    }
    return { message: DISCOVERY_MESSAGES.commentDeleted };
  }

  /** Throws the refusal when the caller may not delete the comment: neither its author nor the post's owner. */
  private async assertMayDelete<Like, Comment>(
    caller: Caller,
    target: ReactionTarget<Like, Comment>,
    postId: number,
    commentId: number,
  ): Promise<void> {
    const found = await this.reactions.commentAndOwner(
      this.transactions.outside,
      target.tables,
      postId,
      commentId,
    );
    if (found.ownerId === null) throw notFound(target.notFound);
    if (found.authorId === null) throw notFound(DISCOVERY_MESSAGES.commentNotFound);
    if (found.authorId === caller.userId || found.ownerId === caller.userId) return;
    await this.assertMayReact(caller, target, found.ownerId);
    throw forbidden(DISCOVERY_MESSAGES.commentNotYours);
  }

  /** The post's owner, when the caller may see and react to it (else 404 or 403). */
  private async reactableOwner<Like, Comment>(
    caller: Caller,
    target: ReactionTarget<Like, Comment>,
    postId: number,
  ): Promise<number> {
    const ownerId = await this.reactions.ownerOf(this.transactions.outside, target.tables, postId);
    if (ownerId === null) throw notFound(target.notFound);
    await this.assertMayReact(caller, target, ownerId);
    return ownerId;
  }

  /** 404 when a block stands between the caller and the post's owner, 403 for a private owner. */
  private async assertMayReact<Like, Comment>(
    caller: Caller,
    target: ReactionTarget<Like, Comment>,
    ownerId: number,
  ): Promise<void> {
    if (ownerId === caller.userId) return;
    if (await this.edges.blockedEitherWay(this.transactions.outside, caller.userId, ownerId))
      throw notFound(target.notFound);
    await this.privacy.assertCanSee(caller.userId, ownerId);
  }
}
