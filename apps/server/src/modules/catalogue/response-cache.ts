/**
 * A bounded map of computed answers tagged with the catalogue version they were computed from.
 * Entries of an older version are misses; when full, the oldest entry goes (Map keeps insertion
 * order, and a hit re-inserts, so this is least-recently-used).
 */
export function createResponseCache(maxEntries: number) {
  const entries = new Map<string, { version: number; value: unknown }>();
  return {
    get<T>(key: string, version: number): T | undefined {
      const entry = entries.get(key);
      if (!entry || entry.version !== version) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value as T;
    },
    set(key: string, version: number, value: unknown) {
      if (maxEntries === 0) return;
      entries.delete(key);
      entries.set(key, { version, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
