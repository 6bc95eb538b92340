import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { executeSql } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import type { WalletApi } from '../wallet/index.ts';
import { createCatalogueSnapshot } from './catalogue-snapshot.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService } from './catalogue.service.ts';
import type { VendorRow } from './catalogue.repository.ts';
import { createLaunchService } from './launch.service.ts';
import { createPlayerGamesService } from './player-games.service.ts';
import { sandboxPlayRoutes } from './sandbox-play.routes.ts';
import { createSandboxLauncher, createSandboxTransferAdapter } from './sandbox-vendor.ts';
import type { GameLauncher, TransferAdapter } from './vendor-adapters.ts';
import { createVendorTransferService } from './vendor-transfer.service.ts';

export type { GameLauncher, TransferAdapter } from './vendor-adapters.ts';
export { foldForSearch } from './search-text.ts';

export const CATALOGUE_CHANGED = 'catalogue.changed';

/** Tells every API process that the catalogue changed (delivered on commit when inside a transaction). */
export async function notifyCatalogueChanged(executor: DbExecutor): Promise<void> {
  await executeSql(executor, 'select pg_notify($1, $2)', ['app_events', JSON.stringify({ type: CATALOGUE_CHANGED, audience: { kind: 'public' } })]);
}

/**
 * Catalogue module: vendors and games, lists and search, favourites and recent games, launch,
 * and the transfer-mode vendor wallet. Real vendors plug in through GameLauncher and
 * TransferAdapter; demo vendors are served by the built-in sandbox.
 */
export function createCatalogueModule(deps: {
  db: Db;
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
}) {
  const logger = deps.logger.child({ module: 'catalogue' });
  const snapshot = createCatalogueSnapshot({ db: deps.db });
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type === CATALOGUE_CHANGED) snapshot.invalidate();
  });
  const sandboxLauncher = createSandboxLauncher();
  const sandboxTransfers = createSandboxTransferAdapter(deps.db);
  const launcherFor = (vendor: VendorRow) => deps.launchers?.get(vendor.code) ?? (vendor.is_demo ? sandboxLauncher : undefined);
  const adapterFor = (vendor: VendorRow) => deps.transferAdapters?.get(vendor.code) ?? (vendor.is_demo ? sandboxTransfers : undefined);

  const { imageBase } = deps;
  const catalogue = createCatalogueService({ db: deps.db, snapshot, imageBase, cacheEntries: deps.cacheEntries });
  const playerGames = createPlayerGamesService({ db: deps.db, snapshot, imageBase });
  const transfers = createVendorTransferService({ db: deps.db, wallet: deps.wallet, snapshot, adapterFor, logger });
  const launches = createLaunchService({ db: deps.db, snapshot, imageBase, clock: deps.clock ?? systemClock, launcherFor, transfers });

  return {
    api: {
      /** Display name of a vendor code, for other modules' screens (wallet pockets, betting record). */
      async vendorName(code: string): Promise<string | undefined> {
        const snap = await snapshot.get();
        return snap.vendorByCode.get(code)?.display_name ?? snap.vendors.find((vendor) => vendor.code.toLowerCase() === code)?.display_name;
      },
      invalidate: () => snapshot.invalidate(),
    },
    routes(auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return catalogueRoutes({ catalogue, playerGames, launches, transfers, ...auth });
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
    close: () => unsubscribe(),
  };
}

export type CatalogueModule = ReturnType<typeof createCatalogueModule>;
