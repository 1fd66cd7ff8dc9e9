import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Appeals: one per decided report, by the owner of the content it was about. */
export class Appeals1736000000003 implements MigrationInterface {
  name = 'Appeals1736000000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "moderation"."appeals" (
        "id" SERIAL NOT NULL,
        "report_id" integer NOT NULL,
        "user_id" integer NOT NULL,
        "text" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "decided_at" timestamptz,
        "decided_by" integer,
        "decision_reason" text,
        CONSTRAINT "appeals_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "appeals_report_idx" ON "moderation"."appeals" ("report_id")`,
    );
    await queryRunner.query(`CREATE INDEX "appeals_user_idx" ON "moderation"."appeals" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "moderation"."appeals"`);
  }
}
