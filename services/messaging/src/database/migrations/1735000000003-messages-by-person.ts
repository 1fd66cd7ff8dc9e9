import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A person's messages after an id, both ways (a reconnecting stream's catch-up, messages.since). */
export class MessagesByPerson1735000000003 implements MigrationInterface {
  name = 'MessagesByPerson1735000000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "messages_receiver_idx" ON "messaging"."messages" ("receiver_id", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "messages_sender_idx" ON "messaging"."messages" ("sender_id", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "messaging"."messages_sender_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "messaging"."messages_receiver_idx"`);
  }
}
