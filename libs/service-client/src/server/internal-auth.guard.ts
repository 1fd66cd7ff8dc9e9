import { timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { INTERNAL_HEADERS } from '@dinebuds/contracts';

export const INTERNAL_TOKEN = Symbol('INTERNAL_TOKEN');

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Services trust caller headers only from the gateway: every /rpc call must carry the shared
 * INTERNAL_TOKEN. Health endpoints stay open for probes.
 */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  constructor(private readonly token: string) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | undefined>; url: string }>();
    if (!request.url.startsWith('/rpc')) return true;
    const given = request.headers[INTERNAL_HEADERS.token];
    if (typeof given !== 'string' || !sameSecret(given, this.token)) {
      throw new UnauthorizedException('Internal calls must come from the gateway');
    }
    return true;
  }
}
