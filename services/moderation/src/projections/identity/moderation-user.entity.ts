import { Entity } from 'typeorm';
import { ProjectedUserColumns } from '@dinebuds/projections';
import { MODERATION_SCHEMA } from '../../config.js';

/**
 * Moderation's projection of an identity user: who sent feedback, who reported or was reported,
 * who acted (the audit log). Written only by the identity event consumer.
 */
@Entity({ schema: MODERATION_SCHEMA, name: 'users' })
export class ModerationUserEntity extends ProjectedUserColumns {}
