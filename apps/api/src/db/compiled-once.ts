import { CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./types.js";

type Slot = { param: number } | { value: unknown };

/**
 * A hot query of fixed shape, built and compiled by Kysely once per database and afterwards only
 * bound to its arguments: building and compiling cost more than running a small indexed query.
 * `build` receives stand-ins for the arguments (strings, numbers included: they only become
 * parameters); every other value it uses is kept as it was.
 */
export function compiledOnce<Args extends (string | number | null)[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => { compile(): CompiledQuery<Row> },
) {
  // Keyed by the dialect's adapter, not the Kysely instance: a read on one connection
  // (`db.connection()`) gets a new instance each time, the same adapter, and the same SQL.
  const compiled = new WeakMap<object, { sql: string; slots: Slot[] }>();

  function compile(db: Kysely<Database>, arity: number) {
    const standIns = Array.from({ length: arity }, (_, i) => `\u0000arg${i}\u0000`) as unknown as Args;
    const query = build(db, ...standIns).compile();
    const slots = query.parameters.map((value): Slot => {
      const param = standIns.indexOf(value as Args[number]);
      return param >= 0 ? { param } : { value };
    });
    const entry = { sql: query.sql, slots };
    compiled.set(db.getExecutor().adapter, entry);
    return entry;
  }

  return async (db: Kysely<Database>, ...args: Args): Promise<Row[]> => {
    const { sql, slots } = compiled.get(db.getExecutor().adapter) ?? compile(db, args.length);
    const parameters = slots.map((slot) => ("param" in slot ? args[slot.param] : slot.value));
    return (await db.executeQuery<Row>(CompiledQuery.raw(sql, parameters))).rows;
  };
}

/**
 * A family of compiled-once queries whose shape depends on a few plain values (which filters are
 * given, a page size written into the SQL): one per combination, made on its first use.
 */
export function keyedCompiledOnce<Key extends (string | number | boolean)[], Query>(make: (...key: Key) => Query) {
  const made = new Map<string, Query>();
  return (...key: Key): Query => {
    const name = key.join("/");
    let query = made.get(name);
    if (!query) {
      query = make(...key);
      made.set(name, query);
    }
    return query;
  };
}

/**
 * A compiled-once query over a list of ids (an `in` list) after its fixed arguments: one compiled query
 * per list length, so a page of any size is bound, not built (page sizes keep the lengths few).
 */
export function compiledPerLength<Fixed extends string[], Row>(
  build: (db: Kysely<Database>, fixed: Fixed, ids: string[]) => { compile(): CompiledQuery<Row> },
) {
  const ofLength = keyedCompiledOnce((fixedCount: number, idCount: number) =>
    compiledOnce((db, ...args: string[]) =>
      build(db, args.slice(0, fixedCount) as Fixed, args.slice(fixedCount, fixedCount + idCount)),
    ),
  );
  return (db: Kysely<Database>, fixed: Fixed, ids: readonly string[]): Promise<Row[]> =>
    ofLength(fixed.length, ids.length)(db, ...fixed, ...ids);
}
