/**
 * Short-lived caches of database reads. Each entry carries tags naming what it was read from (a
 * course, a user, the public lists); a successful write invalidates the tags it changed before its
 * answer leaves (app.ts, by `write-scopes.ts`), so a writer always reads its own writes and a write
 * leaves every other entry alone. Other processes hear of it through the cache bus when Redis is
 * configured (`cache-bus.ts`), and otherwise see a change after the TTL at most.
 *
 * Invalidation bumps a generation per tag instead of visiting entries: an entry is served only while
 * every tag still has the generation it was loaded under, so a clear costs the same whatever the
 * caches hold, and a load that was under way during a write is never kept.
 *
 * Entries hold the load's promise, so concurrent readers of a missing key share one load instead
 * of stampeding the database right after a write.
 */
export interface ReadCache<T> {
  /** The cached value of `key`, or `load`'s, kept under `tags` (what a write must clear it by). */
  get(key: string, load: () => Promise<T>, tags?: readonly string[]): Promise<T>;
}

/** What a write clears: every cache, or the entries carrying one of these tags. */
export type CacheScope = "everything" | readonly string[];

/** The tags entries are kept under. */
export const cacheTags = {
  /** Anonymous list answers: catalogue pages, categories, home statistics, public settings. */
  publicLists: "public",
  /** Every course's cached reads (a category or instructor renamed shows in all of them). */
  courses: "courses",
  course: (id: string) => `course:${id}`,
  /** Every signed-in user's cached row (a sign-in by e-mail does not know the id up front). */
  users: "users",
  user: (id: string) => `user:${id}`,
  settings: "settings",
};

export interface ReadCaches {
  /** A new cache of at most `maxEntries` keys: when full, stale entries go, or all if none is. */
  create<T>(maxEntries?: number): ReadCache<T>;
  /** Clears `scope` in this process and tells every listener (the cache bus), waiting for them. */
  invalidate(scope: CacheScope): Promise<void>;
  /** Clears `scope` in this process only: another process cleared its own and said so. */
  invalidateLocal(scope: CacheScope): void;
  onInvalidate(listener: (scope: CacheScope) => Promise<void>): void;
  /** Lookups answered from a cache (hits) and loaded (misses) since start: the load bench's hit ratio. */
  stats(): { hits: number; misses: number };
}

const DEFAULT_MAX_ENTRIES = 1000;
/** Past this many tags with a generation, one "everything" clear starts them afresh. */
const MAX_TRACKED_TAGS = 100_000;

interface Entry<T> {
  value: Promise<T>;
  expires: number;
  epoch: number;
  tags: readonly string[];
  generations: number[];
}

export function createReadCaches(ttlMs: number): ReadCaches {
  const stores: Map<string, Entry<unknown>>[] = [];
  const listeners: ((scope: CacheScope) => Promise<void>)[] = [];
  const generations = new Map<string, number>();
  const counts = { hits: 0, misses: 0 };
  let epoch = 0;

  const generationOf = (tag: string) => generations.get(tag) ?? 0;
  const current = (entry: Entry<unknown>, now: number) =>
    entry.expires > now &&
    entry.epoch === epoch &&
    entry.tags.every((tag, i) => generationOf(tag) === entry.generations[i]);

  function invalidateLocal(scope: CacheScope) {
    if (scope === "everything" || generations.size + scope.length > MAX_TRACKED_TAGS) {
      epoch += 1;
      generations.clear();
      for (const store of stores) store.clear();
      return;
    }
    for (const tag of scope) generations.set(tag, generationOf(tag) + 1);
  }

  return {
    create<T>(maxEntries = DEFAULT_MAX_ENTRIES): ReadCache<T> {
      const entries = new Map<string, Entry<T>>();
      stores.push(entries as Map<string, Entry<unknown>>);
      return {
        get(key, load, tags = []) {
          if (ttlMs <= 0) {
            counts.misses++;
            return load();
          }
          const now = Date.now();
          const hit = entries.get(key);
          if (hit && current(hit, now)) {
            counts.hits++;
            return hit.value;
          }
          counts.misses++;
          if (entries.size >= maxEntries) {
            for (const [k, e] of entries) if (!current(e, now)) entries.delete(k);
            if (entries.size >= maxEntries) entries.clear();
          }
          const entry: Entry<T> = {
            value: load(),
            expires: now + ttlMs,
            epoch,
            tags,
            generations: tags.map(generationOf),
          };
          entries.set(key, entry);
          entry.value.catch(() => {
            if (entries.get(key) === entry) entries.delete(key);
          });
          return entry.value;
        },
      };
    },
    async invalidate(scope) {
      if (scope !== "everything" && scope.length === 0) return;
      invalidateLocal(scope);
      await Promise.all(listeners.map((listener) => listener(scope)));
    },
    invalidateLocal,
    onInvalidate(listener) {
      listeners.push(listener);
    },
    stats: () => ({ ...counts }),
  };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's writes change nothing a read cache holds, so they leave the caches alone. */
    touchesNoCachedData?: boolean;
  }
}
