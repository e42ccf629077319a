import type { Kysely } from "kysely";

// The durable job queue for all after-request work (issue 13). `unique_key` lets every process
// propose the same recurring run (a backup check, an hour's activity pruning) while only one row,
// and so one run, comes of it; `lease_token` names the claim that owns a running job, so only the
// process holding the lease may renew it or record the outcome. A user import's heartbeat shows
// other processes it is still being worked. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox_jobs").addColumn("unique_key", "text").execute();
  await db.schema.alterTable("outbox_jobs").addColumn("lease_token", "text").execute();
  await db.schema.createIndex("outbox_jobs_unique_key_idx").on("outbox_jobs").column("unique_key").unique().execute();
  await db.schema
    .createIndex("outbox_jobs_status_updated_idx")
    .on("outbox_jobs")
    .columns(["status", "updated_at"])
    .execute();
  await db.schema.alterTable("user_imports").addColumn("heartbeat_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user_imports").dropColumn("heartbeat_at").execute();
  await db.schema.dropIndex("outbox_jobs_status_updated_idx").execute();
  await db.schema.dropIndex("outbox_jobs_unique_key_idx").execute();
  await db.schema.alterTable("outbox_jobs").dropColumn("lease_token").execute();
  await db.schema.alterTable("outbox_jobs").dropColumn("unique_key").execute();
}
