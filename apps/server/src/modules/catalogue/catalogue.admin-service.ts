import { isIP } from 'node:net';
import type { GamePatch, OperatorGame, OperatorGameQuery, OperatorVendor, VendorPatch } from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { notifyCatalogueChanged } from './catalogue-events.ts';
import {
  findOperatorGame,
  listOperatorVendors,
  lockVendor,
  searchOperatorGames,
  updateGameRow,
  updateVendorRow,
  type OperatorGameRow,
  type OperatorVendorRow,
} from './catalogue.admin-repository.ts';
import { imageUrl } from './game-view.ts';
import { searchTextOf } from './search-text.ts';

/** What the back-office module lends: its append-only audit, written in the caller's transaction. */
export type AuditWriter = (
  executor: DbExecutor,
  entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null },
) => Promise<void>;

/** What the provider module lends: a vendor's provider-API secret and allow-list (its index.ts, vendorAccess). */
export interface ProviderVendorAccess {
  describe(executor: DbExecutor, vendorCodes: readonly string[]): Promise<Map<string, { hasSecret: boolean; rotatedAt: Date | null; ipAllowList: string[] }>>;
  rotateSecret(executor: DbExecutor, vendorCode: string): Promise<{ secret: string; rotatedAt: Date }>;
  setIpAllowList(executor: DbExecutor, vendorCode: string, networks: readonly string[]): Promise<string[] | undefined>;
  forget(vendorCode: string): void;
}

/** The operator acting, from the request. */
export interface CatalogueActor {
  id: bigint;
  ip: string;
}

/**
 * The back office's catalogue: every change is one transaction holding the change, its audit
 * row (before and after) and the catalogue.changed notification, which every process hears on
 * commit; this process also drops its snapshot at once, so the next player request sees it.
 */
