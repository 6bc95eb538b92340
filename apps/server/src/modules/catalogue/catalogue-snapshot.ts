import type { Db } from '../../platform/db.ts';
import { countGames, listVendors, type CountRow, type VendorRow } from './catalogue.repository.ts';

/**
 * The small, read-mostly part of the catalogue held in memory: vendors and per-(vendor, type,
 * classify, new, hot) game counts. List totals, classify filters and the menu come from here, so a
 * list request is one indexed page query. Invalidated by the `catalogue.changed` event (any
 * process) and, as a safety net for a missed notification, at most `maxAgeMs` old.
 */
export interface Snapshot {
  version: number;
  vendors: VendorRow[];
  vendorByCode: Map<string, VendorRow>;
  counts: CountRow[];
  hiddenVendors: string[];
}

export function createCatalogueSnapshot(deps: { db: Db; maxAgeMs?: number; now?: () => number }) {
  const maxAgeMs = deps.maxAgeMs ?? 60_000;
  const now = deps.now ?? Date.now;
  let version = 0;
  let current: { snapshot: Snapshot; loadedAt: number } | undefined;
  let loading: Promise<Snapshot> | undefined;

  async function load(): Promise<Snapshot> {
    const loadingVersion = version;
    const [vendors, counts] = await Promise.all([listVendors(deps.db), countGames(deps.db)]);
    const snapshot: Snapshot = {
      version: loadingVersion,
      vendors,
      vendorByCode: new Map(vendors.map((vendor) => [vendor.code, vendor])),
      counts,
      hiddenVendors: vendors.filter((vendor) => !vendor.enabled).map((vendor) => vendor.code),
    };
    // A change that landed while we were reading makes this load stale: keep it out of the cache.
    if (loadingVersion === version) current = { snapshot, loadedAt: now() };
    return snapshot;
  }

  return {
    async get(): Promise<Snapshot> {
      if (current && current.snapshot.version === version && now() - current.loadedAt < maxAgeMs) return current.snapshot;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      return loading;
    },
    /** Bumps the version: cached pages and counts of older versions are no longer served. */
    invalidate() {
      version += 1;
    },
    version: () => version,
  };
}

export type CatalogueSnapshot = ReturnType<typeof createCatalogueSnapshot>;

/** Total enabled games matching a filter without a name search, from the counts. */
export function totalOf(
  snapshot: Snapshot,
  filter: { gameType?: string; vendor?: string; classify?: string; isNew?: boolean; isHot?: boolean },
): number {
  let total = 0;
  for (const row of snapshot.counts) {
    if (filter.gameType && row.game_type !== filter.gameType) continue;
    if (filter.vendor && row.vendor_code !== filter.vendor) continue;
    if (filter.classify && row.classify !== filter.classify) continue;
    if (filter.isNew && !row.is_new) continue;
    if (filter.isHot && !row.is_hot) continue;
    if (snapshot.hiddenVendors.includes(row.vendor_code)) continue;
    total += Number(row.games);
  }
  return total;
}

/** Classifies present for a type and/or vendor, alphabetically. */
export function classifiesOf(snapshot: Snapshot, gameType?: string, vendor?: string): string[] {
  const found = new Set<string>();
  for (const row of snapshot.counts) {
    if (row.classify === '' || (gameType && row.game_type !== gameType) || (vendor && row.vendor_code !== vendor)) continue;
    if (snapshot.hiddenVendors.includes(row.vendor_code)) continue;
    found.add(row.classify);
  }
  return [...found].sort();
}

/** Enabled games of a vendor (all types). */
export function vendorGameCount(snapshot: Snapshot, vendor: string): number {
  return totalOf(snapshot, { vendor });
}
