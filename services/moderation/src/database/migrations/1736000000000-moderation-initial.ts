import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feedback, content reports, the reported-message queue, the audit log of admin actions, and the
 * projections of identity's users and reviews' reviews (who wrote a reported review). Indexes
 * serve the admin lists: feedback and reports newest first, the pending reported messages, the
 * audit log newest first, and one report per person and content.
 */
export class ModerationInitial1736000000000 implements MigrationInterface {
  name = 'ModerationInitial1736000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "moderation"`);
    // The users projection (@dinebuds/projections' ProjectedUserColumns) and its tombstones.
    await queryRunner.query(`
      CREATE TABLE "moderation"."users" (
        "id" integer NOT NULL CONSTRAINT "users_pkey" PRIMARY KEY,
        "name" text NOT NULL,
        "username" text NOT NULL,
        "profile_picture" text,
        "synced_at" timestamptz NOT NULL,
        "version" integer
      )`);
    await queryRunner.query(`
      CREATE TABLE "moderation"."deleted_users" (
        "user_id" integer NOT NULL CONSTRAINT "deleted_users_pkey" PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "moderation"."reviews" (
        "id" integer NOT NULL,
        "user_id" integer NOT NULL,
        "rating" integer NOT NULL,
        "restaurant_id" integer NOT NULL,
        CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "reviews_user_idx" ON "moderation"."reviews" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "moderation"."feedback" (
        "id" SERIAL NOT NULL,
        "user_id" integer NOT NULL,
        "type" character varying(20) NOT NULL,
        "text" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "resolved" boolean NOT NULL DEFAULT false,
        "resolved_at" timestamptz,
        "resolved_by" integer,
        CONSTRAINT "feedback_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "feedback_user_idx" ON "moderation"."feedback" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "moderation"."content_reports" (
        "id" SERIAL NOT NULL,
        "target_type" text NOT NULL,
        "target_id" integer NOT NULL,
        "content_owner_id" integer,
        "reporter_id" integer NOT NULL,
        "reason" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "decided_at" timestamptz,
        "decided_by" integer,
        "decision_reason" text,
        CONSTRAINT "content_reports_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "content_reports_once_idx" ON "moderation"."content_reports" ("reporter_id", "target_type", "target_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "content_reports_status_idx" ON "moderation"."content_reports" ("status", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "content_reports_owner_idx" ON "moderation"."content_reports" ("content_owner_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "moderation"."reported_messages" (
        "message_id" integer NOT NULL,
        "sender_id" integer NOT NULL,
        "reporter_id" integer NOT NULL,
        "content" text NOT NULL,
        "message_type" text NOT NULL,
        "reason" text NOT NULL,
        "sent_at" timestamptz NOT NULL,
        "reported_at" timestamptz NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "dismissed_at" timestamptz,
        "dismissed_by" integer,
        CONSTRAINT "reported_messages_pkey" PRIMARY KEY ("message_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "reported_messages_status_idx" ON "moderation"."reported_messages" ("status", "reported_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "reported_messages_sender_idx" ON "moderation"."reported_messages" ("sender_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "reported_messages_reporter_idx" ON "moderation"."reported_messages" ("reporter_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "moderation"."audit_log" (
        "id" SERIAL NOT NULL,
        "actor_id" integer NOT NULL,
        "action" text NOT NULL,
        "target_type" text NOT NULL,
        "target_id" integer NOT NULL,
        "subject_user_id" integer,
        "reason" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA IF EXISTS "moderation" CASCADE`);
  }
}