export function createCatalogueAdminService(deps: {
  db: Db;
  imageBase: string;
  audit: AuditWriter;
  provider: ProviderVendorAccess;
  /** Vendors whose provider calls the server signs itself (house games): no rotation or allow-list. */
  serverSignedVendors: ReadonlySet<string>;
  /** Drops this process's catalogue caches now (the notification does it for the others). */
  catalogueChanged: () => void;
}) {
  const managedByServer = (vendor: { code: string; is_demo: boolean }) => vendor.is_demo || deps.serverSignedVendors.has(vendor.code);

  async function vendorViews(rows: OperatorVendorRow[]): Promise<OperatorVendor[]> {
    const access = await deps.provider.describe(deps.db, rows.map((row) => row.code));
    return rows.map((row) => {
      const provider = access.get(row.code);
      return {
        code: row.code,
        displayName: row.display_name,
        gameTypes: row.game_types,
        sortOrder: row.sort_order,
        walletMode: row.wallet_mode,
        enabled: row.enabled,
        maintenance: row.maintenance,
        isDemo: row.is_demo,
        games: { total: row.games_total, enabled: row.games_enabled, maintenance: row.games_maintenance },
        fundsHeld: { members: row.funds_members, total: formatCents(row.funds_total) },
        provider: {
          hasSecret: provider?.hasSecret ?? false,
          rotatedAt: provider?.rotatedAt?.toISOString() ?? null,
          ipAllowList: provider?.ipAllowList ?? [],
          managedByServer: managedByServer(row),
        },
      };
    });
  }

  async function vendorView(code: string): Promise<OperatorVendor> {
    const [view] = await vendorViews(await listOperatorVendors(deps.db, code));
    if (!view) throw new AppError('catalogue.vendor_not_found', 'no such vendor');
    return view;
  }

  function gameView(row: OperatorGameRow): OperatorGame {
    return {
      id: row.id,
      vendor: row.vendor_code,
      vendorName: row.vendor_name,
      gameCode: row.game_code,
      gameType: row.game_type,
      classify: row.classify,
      names: { en: row.names.en ?? Object.values(row.names)[0] ?? '', ...(row.names.pt ? { pt: row.names.pt } : {}) },
      iconUrl: imageUrl(deps.imageBase, row.icon_path, 'fallback/game.svg'),
      isHot: row.is_hot,
      isNew: row.is_new,
      sortOrder: row.rank,
      enabled: row.enabled,
      maintenance: row.maintenance,
      demoSupported: row.demo_supported,
      rtp: row.rtp,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async function lockedVendorOrThrow(tx: DbExecutor, code: string) {
    const vendor = await lockVendor(tx, code);
    if (!vendor) throw new AppError('catalogue.vendor_not_found', 'no such vendor');
    return vendor;
  }

  return {
    listVendors: async () => vendorViews(await listOperatorVendors(deps.db)),

    /**
     * Changes only what differs from the stored row; a patch that changes nothing (a replay)
     * writes nothing, audits nothing and answers the vendor as it is. The wallet mode is not
     * changed here: it waits for a second operator (catalogue.approvals.ts).
     */
    async updateVendor(code: string, patch: VendorPatch, actor: CatalogueActor): Promise<OperatorVendor> {
      const changed = await deps.db.transaction().execute(async (tx) => {
        const before = await lockedVendorOrThrow(tx, code);
        const wanted = {
          display_name: patch.displayName,
          enabled: patch.enabled,
          maintenance: patch.maintenance,
          wallet_mode: patch.walletMode,
          sort_order: patch.sortOrder,
        };
        const changes = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => value !== undefined && value !== before[key as keyof typeof before])) as Partial<typeof wanted>;
        if (Object.keys(changes).length === 0) return false;
        // A wallet mode change is a maker-checker request (catalogue.approvals.ts), never a patch.
        if (changes.wallet_mode !== undefined) throw new AppError('catalogue.wallet_mode_needs_approval', 'propose the wallet mode: POST /api/backoffice/catalogue/vendors/:code/wallet-mode');
        await updateVendorRow(tx, code, changes);
        const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as keyof typeof before]]));
        await deps.audit(tx, { operatorId: actor.id, action: 'catalogue.vendor.update', targetType: 'catalogue_vendor', targetId: code, details: { before: previous, after: changes }, ip: actor.ip });
        await notifyCatalogueChanged(tx);
        return true;
      });
      if (changed) deps.catalogueChanged();
      return vendorView(code);
    },

    /** Replaces the networks allowed to call the provider API as the vendor; empty: any address. */
    async setVendorIpAllowList(code: string, networks: readonly string[], actor: CatalogueActor): Promise<OperatorVendor> {
      const canonical = networks.map((text, index) => {
        const network = canonicalNetwork(text);
        if (!network) throw new AppError('catalogue.ip_network_invalid', `not an IP address or network: ${JSON.stringify(text.slice(0, 60))}`, { index });
        return network;
      });
      const changed = await deps.db.transaction().execute(async (tx) => {
        const vendor = await lockedVendorOrThrow(tx, code);
        if (managedByServer(vendor)) throw new AppError('catalogue.vendor_managed_by_server', 'the server signs this vendor’s calls itself');
        const before = (await deps.provider.describe(tx, [code])).get(code);
        if (!before) throw new AppError('catalogue.provider_secret_missing', 'generate the vendor’s secret first');
        const after = await deps.provider.setIpAllowList(tx, code, canonical);
        if (!after) throw new AppError('catalogue.provider_secret_missing', 'generate the vendor’s secret first');
        if (sameList(before.ipAllowList, after)) return false;
        await deps.audit(tx, { operatorId: actor.id, action: 'catalogue.vendor.ip_allow_list', targetType: 'catalogue_vendor', targetId: code, details: { before: before.ipAllowList, after }, ip: actor.ip });
        return true;
      });
      if (changed) deps.provider.forget(code);
      return vendorView(code);
    },

    async searchGames(query: OperatorGameQuery) {
      const { rows, total } = await searchOperatorGames(deps.db, query);
      return { content: rows.map(gameView), total };
    },

    /** Like updateVendor: only differences are written and audited; names merge with the stored ones. */
    async updateGame(id: number, patch: GamePatch, actor: CatalogueActor): Promise<OperatorGame> {
      const changed = await deps.db.transaction().execute(async (tx) => {
        const before = await findOperatorGame(tx, id, { lock: true });
        if (!before) throw new AppError('catalogue.game_not_found', 'no such game');
        const changes: Parameters<typeof updateGameRow>[2] = {};
        const previous: Record<string, unknown> = {};
        const set = <K extends 'enabled' | 'maintenance' | 'is_hot' | 'is_new' | 'rank'>(key: K, value: OperatorGameRow[K] | undefined) => {
          if (value === undefined || value === before[key]) return;
          changes[key] = value;
          previous[key] = before[key];
        };
        set('enabled', patch.enabled);
        set('maintenance', patch.maintenance);
        set('is_hot', patch.isHot);
        set('is_new', patch.isNew);
        set('rank', patch.sortOrder);
        if (patch.names) {
          const names: Record<string, string> = { ...before.names };
          if (patch.names.en !== undefined) names.en = patch.names.en;
          if (patch.names.pt === '') delete names.pt;
          else if (patch.names.pt !== undefined) names.pt = patch.names.pt;
          if (JSON.stringify(sortedEntries(names)) !== JSON.stringify(sortedEntries(before.names))) {
            changes.names = names;
            changes.search_text = searchTextOf(names);
            previous.names = before.names;
          }
        }
        if (Object.keys(changes).length === 0) return false;
        await updateGameRow(tx, id, changes);
        const { search_text: _searchText, ...after } = changes;
        await deps.audit(tx, {
          operatorId: actor.id,
          action: 'catalogue.game.update',
          targetType: 'catalogue_game',
          targetId: String(id),
          details: { vendor: before.vendor_code, gameCode: before.game_code, before: previous, after },
          ip: actor.ip,
        });
        await notifyCatalogueChanged(tx);
        return true;
      });
      if (changed) deps.catalogueChanged();
      const row = await findOperatorGame(deps.db, id);
      if (!row) throw new AppError('catalogue.game_not_found', 'no such game');
      return gameView(row);
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

/**
 * "203.0.113.7" → "203.0.113.7/32", "10.0.0.0/8" as it is; anything that is not an address with
 * an optional prefix in range is undefined (PostgreSQL then clears host bits: 10.1.2.3/8 → 10.0.0.0/8).
 */
export function canonicalNetwork(text: string): string | undefined {
  const parts = text.trim().split('/');
  if (parts.length > 2) return undefined;
  const [address = '', prefix] = parts;
  if (!/^[0-9A-Fa-f:.]+$/.test(address)) return undefined;
  const family = isIP(address);
  if (family === 0) return undefined;
  const max = family === 4 ? 32 : 128;
  if (prefix === undefined) return `${address}/${max}`;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return undefined;
  return `${address}/${Number(prefix)}`;
}

function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && [...left].sort().every((value, index) => value === [...right].sort()[index]);
}

function sortedEntries(record: Record<string, string>) {
  return Object.entries(record).sort(([left], [right]) => left.localeCompare(right));
}
