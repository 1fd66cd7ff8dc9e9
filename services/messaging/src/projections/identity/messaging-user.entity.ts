import { Entity } from 'typeorm';
import { ProjectedUserColumns } from '@dinebuds/projections';
import { MESSAGING_SCHEMA } from '../../config.js';

/**
 * Messaging's projection of an identity user: who exists (a message needs a known receiver) and
 * what a conversation shows of them. Written only by the identity event consumer.
 */
@Entity({ schema: MESSAGING_SCHEMA, name: 'users' })
export class MessagingUserEntity extends ProjectedUserColumns {}
