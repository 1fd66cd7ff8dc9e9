import { timingSafeEqual } from 'node:crypto';
import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { INTERNAL_HEADERS } from '@dinebuds/contracts';
import { VERIFIED_CALLER, callerFromHeaders, type InternalRequest } from './verified-caller.js';

export const INTERNAL_TOKEN = Symbol('INTERNAL_TOKEN');

const OPEN_TO_PROBES = 'dinebuds:open-to-probes';

/**
 * Marks a route (or a whole controller) that answers without the internal token: health and
 * readiness only, which probes call and which reveal nothing about users.
 */
export const OpenToProbes = (): ClassDecorator & MethodDecorator => SetMetadata(OPEN_TO_PROBES, true);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Deny by default: every route Nest matched needs the shared INTERNAL_TOKEN unless it is marked
 * `@OpenToProbes()`. The decision uses the matched handler's metadata, never the URL, so no
 * spelling of a path (letter case, absolute form, dot segments) changes it. The caller headers
 * are read only after the token is verified, and only from here.
 */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  private readonly reflector = new Reflector();

  constructor(private readonly token: string) {
    if (!token) throw new Error('InternalAuthGuard needs a non-empty internal token');
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<InternalRequest>();
    const open = this.reflector.getAllAndOverride<boolean | undefined>(OPEN_TO_PROBES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (open) {
      request[VERIFIED_CALLER] = null;
      return true;
    }
    const given = request.headers[INTERNAL_HEADERS.token];
    if (typeof given !== 'string' || !sameSecret(given, this.token)) {
      throw new UnauthorizedException('Internal calls must come from the gateway');
    }
    request[VERIFIED_CALLER] = callerFromHeaders(request.headers);
    return true;
  }
}
