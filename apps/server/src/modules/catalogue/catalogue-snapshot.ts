import type { Db } from '../../platform/db.ts';
import { listIndexRows, listVendors, type VendorRow } from './catalogue.repository.ts';
import { buildGameIndex, type GameIndex } from './game-index.ts';

/**
 * The read-mostly part of the catalogue held in memory: the vendors and the game index (which
 * games match a filter or a name, in order, and how many). A list request then costs one
 * primary-key fetch of its page. Rebuilt after the `catalogue.changed` event (any process) and,
 * as a safety net for a missed notification, when older than `maxAgeMs`.
 */
export interface Snapshot {
  version: number;
  vendors: VendorRow[];
  vendorByCode: Map<string, VendorRow>;
  index: GameIndex;
}

export function createCatalogueSnapshot(deps: { db: Db; maxAgeMs?: number; now?: () => number }) {
  const maxAgeMs = deps.maxAgeMs ?? 10 * 60_000;
  const now = deps.now ?? Date.now;
  let version = 0;
  let current: { snapshot: Snapshot; loadedAt: number } | undefined;
  let loading: Promise<Snapshot> | undefined;

  async function load(): Promise<Snapshot> {
    const loadingVersion = version;
    const [vendors, games] = await Promise.all([listVendors(deps.db), listIndexRows(deps.db)]);
    const snapshot: Snapshot = {
      version: loadingVersion,
      vendors,
      vendorByCode: new Map(vendors.map((vendor) => [vendor.code, vendor])),
      index: await buildGameIndex(games),
    };
    // A change that landed while we were reading makes this load stale: keep it out of the cache.
    if (loadingVersion === version) current = { snapshot, loadedAt: now() };
    return snapshot;
  }

  return {
    async get(): Promise<Snapshot> {
      const fresh = current && current.snapshot.version === version;
      if (fresh && now() - current!.loadedAt < maxAgeMs) return current!.snapshot;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      // Merely old (no change was announced): answer from it while the reload runs.
      if (fresh) {
        loading.catch(() => undefined);
        return current!.snapshot;
      }
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
