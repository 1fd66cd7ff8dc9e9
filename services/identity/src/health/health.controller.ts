import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { pingDatabase } from '@dinebuds/database';
import { EVENT_BUS, type EventBus } from '@dinebuds/events';
import type { Response } from 'express';
import { IDENTITY_DATA_SOURCE } from '../config.js';
import { DataSource } from 'typeorm';
import { OpenToProbes } from '@dinebuds/service-client';

export interface HealthReport {
  status: 'ok' | 'error';
  database: 'up' | 'down';
  broker: 'up' | 'down';
}

/** Readiness for probes and the gateway's /api/health: 503 when a dependency is down. */
@OpenToProbes()
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource(IDENTITY_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  @Get('health')
  async health(@Res() res: Response): Promise<void> {
    const database = (await pingDatabase(this.dataSource)) ? 'up' : 'down';
    const broker = typeof this.bus.isHealthy !== 'function' || this.bus.isHealthy() ? 'up' : 'down';
    const report: HealthReport = {
      status: database === 'up' && broker === 'up' ? 'ok' : 'error',
      database,
      broker,
    };
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  }
}
