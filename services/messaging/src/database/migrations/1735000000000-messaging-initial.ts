import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages, each person's conversation rows (the inbox and unread counters), "Let's eat" polls and
 * their options, and the projections of identity's users and social-graph's follows and blocks.
 * Indexes serve the hot reads: a conversation by pair newest first, the inbox by last message,
 * the unread messages of one sender to one receiver, a retried send by its client key.
 */
export class MessagingInitial1735000000000 implements MigrationInterface {
  name = 'MessagingInitial1735000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "messaging"`);
    await queryRunner.query(`
      CREATE TABLE "messaging"."users" (
        "id" integer NOT NULL,
        "username" text NOT NULL,
        "name" text NOT NULL,
        "profile_picture" text,
        "version" integer,
        "synced_at" timestamptz NOT NULL,
        CONSTRAINT "users_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "messaging"."deleted_users" (
        "user_id" integer NOT NULL,
        "deleted_at" timestamptz NOT NULL,
        CONSTRAINT "deleted_users_pkey" PRIMARY KEY ("user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "messaging"."follows" (
        "follower_id" integer NOT NULL,
        "following_id" integer NOT NULL,
        CONSTRAINT "follows_pkey" PRIMARY KEY ("follower_id", "following_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "follows_following_idx" ON "messaging"."follows" ("following_id", "follower_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "messaging"."follow_versions" (
        "follower_id" integer NOT NULL,
        "following_id" integer NOT NULL,
        "version" integer NOT NULL,
        CONSTRAINT "follow_versions_pkey" PRIMARY KEY ("follower_id", "following_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "messaging"."blocks" (
        "blocker_id" integer NOT NULL,
        "blocked_id" integer NOT NULL,
        CONSTRAINT "blocks_pkey" PRIMARY KEY ("blocker_id", "blocked_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "blocks_blocked_idx" ON "messaging"."blocks" ("blocked_id", "blocker_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "messaging"."messages" (
        "id" SERIAL NOT NULL,
        "sender_id" integer NOT NULL,
        "receiver_id" integer NOT NULL,
        "content" text NOT NULL,
        "message_type" varchar(50) NOT NULL DEFAULT 'text',
        "restaurant_id" integer,
        "restaurant_name" text,
        "poll_id" integer,
        "read" boolean NOT NULL DEFAULT false,
        "read_at" timestamptz,
        "reported" boolean NOT NULL DEFAULT false,
        "report_reason" text,
        "reported_at" timestamptz,
        "client_message_id" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "messages_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "messages_participants_check" CHECK ("sender_id" <> "receiver_id")
      )`);
    await queryRunner.query(`
      CREATE INDEX "messages_pair_idx" ON "messaging"."messages"
        (LEAST("sender_id", "receiver_id"), GREATEST("sender_id", "receiver_id"), "id" DESC)`);
    await queryRunner.query(`
      CREATE INDEX "messages_unread_idx" ON "messaging"."messages" ("receiver_id", "sender_id")
        WHERE NOT "read"`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "messages_client_message_idx" ON "messaging"."messages" ("sender_id", "client_message_id")
        WHERE "client_message_id" IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE "messaging"."conversations" (
        "user_id" integer NOT NULL,
        "other_id" integer NOT NULL,
        "last_message_id" integer NOT NULL,
        "unread_count" integer NOT NULL DEFAULT 0,
        CONSTRAINT "conversations_pkey" PRIMARY KEY ("user_id", "other_id")
      )`);
    await queryRunner.query(`
      CREATE INDEX "conversations_inbox_idx" ON "messaging"."conversations" ("user_id", "last_message_id" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "messaging"."polls" (
        "id" SERIAL NOT NULL,
        "proposer_id" integer NOT NULL,
        "receiver_id" integer NOT NULL,
        "status" varchar(10) NOT NULL DEFAULT 'open',
        "chosen_option_id" integer,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "decided_at" timestamptz,
        CONSTRAINT "polls_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "polls_status_check" CHECK ("status" IN ('open', 'decided'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "polls_proposer_idx" ON "messaging"."polls" ("proposer_id", "receiver_id")`,
    );
    await queryRunner.query(`CREATE INDEX "polls_receiver_idx" ON "messaging"."polls" ("receiver_id")`);
    await queryRunner.query(`
      CREATE TABLE "messaging"."poll_options" (
        "id" SERIAL NOT NULL,
        "poll_id" integer NOT NULL REFERENCES "messaging"."polls" ("id") ON DELETE CASCADE,
        "position" smallint NOT NULL,
        "restaurant_id" integer NOT NULL,
        "restaurant_name" text NOT NULL,
        CONSTRAINT "poll_options_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "poll_options_poll_idx" ON "messaging"."poll_options" ("poll_id", "position")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA IF EXISTS "messaging" CASCADE`);
  }
}
