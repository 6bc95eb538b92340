import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import type { WalletApi } from '../wallet/index.ts';
import { CATALOGUE_CHANGED } from './catalogue-events.ts';
import { createCatalogueSnapshot } from './catalogue-snapshot.ts';
import { seedDemoCatalogue } from './demo/demo-catalogue.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { findGameByCode, type VendorRow } from './catalogue.repository.ts';
import { ensureSeamlessVendor, type EnsureVendorInput } from './ensure-vendor.ts';
import { createLaunchService, hashLaunchToken, LAUNCH_TOKEN_TTL_MS } from './launch.service.ts';
import { createPlayerGamesService } from './player-games.service.ts';
import { insertLaunch, redeemLaunch } from './player-games.repository.ts';
import { sandboxPlayRoutes } from './sandbox-play.routes.ts';
import { imageUrl } from './game-view.ts';
import { createSandboxLauncher, createSandboxTransferAdapter } from './sandbox-vendor.ts';
import type { GameLauncher, TransferAdapter } from './vendor-adapters.ts';
import { createVendorTransferService } from './vendor-transfer.service.ts';
import { catalogueApprovalKinds } from './catalogue.approvals.ts';
import { catalogueAdminRoutes, type CatalogueOperatorAccess } from './catalogue.admin-routes.ts';
import { createCatalogueAdminService, type AuditWriter, type ProviderVendorAccess } from './catalogue.admin-service.ts';
import { createCatalogueImport } from './catalogue.admin-import.ts';

export type { GameLauncher, TransferAdapter } from './vendor-adapters.ts';
export { createSlotScreenLauncher } from './sandbox-vendor.ts';
export { foldForSearch, searchTextOf } from './search-text.ts';
export { UnreadableCatalogueError } from './import/catalogue-file.ts';
export type { RejectedRow } from './import/import-rows.ts';
export { importCatalogueFile, type ImportSummary } from './import/import.service.ts';

export { CATALOGUE_CHANGED, notifyCatalogueChanged } from './catalogue-events.ts';

/**
 * Catalogue module: vendors and games, lists and search, favourites and recent games, launch,
 * and the transfer-mode vendor wallet. Real vendors plug in through GameLauncher and
 * TransferAdapter; demo vendors are served by the built-in sandbox.
 */
