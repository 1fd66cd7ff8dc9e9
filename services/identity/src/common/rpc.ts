import type { IdentityPattern, IdentityRpc } from '@dinebuds/contracts';
import { rpcRoute, type EveryPatternListed, type RpcAnswer } from '@dinebuds/service-kit';

/** Every pattern of IdentityRpc; the type below fails to compile when one is missing. */
export const IDENTITY_PATTERNS = [
  'auth.register',
  'auth.login',
  'auth.logout',
  'sessions.resolve',
  'sessions.list',
  'sessions.revoke',
  'users.me',
  'users.list',
  'users.search',
  'users.get',
  'users.getByUsername',
  'users.update',
  'users.togglePrivacy',
  'users.setPicture',
  'users.getPicture',
  'users.changePassword',
  'badges.listFlavor',
  'badges.setFlavor',
  'badges.listCity',
  'badges.setCity',
] as const satisfies readonly IdentityPattern[];

export const everyPatternListed: EveryPatternListed<IdentityPattern, typeof IDENTITY_PATTERNS> = true;

/** `POST /rpc/{pattern}` answering 200, for a pattern of IdentityRpc only. */
export const Rpc: (pattern: IdentityPattern) => MethodDecorator = rpcRoute;

/** The promised answer of a pattern, so a handler cannot drift from the contract. */
export type RpcResult<P extends IdentityPattern> = RpcAnswer<IdentityRpc, P>;
