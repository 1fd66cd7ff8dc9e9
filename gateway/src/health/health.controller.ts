import { Controller, Get, ServiceUnavailableException, Res } from '@nestjs/common';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SkipRateLimit } from '../rate-limit/rate-limit.decorators.js';
import { ServiceClients, type UpstreamService } from '../upstream/service-clients.js';

/**
 * What a service's /health said, for the report. A service's own report (its database and
 * broker) is passed on; a transport failure is summarised, since its text names internal hosts.
 */
export function upstreamDetails(
  service: string,
  result: { ok: boolean; details: unknown },
): Record<string, unknown> {
  const details = result.details;
  if (typeof details === 'object' && details !== null && 'status' in details) return { report: details };
  return result.ok ? {} : { message: `The ${service} service is unavailable` };
}

/**
 * Readiness of the whole edge: the gateway is only useful when the services behind it are.
 * 200 with the terminus report, or 503 with the same report naming what is down.
 */
@ApiTags('gateway')
@Controller('health')
@SkipRateLimit()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly clients: ServiceClients,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Health of the gateway and every service behind it' })
  async check(@Res({ passthrough: true }) res: FastifyReply): Promise<HealthCheckResult> {
    try {
      return await this.health.check(this.clients.all().map((client) => () => this.probe(client)));
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.code(503);
      return error.getResponse() as HealthCheckResult;
    }
  }

  private async probe(client: UpstreamService): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(client.service);
    const result = await client.health();
    const details = upstreamDetails(client.service, result);
    return result.ok ? session.up(details) : session.down(details);
  }
}
