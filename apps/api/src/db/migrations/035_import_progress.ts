import type { Kysely } from "kysely";

// How far a running user import has got, written by the process running it with its heartbeat, so
// every api process reports the same progress (issue 13: processes are stateless). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("user_imports")
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user_imports").dropColumn("processed").execute();
}
