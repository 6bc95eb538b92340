import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { WalletApi } from '../wallet/index.ts';
import { seedDemoVendor } from './demo-vendor.ts';
import { providerRoutes } from './provider.routes.ts';
import { createProviderService, type ProviderDeps } from './provider.service.ts';
import { createRequestLog } from './request-log.ts';
import { ensureVendorSecret, findVendorRow } from './provider.repository.ts';
import { createVendorAccessCache } from './vendor-access.ts';
import { bettingRecordRoutes, type BettingRecordDeps } from './betting-record.ts';
import { winnersRoutes, type WinnersDeps } from './winners.ts';
import type { preHandlerAsyncHookHandler } from 'fastify';

export { DEMO_VENDOR_CODE, DEMO_VENDOR_GAME } from './demo-vendor.ts';
export { signBody } from './signature.ts';
export { PROVIDER_ACTIONS, PROVIDER_ERRORS, type ProviderAction, type ProviderErrorCode } from './provider.wire.ts';

/**
 * Provider module: the seamless-wallet API game vendors call (authenticate, balance, bet, win,
 * rollback), signed per vendor, posting through the wallet in one transaction per callback.
 */
export function createProviderModule(deps: {
  db: Db;
  logger: Logger;
  wallet: WalletApi;
  /** The catalogue's single-use launch token redemption. */
  redeemLaunchToken: ProviderDeps['redeemLaunchToken'];
  /** The accounts module's member lookup (nickname, type, status). */
  playerOf: ProviderDeps['playerOf'];
  /** The catalogue's idempotent vendor creation (demo seed). */
  ensureSeamlessVendor: Parameters<typeof seedDemoVendor>[0]['ensureSeamlessVendor'];
  /** DEMO_VENDOR_SECRET; undefined in production, where no demo vendor is seeded. */
  demoVendorSecret: string | undefined;
  /** The catalogue's game and vendor lookups and the operator time zone, for the betting record and boards. */
  catalogue: Pick<BettingRecordDeps, 'vendorName'> & { describeGame: (vendor: string, gameCode: string) => Promise<{ gameType: string; names: Record<string, string>; iconUrl: string } | undefined> };
  /** The accounts module's login names (the boards mask them). */
  accountNamesOf: WinnersDeps['accountNamesOf'];
  timeZone: () => Promise<string>;
}) {
  const logger = deps.logger.child({ module: 'provider' });
  const requestLog = createRequestLog({ db: deps.db, logger });
  const service = createProviderService({
    db: deps.db,
    wallet: deps.wallet,
    redeemLaunchToken: deps.redeemLaunchToken,
    playerOf: deps.playerOf,
    gameTypeOf: async (vendor, gameCode) => (await deps.catalogue.describeGame(vendor, gameCode))?.gameType,
  });
  const vendors = createVendorAccessCache({ db: deps.db });
  return {
    api: {
      /** Registers DEMOVENDOR (catalogue + secret) when missing; a no-op without DEMO_VENDOR_SECRET. */
      /**
       * A vendor's provider-API secret, stored when missing (an operator's rotation is kept);
       * answers the stored one, so a vendor client signs with what the API checks.
       */
      async ensureVendorSecret(vendorCode: string, secret: string): Promise<string> {
        if (await ensureVendorSecret(deps.db, vendorCode, secret)) vendors.forget(vendorCode);
        return (await findVendorRow(deps.db, vendorCode))!.secret;
      },
      /** Writes the batched request log now (tests; shutdown). */
      flushRequestLog: () => requestLog.flush(),
      seedDemoVendor: async () => (deps.demoVendorSecret ? seedDemoVendor({ db: deps.db, secret: deps.demoVendorSecret, ensureSeamlessVendor: deps.ensureSeamlessVendor }) : false),
    },
    /** Registered at the prefix /provider (not /api): vendors' servers call it. */
    routes: (): FastifyPluginAsyncZod => providerRoutes({ service, logger, requestLog, vendors }),
    close: () => requestLog.flush(),
    /** Public routes under /api: the biggest-winners board and the winners leaderboard. */
    publicRoutes: (): FastifyPluginAsyncZod => winnersRoutes({ db: deps.db, timeZone: deps.timeZone, accountNamesOf: deps.accountNamesOf, describeGame: deps.catalogue.describeGame }),
    /** Member routes under /api: the betting record. */
    memberRoutes: (auth: { requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod =>
      bettingRecordRoutes({ db: deps.db, timeZone: deps.timeZone, ...deps.catalogue, requireMember: auth.requireMember }),
  };
}

export type ProviderModule = ReturnType<typeof createProviderModule>;