export function createCatalogueModule(deps: {
  db: Db;
  /**
   * Game lists' rows tolerate replication lag: a read replica when configured (DATABASE_READ_URL).
   * The snapshot (index and version) is read on the primary, so a list never names a game the
   * primary has not got; a row's fields may be as old as the lag.
   */
  readDb?: Db;
  bus: EventBus;
  logger: Logger;
  wallet: WalletApi;
  /** Where stored image paths are served from: a CDN base URL, or /media/ (ours). */
  imageBase: string;
  /** Answers cached per process; 0 turns the cache off. */
  cacheEntries?: number;
  clock?: Clock;
  launchers?: ReadonlyMap<string, GameLauncher>;
  transferAdapters?: ReadonlyMap<string, TransferAdapter>;
  /** The accounts module's 18+ rule: throws unless the member may play for money (demo launches skip it). */
  assertAgeVerified?: (memberId: bigint) => Promise<void>;
}) {
  const logger = deps.logger.child({ module: 'catalogue' });
  const snapshot = createCatalogueSnapshot({ db: deps.db });
  /** (vendor, gameCode) → what other modules show of a game; small, dropped on every catalogue change. */
  const describedGames = new Map<string, { id: number; gameType: string; classify: string; names: Record<string, string>; iconUrl: string } | null>();
  /** Drops what this process keeps of the catalogue (on the event, and at once after our own change). */
  const dropCaches = () => {
    snapshot.invalidate();
    describedGames.clear();
  };
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type === CATALOGUE_CHANGED) dropCaches();
  });
  const sandboxLauncher = createSandboxLauncher();
  const sandboxTransfers = createSandboxTransferAdapter(deps.db);
  const launcherFor = (vendor: VendorRow) => deps.launchers?.get(vendor.code) ?? (vendor.is_demo ? sandboxLauncher : undefined);
  const adapterFor = (vendor: VendorRow) => deps.transferAdapters?.get(vendor.code) ?? (vendor.is_demo ? sandboxTransfers : undefined);

  const { imageBase } = deps;
  const catalogue = createCatalogueService({ db: deps.readDb ?? deps.db, snapshot, imageBase, cacheEntries: deps.cacheEntries });
  const playerGames = createPlayerGamesService({ db: deps.db, snapshot, imageBase });
  const transfers = createVendorTransferService({ db: deps.db, wallet: deps.wallet, snapshot, adapterFor, logger });
  const launches = createLaunchService({ db: deps.db, snapshot, imageBase, clock: deps.clock ?? systemClock, launcherFor, transfers, assertAgeVerified: deps.assertAgeVerified });

  return {
    api: {
      /** Display name of a vendor code, for other modules' screens (wallet pockets, betting record). */
      async vendorName(code: string): Promise<string | undefined> {
        const snap = await snapshot.get();
        return snap.vendorByCode.get(code)?.display_name ?? snap.vendors.find((vendor) => vendor.code.toLowerCase() === code)?.display_name;
      },
      invalidate: () => snapshot.invalidate(),
      /** A game by its vendor and code (betting record, rounds); undefined when the catalogue has none. */
      async describeGame(vendor: string, gameCode: string) {
        const key = `${vendor}\u0000${gameCode}`;
        if (!describedGames.has(key)) {
          if (describedGames.size > 20_000) describedGames.clear();
          const row = await findGameByCode(deps.db, vendor, gameCode);
          describedGames.set(key, row ? { id: row.id, gameType: row.game_type, classify: row.classify, names: row.names, iconUrl: imageUrl(deps.imageBase, row.icon_path, 'fallback/game.svg') } : null);
        }
        return describedGames.get(key) ?? undefined;
      },
      /** A game with what a game server needs before play: names, vendor, demo flag, wallet mode, playable now. */
      async gameForPlay(vendorCode: string, gameCode: string) {
        const vendor = (await snapshot.get()).vendorByCode.get(vendorCode);
        const game = vendor ? await findGameByCode(deps.db, vendorCode, gameCode) : undefined;
        if (!vendor || !game) return undefined;
        return {
          names: game.names,
          vendorName: vendor.display_name,
          isDemo: vendor.is_demo,
          walletMode: vendor.wallet_mode,
          playable: game.enabled && !game.maintenance && vendor.enabled && !vendor.maintenance,
          demoSupported: game.demo_supported,
        };
      },
      /** The generated demo catalogue (development only); idempotent, versioned, never overwrites imported vendors. */
      seedDemo: () => seedDemoCatalogue(deps.db, logger),
      /**
       * Redeems a vendor's single-use launch token (the provider API's authenticate): the launch
       * once, or undefined when the token is unknown, already used or expired.
       */
      async redeemLaunchToken(token: string): Promise<{ memberId: bigint; vendorCode: string; gameId: number; demo: boolean } | undefined> {
        if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
        const launch = await redeemLaunch(deps.db, hashLaunchToken(token));
        return launch && { memberId: launch.member_id, vendorCode: launch.vendor_code, gameId: launch.game_id, demo: launch.demo };
      },
      /** Creates a seamless vendor and its games when missing (demo seeds); answers whether it created anything. */
      ensureSeamlessVendor: (input: EnsureVendorInput) => ensureSeamlessVendor(deps.db, input),
      /**
       * A launch made by the server itself (the house game server opening its own provider
       * session): records a real-money launch of the game and answers its single-use vendor token.
       */
      async issueLaunchToken(memberId: bigint, vendorCode: string, gameCode: string): Promise<string | undefined> {
        const game = await findGameByCode(deps.db, vendorCode, gameCode);
        if (!game) return undefined;
        const token = randomBytes(32).toString('base64url');
        await insertLaunch(deps.db, {
          memberId,
          gameId: game.id,
          vendor: vendorCode,
          tokenHash: hashLaunchToken(token),
          demo: false,
          walletMode: 'seamless',
          expiresAt: new Date((deps.clock ?? systemClock).now().getTime() + LAUNCH_TOKEN_TTL_MS),
        });
        return token;
      },
    },
    routes(auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return catalogueRoutes({ catalogue, playerGames, launches, transfers, ...auth });
    },
    /**
     * Back-office routes under /api (/backoffice/catalogue/…): the back-office module lends operator
     * sessions and its audit; the provider module a vendor's provider-API secret and allow-list.
     */
    adminRoutes(
      operators: CatalogueOperatorAccess & { audit: AuditWriter },
      integration: { provider: ProviderVendorAccess; serverSignedVendors: readonly string[] },
    ): FastifyPluginAsyncZod {
      const service = createCatalogueAdminService({
        db: deps.db,
        imageBase,
        audit: operators.audit,
        provider: integration.provider,
        serverSignedVendors: new Set(integration.serverSignedVendors),
        catalogueChanged: dropCaches,
      });
      const importFile = createCatalogueImport({ db: deps.db, audit: operators.audit, catalogueChanged: dropCaches });
      operators.approvals.register(
        ...catalogueApprovalKinds({ db: deps.db, audit: operators.audit, provider: integration.provider, serverSignedVendors: new Set(integration.serverSignedVendors), catalogueChanged: dropCaches }),
      );
      return catalogueAdminRoutes({ service, importFile, operators });
    },
    /** Served at the root (not under /api): the sandbox vendor's game window. */
    sandboxRoutes(): FastifyPluginAsync {
      return sandboxPlayRoutes({
        db: deps.db,
        snapshot,
        imageBase,
        balanceSeen: async (launch) =>
          launch.wallet_mode === 'transfer' ? sandboxTransfers.balance({ vendor: launch.vendor_code, memberId: launch.member_id }) : deps.wallet.cashOf(launch.member_id),
      });
    },
    /** Served at the root: /media/demo/... (generated demo art) and /media/fallback/... (missing-image icons). */
    mediaRoutes(): FastifyPluginAsync {
      return mediaRoutes();
    },
    close: () => unsubscribe(),
  };
}

export type CatalogueModule = ReturnType<typeof createCatalogueModule>;
