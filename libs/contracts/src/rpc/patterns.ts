import type { IdentityRpc } from './identity.js';
import type { MessagingRpc } from './messaging.js';
import type { ModerationRpc } from './moderation.js';
import type { ReviewsRpc } from './reviews.js';
import type { SocialRpc } from './social.js';

/** Each service's RPC contract, by the service's catalogue name. */
export interface ServiceRpc {
  identity: IdentityRpc;
  'social-graph': SocialRpc;
  reviews: ReviewsRpc;
  messaging: MessagingRpc;
  moderation: ModerationRpc;
}

export type RpcServiceName = keyof ServiceRpc;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every pattern of every service (patterns are namespaced, so no two services share one). */
export type AnyRpc = Intersection<ServiceRpc[RpcServiceName]>;
export type AnyPattern = keyof AnyRpc & string;

/** `true` when `Listed` names every key of `Contract`, else the missing ones (a compile error). */
type EveryPattern<Contract, Listed extends readonly (keyof Contract)[]> = [
  Exclude<keyof Contract, Listed[number]>,
] extends [never]
  ? Listed
  : { missing: Exclude<keyof Contract, Listed[number]> };

/** A list that must hold every pattern of the contract: a new pattern fails to compile until listed. */
function patternsOf<Contract>() {
  return <const Listed extends readonly (keyof Contract & string)[]>(
    listed: Listed & EveryPattern<Contract, Listed>,
  ): readonly (keyof Contract & string)[] => listed;
}

/**
 * The patterns each service answers, as data: the kit checks at definition time that a service's
 * controllers route each exactly once (`defineService({ rpc: RPC_PATTERNS.identity, ... })`).
 */
export const RPC_PATTERNS: { readonly [S in RpcServiceName]: readonly (keyof ServiceRpc[S] & string)[] } = {
  identity: patternsOf<IdentityRpc>()([
    'auth.register',
    'auth.login',
    'auth.logout',
    'sessions.resolve',
    'sessions.list',
    'sessions.revoke',
    'users.me',
    'adminUsers.list',
    'adminUsers.get',
    'adminUsers.deactivate',
    'adminUsers.reactivate',
    'users.list',
    'users.search',
    'users.get',
    'users.getByUsername',
    'users.update',
    'users.togglePrivacy',
    'users.setPicture',
    'users.getPicture',
    'users.changePassword',
    'users.deleteSelf',
    'users.delete',
    'users.export',
    'badges.listFlavor',
    'badges.setFlavor',
    'badges.listCity',
    'badges.setCity',
    'badges.adminCatalogue',
    'badges.rename',
    'badges.setTierThreshold',
  ]),
  'social-graph': patternsOf<SocialRpc>()([
    'follows.status',
    'follows.follow',
    'follows.unfollow',
    'follows.followers',
    'follows.following',
    'follows.followersPage',
    'follows.followingPage',
    'follows.followersCount',
    'follows.followingCount',
    'requests.list',
    'requests.accept',
    'requests.reject',
    'blocks.block',
    'blocks.unblock',
    'blocks.list',
    'recommendations.list',
    'mutes.mute',
    'mutes.unmute',
    'mutes.status',
    'mutes.list',
    'follows.removeFollower',
    'follows.export',
  ]),
  reviews: patternsOf<ReviewsRpc>()([
    'reviews.byUser',
    'reviews.create',
    'reviews.update',
    'reviews.delete',
    'reviews.adminList',
    'restaurants.list',
    'restaurants.detail',
    'restaurants.photo',
    'restaurants.setPhoto',
    'restaurants.toggleSave',
    'restaurants.isSaved',
    'restaurants.updateDetails',
    'restaurants.merge',
    'saved.list',
    'saved.save',
    'saved.remove',
    'activity.ofUser',
    'discovery.ranked',
    'discovery.tasteMatch',
    'discovery.search',
    'discovery.recommendations',
    'discovery.feed',
    'discovery.hotspots',
    'checkIns.checkIn',
    'checkIns.checkOut',
    'checkIns.current',
    'checkIns.unreviewed',
    'discovery.stories',
    'checkIns.toggleLike',
    'checkIns.comments',
    'checkIns.comment',
    'checkIns.deleteComment',
    'statuses.post',
    'statuses.buds',
    'statuses.toggleLike',
    'statuses.comments',
    'statuses.comment',
    'statuses.deleteComment',
    'reviews.export',
    'saved.import',
  ]),
  messaging: patternsOf<MessagingRpc>()([
    'messages.conversation',
    'messages.send',
    'messages.markRead',
    'messages.report',
    'messages.unreadCount',
    'messages.since',
    'conversations.list',
    'polls.create',
    'polls.get',
    'polls.vote',
    'admin.messageContext',
    'messages.export',
  ]),
  moderation: patternsOf<ModerationRpc>()([
    'feedback.submit',
    'feedback.list',
    'feedback.resolve',
    'reports.create',
    'reports.list',
    'reports.resolve',
    'reports.dismiss',
    'reportedMessages.list',
    'reportedMessages.dismiss',
    'auditLog.list',
    'appeals.decisions',
    'appeals.create',
    'appeals.decide',
    'appeals.createForAction',
    'appeals.list',
    'feedback.export',
  ]),
};

/**
 * An answer already written as JSON text (a stored read snapshot): services and the gateway pass
 * it through as it is, instead of parsing it and writing it again at each hop. `T` is what the
 * text parses to, so a handler still cannot drift from its contract.
 */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/**
 * The same answer gzip-compressed, as stored beside its text: sent to a caller that accepts gzip
 * (every browser does) with `Content-Encoding: gzip`, so no hop compresses it again per request.
 */
export type GzipJson<T> = Uint8Array & { readonly __gzipJsonOf?: T };

/** A JSON answer in the form it travels: its text, or its gzip for a caller that accepts gzip. */
export type JsonAnswer<T> = JsonText<T> | GzipJson<T>;
