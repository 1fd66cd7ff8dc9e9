import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { REVIEWS_DATA_SOURCE } from '../config.js';

/**
 * Reviews's unit of work: use cases open a transaction here and hand its manager to the
 * repositories, so no use case touches the DataSource itself.
 */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource(REVIEWS_DATA_SOURCE) private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A manager outside any transaction, for reads that repositories share with transactions. */
  get outside(): EntityManager {
    return this.dataSource.manager;
  }
}
