import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Page } from '@dinebuds/service-client';
import { rowsOf, schemaTable } from '@dinebuds/database';
import { SOCIAL_SCHEMA } from '../config.js';
import { deleteEdge, insertEdge, pageOfEdges, type UserEdgeTable } from '../common/user-edges.repository.js';
import type { UserSummaryRow } from '../projections/identity/user.mapper.js';

const MUTE_EDGES: UserEdgeTable = {
  table: schemaTable(SOCIAL_SCHEMA, 'mutes'),
  from: 'muter_id',
  to: 'muted_id',
};

export interface MuteRow extends UserSummaryRow {
  mutedId: number;
  createdAt: Date;
}

/** Persistence of social.mutes (the shared edge statements of user-edges.repository). */
@Injectable()
export class MutesRepository {
  /** False when the mute already stood. */
  async insert(manager: EntityManager, muterId: number, mutedId: number): Promise<boolean> {
    return (await insertEdge(manager, MUTE_EDGES, muterId, mutedId)) !== null;
  }

  /** False when there was no such mute. */
  delete(manager: EntityManager, muterId: number, mutedId: number): Promise<boolean> {
    return deleteEdge(manager, MUTE_EDGES, muterId, mutedId);
  }

  async exists(manager: EntityManager, muterId: number, mutedId: number): Promise<boolean> {
    const rows = rowsOf(
      await manager.query(`SELECT 1 FROM ${MUTE_EDGES.table} WHERE muter_id = $1 AND muted_id = $2`, [
        muterId,
        mutedId,
      ]),
    );
    return rows.length > 0;
  }

  /** The muter's mutes, newest first, with the muted person's summary. */
  listBy(manager: EntityManager, muterId: number, page: Page): Promise<MuteRow[]> {
    return pageOfEdges<MuteRow>(
      manager,
      MUTE_EDGES,
      'from',
      muterId,
      page,
      `p."muted_id" AS "mutedId", p."created_at" AS "createdAt"`,
    );
  }
}
