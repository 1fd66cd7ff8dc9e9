import { applyDecorators, HttpCode, Post } from '@nestjs/common';

/**
 * `true` when `Listed` names every pattern of `Pattern`, else the missing ones, so a service's
 * `everyPatternListed: EveryPatternListed<MyPattern, typeof MY_PATTERNS> = true` fails to compile
 * (naming them) when its list falls behind its contract.
 */
export type EveryPatternListed<Pattern extends string, Listed extends readonly Pattern[]> = [
  Exclude<Pattern, Listed[number]>,
] extends [never]
  ? true
  : Exclude<Pattern, Listed[number]>;

/** `POST /rpc/{pattern}` answering 200 (it is a call, not a resource creation). */
export function rpcRoute<Pattern extends string>(pattern: Pattern): MethodDecorator {
  return applyDecorators(Post(pattern), HttpCode(200));
}

/** The promised answer of a pattern, so a handler cannot drift from its contract. */
export type RpcAnswer<
  Contract extends { [P in Pattern]: { response: unknown } },
  Pattern extends keyof Contract,
> = Promise<Contract[Pattern]['response']>;
