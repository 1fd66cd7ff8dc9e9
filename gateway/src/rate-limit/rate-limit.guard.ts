import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
} from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { RATE_LIMIT_AUTH, RATE_LIMIT_SKIP } from './rate-limit.decorators.js';

const MINUTE_MS = 60_000;
/** Clients counted at once per limit in memory (an LRU: past it the least recent start afresh). */
export const RATE_LIMIT_CLIENTS = 100_000;
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again in a minute.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a minute.';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * One per-IP, per-minute fixed-window limit counted by @fastify/rate-limit (registered in
 * gateway.bootstrap.ts, in memory or in Redis when `rateLimitRedis` is given). The key names the
 * limit, so two limits never share a counter, in memory or in one Redis.
 */
function perMinute(fastify: FastifyInstance, name: string, max: number): Limiter {
  const options = {
    max,
    timeWindow: MINUTE_MS,
    keyGenerator: (req: FastifyRequest) => `${name}:${req.ip ?? 'unknown'}`,
    // The child store of a limiter takes its own LRU size (the plugin's default is 5000).
    cache: RATE_LIMIT_CLIENTS,
  };
  return fastify.createRateLimit(options);
}

/**
 * Global guard, before the session guard so a flood never reaches identity: every /api route
 * counts against rateLimitPerMinute per IP, and @AuthRateLimit() routes (login, register, password
 * change) also, first, against rateLimitAuthPerMinute, one counter for the three. `req.ip` honours
 * the trust-proxy setting: with it off (the default) the key is the peer's address, whatever
 * X-Forwarded-For says. A guard rather than the plugin's route hooks: a route counts against two
 * limits, which the plugin's per-route settings cannot express (a route's own limit replaces the
 * global one, and a request passes one route hook only).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private limits: { all: Limiter; auth: Limiter } | null = null;

  constructor(
    private readonly reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_OPTIONS) private readonly options: ResolvedGatewayOptions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(RATE_LIMIT_SKIP, targets)) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const res = http.getResponse<FastifyReply>();
    const limits = this.limitsOnce();
    if (this.reflector.getAllAndOverride<boolean>(RATE_LIMIT_AUTH, targets))
      await this.enforce(limits.auth, req, res, TOO_MANY_ATTEMPTS);
    await this.enforce(limits.all, req, res, TOO_MANY_REQUESTS);
    return true;
  }

  /** Made at the first request: the plugin is registered after Nest builds its providers. */
  private limitsOnce(): { all: Limiter; auth: Limiter } {
    if (!this.limits) {
      const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
      this.limits = {
        all: perMinute(fastify, 'all', this.options.rateLimitPerMinute),
        auth: perMinute(fastify, 'auth', this.options.rateLimitAuthPerMinute),
      };
    }
    return this.limits;
  }

  private async enforce(limit: Limiter, req: FastifyRequest, res: FastifyReply, message: string) {
    const result = await limit(req);
    if (result.isAllowed || !result.isExceeded) return;
    res.header('Retry-After', String(Math.max(1, result.ttlInSeconds)));
    throw new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
