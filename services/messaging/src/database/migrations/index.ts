import { createEventsMigration, createEventsMigrationV2 } from '@dinebuds/events';
import { MESSAGING_SCHEMA } from '../../config.js';
import { MessagingInitial1735000000000 } from './1735000000000-messaging-initial.js';
import { MessagesByPerson1735000000003 } from './1735000000003-messages-by-person.js';
import { SendChecksAndReceipts1735000000004 } from './1735000000004-send-checks-and-receipts.js';

/** In order; TypeORM records each by name in messaging_migrations. */
export const messagingMigrations = [
  MessagingInitial1735000000000,
  createEventsMigration(MESSAGING_SCHEMA, 1735000000001),
  createEventsMigrationV2(MESSAGING_SCHEMA, 1735000000002),
  MessagesByPerson1735000000003,
  SendChecksAndReceipts1735000000004,
];
