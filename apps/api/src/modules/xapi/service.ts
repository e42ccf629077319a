import { Readable } from "node:stream";
import type { XapiExportQuery } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { nextDay } from "../activities/repo.js";
import { type StatementScope, statementsInBatches } from "./repo.js";
import { renderStatement, type StatementRow } from "./statement.js";

/** The exports: a JSON array of statements, streamed a thousand rows at a time whatever the count. */
export function createXapiService({ db, publicUrl }: { db: Kysely<Database>; publicUrl: string }) {
  async function* jsonArray(batches: AsyncIterable<StatementRow[]>) {
    yield "[";
    let first = true;
    for await (const rows of batches) {
      yield (first ? "" : ",") + rows.map((row) => JSON.stringify(renderStatement(row, publicUrl))).join(",");
      first = false;
    }
    yield "]";
  }
  const stream = (scope: StatementScope) => Readable.from(jsonArray(statementsInBatches(db, scope)));

  return {
    /** Everyone's statements of the whole UTC days `from`..`to`. */
    range: (query: XapiExportQuery) =>
      stream({ from: `${query.from}T00:00:00.000Z`, before: `${nextDay(query.to)}T00:00:00.000Z` }),
    /** One learner's own statements, all of them. */
    mine: (userId: string) => stream({ userId }),
  };
}
export type XapiService = ReturnType<typeof createXapiService>;
