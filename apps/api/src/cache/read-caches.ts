/**
 * Short-lived caches of database reads. Every cache made here is cleared at once by any successful
 * write through this process (app.ts clears them before the write's answer leaves), so a writer
 * always reads its own writes. Other processes hear of the clear through the cache bus when Redis is
 * configured (`cache-bus.ts`), and otherwise see a change after the TTL at most.
 *
 * Entries hold the load's promise, so concurrent readers of a missing key share one load instead
 * of stampeding the database right after a write.
 */
export interface ReadCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export interface ReadCaches {
  /** A new cache of at most `maxEntries` keys: when full, expired entries go, or all if none has expired. */
  create<T>(maxEntries?: number): ReadCache<T>;
  /** Clears this process's caches and tells every listener (the cache bus), waiting for them. */
  clear(): Promise<void>;
  /** Clears this process's caches only: another process has cleared its own and said so. */
  clearLocal(): void;
  onClear(listener: () => Promise<void>): void;
  /** Lookups answered from a cache (hits) and loaded (misses) since start: the load bench's hit ratio. */
  stats(): { hits: number; misses: number };
}

const DEFAULT_MAX_ENTRIES = 1000;

export function createReadCaches(ttlMs: number): ReadCaches {
  const stores: Map<string, unknown>[] = [];
  const listeners: (() => Promise<void>)[] = [];
  const counts = { hits: 0, misses: 0 };
  const clearLocal = () => {
    for (const store of stores) store.clear();
  };
  return {
    create<T>(maxEntries = DEFAULT_MAX_ENTRIES): ReadCache<T> {
      const entries = new Map<string, { value: Promise<T>; expires: number }>();
      stores.push(entries);
      return {
        get(key, load) {
          const now = ttlMs > 0 ? Date.now() : 0;
          const hit = ttlMs > 0 ? entries.get(key) : undefined;
          if (hit && hit.expires > now) {
            counts.hits++;
            return hit.value;
          }
          counts.misses++;
          if (ttlMs <= 0) return load();
          if (entries.size >= maxEntries) {
            for (const [k, e] of entries) if (e.expires <= now) entries.delete(k);
            if (entries.size >= maxEntries) entries.clear();
          }
          const entry = { value: load(), expires: now + ttlMs };
          entries.set(key, entry);
          entry.value.catch(() => {
            if (entries.get(key) === entry) entries.delete(key);
          });
          return entry.value;
        },
      };
    },
    async clear() {
      clearLocal();
      await Promise.all(listeners.map((listener) => listener()));
    },
    clearLocal,
    onClear(listener) {
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
