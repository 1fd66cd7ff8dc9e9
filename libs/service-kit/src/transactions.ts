import { Inject, Injectable } from '@nestjs/common';
import { EVENTS_DATA_SOURCE } from '@dinebuds/events';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * A service's unit of work, provided by the kit in every service: use cases open a transaction
 * here and hand its manager to their repositories, so no use case touches the DataSource itself.
 */
@Injectable()
export class Transactions {
  constructor(@Inject(EVENTS_DATA_SOURCE) private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A manager outside any transaction, for reads that repositories share with transactions. */
  get outside(): EntityManager {
    return this.dataSource.manager;
  }
}
