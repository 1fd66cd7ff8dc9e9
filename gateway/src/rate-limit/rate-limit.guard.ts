import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { FixedWindowCounter, type HitResult } from './fixed-window.js';
import { RATE_LIMIT_AUTH, RATE_LIMIT_SKIP } from './rate-limit.decorators.js';

const MINUTE_MS = 60_000;
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again in a minute.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a minute.';

/**
 * Global guard, before the session guard so a flood never reaches identity: every /api route
 * counts against rateLimitPerMinute per IP, and @AuthRateLimit() routes (login, register, password
 * change) also against rateLimitAuthPerMinute. `req.ip` honours the trust-proxy setting: with it
 * off (the default) the key is the peer's address, whatever X-Forwarded-For says.
 *
 * Why not @nestjs/throttler: its 6.x build is CommonJS requiring the ESM-only @nestjs/common 12,
 * which Node 20 loads but Jest's ESM runtime cannot, so no test could start the gateway.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly counter = new FixedWindowCounter();

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_OPTIONS) private readonly options: ResolvedGatewayOptions,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(RATE_LIMIT_SKIP, targets)) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const res = http.getResponse<FastifyReply>();
    const ip = req.ip ?? 'unknown';
    if (this.reflector.getAllAndOverride<boolean>(RATE_LIMIT_AUTH, targets)) {
      this.enforce(
        res,
        this.counter.hit(`auth:${ip}`, this.options.rateLimitAuthPerMinute, MINUTE_MS),
        TOO_MANY_ATTEMPTS,
      );
    }
    this.enforce(
      res,
      this.counter.hit(`all:${ip}`, this.options.rateLimitPerMinute, MINUTE_MS),
      TOO_MANY_REQUESTS,
    );
    return true;
  }

  private enforce(res: FastifyReply, result: HitResult, message: string): void {
    if (result.allowed) return;
    res.header('Retry-After', String(result.resetSeconds));
    throw new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
