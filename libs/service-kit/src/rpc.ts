import { applyDecorators, HttpCode, Post, type Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';

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

/**
 * The routes the controllers' handlers declare, as 'controller-path/handler-path' (an RPC is
 * 'rpc/{pattern}'), one entry per handler: a service's test compares them with its pattern list.
 */
export function rpcRoutesOf(controllers: readonly Type<unknown>[]): string[] {
  const routes: string[] = [];
  for (const controller of controllers) {
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string | undefined;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      if (name === 'constructor') continue;
      const path = Reflect.getMetadata(PATH_METADATA, prototype[name] as object) as string | undefined;
      if (path !== undefined) routes.push(`${base ?? ''}/${path}`);
    }
  }
  return routes;
}
