import { Injectable } from '@nestjs/common';
import { SocialGraphEdges, socialGraphEdgeEntities } from '@dinebuds/projections';
import { MESSAGING_SCHEMA } from '../../config.js';
import { IdentityUsersRepository } from '../identity/identity-users.repository.js';

/** Messaging's tables of social-graph's approved follows and blocks. */
export const SOCIAL_GRAPH_EDGE_ENTITIES = socialGraphEdgeEntities(MESSAGING_SCHEMA);

/** Messaging's projection of social-graph's follows and blocks (`@dinebuds/projections`). */
@Injectable()
export class SocialGraphRepository extends SocialGraphEdges {
  constructor(users: IdentityUsersRepository) {
    super(MESSAGING_SCHEMA, SOCIAL_GRAPH_EDGE_ENTITIES, (manager, userId) =>
      users.isDeleted(manager, userId),
    );
  }
}
