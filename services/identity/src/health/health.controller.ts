import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { pingDatabase } from '@dinebuds/database';
import { EVENT_BUS, OutboxRelay, type EventBus, type OutboxStats } from '@dinebuds/events';
import type { FastifyReply } from 'fastify';
import { IDENTITY_DATA_SOURCE } from '../config.js';
import { DataSource } from 'typeorm';
import { OpenToProbes } from '@dinebuds/service-client';

export interface HealthReport {
  status: 'ok' | 'error';
  database: 'up' | 'down';
  broker: 'up' | 'down';
  /**
   * Outbox backlog: pending rows, parked rows (gave up after the attempt cap: need an operator)
   * and the oldest pending row's age. Informational: readiness stays up with parked rows. Null
   * when it could not be read.
   */
  events: OutboxStats | null;
}

/** Readiness for probes and the gateway's /api/health: 503 when a dependency is down. */
@OpenToProbes()
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource(IDENTITY_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly relay: OutboxRelay,
  ) {}

  @Get('health')
  async health(@Res() res: FastifyReply): Promise<void> {
    const database = (await pingDatabase(this.dataSource)) ? 'up' : 'down';
    const broker = typeof this.bus.isHealthy !== 'function' || this.bus.isHealthy() ? 'up' : 'down';
    const events = database === 'up' ? await this.relay.stats().catch(() => null) : null;
    const report: HealthReport = {
      status: database === 'up' && broker === 'up' ? 'ok' : 'error',
      database,
      broker,
      events,
    };
    res.code(report.status === 'ok' ? 200 : 503).send(report);
  }
}
