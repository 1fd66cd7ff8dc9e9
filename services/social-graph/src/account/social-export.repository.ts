import { Injectable } from '@nestjs/common';
import type { ExportedPerson } from '@dinebuds/contracts';
import { rowsOf, schemaTable } from '@dinebuds/database';
import type { EntityManager } from 'typeorm';
import { SOCIAL_SCHEMA } from '../config.js';

const USERS = schemaTable(SOCIAL_SCHEMA, 'users');

type PersonAt = ExportedPerson & { at: Date };

/** A person's edges for the data export: the other end of each, with its names when known. */
@Injectable()
export class SocialExportRepository {
  /** `mine` is the column holding the person, `other` the column of the other end. */
  async edges(
    manager: EntityManager,
    table: 'follows' | 'follow_requests' | 'blocks',
    mine: string,
    other: string,
    userId: number,
  ): Promise<PersonAt[]> {
    const rows = rowsOf<PersonAt>(
      await manager.query(
        `SELECT e.${other} AS "userId", u.username, u.name, e.created_at AS at
           FROM ${schemaTable(SOCIAL_SCHEMA, table)} e LEFT JOIN ${USERS} u ON u.id = e.${other}
          WHERE e.${mine} = $1 ORDER BY e.created_at, e.${other}`,
        [userId],
      ),
    );
    return rows.map((r) => ({
      userId: r.userId,
      username: r.username ?? null,
      name: r.name ?? null,
      at: r.at,
    }));
  }
}
