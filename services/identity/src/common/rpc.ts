import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import type { IdentityPattern, IdentityRpc } from '@dinebuds/contracts';

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

type Missing = Exclude<IdentityPattern, (typeof IDENTITY_PATTERNS)[number]>;
export const everyPatternListed: [Missing] extends [never] ? true : Missing = true;

/** `POST /rpc/{pattern}` answering 200 (it is a call, not a resource creation). */
export function Rpc(pattern: IdentityPattern): MethodDecorator {
  return applyDecorators(Post(pattern), HttpCode(200));
}

/** The promised answer of a pattern, so a handler cannot drift from the contract. */
export type RpcResult<P extends IdentityPattern> = Promise<IdentityRpc[P]['response']>;
