import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import type { WalletApi } from '../wallet/index.ts';
import { seedDemoVendor } from './demo-vendor.ts';
import { providerRoutes } from './provider.routes.ts';
import { createProviderService, type ProviderDeps } from './provider.service.ts';
import { createRequestLog } from './request-log.ts';
import { ensureVendorSecret, findVendorRow } from './provider.repository.ts';
import { createVendorAccessCache } from './vendor-access.ts';
import { roundTransactions } from './round-transactions.ts';
import { createProviderCallbacks } from './provider.callbacks.ts';
import { createCallbackLanes } from './callback-lanes.ts';
import { createRoundCloseBatch } from './round-close-batch.ts';
import { describeVendorAccess, rotateVendorSecret, setVendorIpAllowList, VENDOR_ACCESS_CHANGED, vendorAccessChangedEvent } from './vendor-secrets.ts';
import { bettingRecordRoutes, type BettingRecordDeps } from './betting-record.ts';
import { winnersRoutes, type WinnersDeps } from './winners.ts';
import { memberBetsAdminRoutes } from './member-bets.admin-routes.ts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { memberRounds, roundsBetween } from './member-export.ts';

export { DEMO_VENDOR_CODE, DEMO_VENDOR_GAME } from './demo-vendor.ts';
export { signBody } from './signature.ts';
export type { VendorProviderAccess } from './vendor-secrets.ts';
export type { ProviderCallbacks, ProviderWireAnswer } from './provider.callbacks.ts';
export { PROVIDER_ACTIONS, PROVIDER_ERRORS, type ProviderAction, type ProviderErrorCode } from './provider.wire.ts';

/**
 * Provider module: the seamless-wallet API game vendors call (authenticate, balance, bet, win,
 * rollback), signed per vendor, posting through the wallet in one transaction per callback.
 */
export function createProviderModule(deps: {
  db: Db;
  logger: Logger;
  wallet: WalletApi;
  /** Tells every process that a vendor's secret or allow-list changed (without it: within VENDOR_ACCESS_TTL_MS). */
  bus?: EventBus;
  /** The catalogue's single-use launch token redemption. */
  redeemLaunchToken: ProviderDeps['redeemLaunchToken'];
  /** The accounts module's member lookup (nickname, type, status). */
  playerOf: ProviderDeps['playerOf'];
  /** The accounts module's 18+ rule, asked before every bet (spec §5). */
  ageVerificationOf?: ProviderDeps['ageVerificationOf'];
  ageVerificationsOf?: ProviderDeps['ageVerificationsOf'];
  /** Responsible gaming (issue 27): limits and exclusions, asked before every bet. */
  betGate?: ProviderDeps['betGate'];
  prefetchBetGate?: ProviderDeps['prefetchBetGate'];
  /** The catalogue's idempotent vendor creation (demo seed). */
  ensureSeamlessVendor: Parameters<typeof seedDemoVendor>[0]['ensureSeamlessVendor'];
  /** DEMO_VENDOR_SECRET; undefined in production, where no demo vendor is seeded. */
  demoVendorSecret: string | undefined;
  /** The catalogue's game and vendor lookups and the operator time zone, for the betting record and boards. */
  catalogue: Pick<BettingRecordDeps, 'vendorName'> & { describeGame: (vendor: string, gameCode: string) => Promise<{ gameType: string; names: Record<string, string>; iconUrl: string } | undefined> };
  /** The accounts module's login names (the boards mask them). */
  accountNamesOf: WinnersDeps['accountNamesOf'];
  timeZone: () => Promise<string>;
  /** WINNERS_CACHE_MS: how long a board answer is kept (default 30 s). */
  winnersCacheMs?: number;
  /**
   * Money-callback statements in flight at once (callback-lanes.ts; PROVIDER_CALLBACK_LANES,
   * default 2). Each lane's statement carries every callback that queued for it meanwhile; more
   * lanes overlap one commit's fsync with another's work, fewer make bigger batches.
   */
  callbackLanes?: number;
}) {
  const logger = deps.logger.child({ module: 'provider' });
  const requestLog = createRequestLog({ db: deps.db, logger });
  const lanes = createCallbackLanes({ db: deps.db, lanes: deps.callbackLanes ?? 2, logger, announce: (balances) => deps.wallet.announceBalances(balances) });
  const service = createProviderService({
    lanes,
    logger,
    db: deps.db,
    wallet: deps.wallet,
    redeemLaunchToken: deps.redeemLaunchToken,
    playerOf: deps.playerOf,
    ageVerificationOf: deps.ageVerificationOf,
    ageVerificationsOf: deps.ageVerificationsOf,
    betGate: deps.betGate,
    prefetchBetGate: deps.prefetchBetGate,
    gameTypeOf: async (vendor, gameCode) => (await deps.catalogue.describeGame(vendor, gameCode))?.gameType,
  });
  const vendors = createVendorAccessCache({ db: deps.db });
  const unsubscribe = deps.bus?.subscribe((event) => {
    if (event.type === VENDOR_ACCESS_CHANGED && typeof event.data?.vendor === 'string') vendors.forget(event.data.vendor);
  });
  /** Publishes the change in the writer's transaction: every process forgets the vendor on commit. */
  const announce = async (executor: DbExecutor, vendorCode: string) => {
    await deps.bus?.publish(executor, vendorAccessChangedEvent(vendorCode));
  };
  const callbacks = createProviderCallbacks({ service, logger, requestLog, vendors });
  return {
    api: {
      /** A member's whole betting record (compliance: LGPD export). */
      memberRounds: (memberId: bigint) => memberRounds(deps.db, memberId),
      /** Rounds opened or closed in a period, streamed (compliance: the regulator extract). */
      roundsBetween: (from: Date, to: Date) => roundsBetween(deps.db, from, to),
      /**
       * The provider protocol in process (our own game servers): the HTTP API's answers for the
       * same request, without its signature and IP allow-list checks (provider.callbacks.ts).
       */
      callbacks,
      /** callbacks.handleMany with 0.00 round-closing wins set-based (round-close-batch.ts): same answers, one statement. */
      batchCallbacks: createRoundCloseBatch({ db: deps.db, logger, requestLog, vendors, callbacks }),
      /** One round's protocol transactions in order (the sportsbook console's ticket detail). */
      roundTransactions: (vendorCode: string, roundId: string) => roundTransactions(deps.db, vendorCode, roundId),
      /** Registers DEMOVENDOR (catalogue + secret) when missing; a no-op without DEMO_VENDOR_SECRET. */
      /**
       * A vendor's provider-API secret, stored when missing (an operator's rotation is kept);
       * answers the stored one, so a vendor client signs with what the API checks.
       */
      async ensureVendorSecret(vendorCode: string, secret: string): Promise<string> {
        if (await ensureVendorSecret(deps.db, vendorCode, secret)) vendors.forget(vendorCode);
        return (await findVendorRow(deps.db, vendorCode))!.secret;
      },
      /**
       * The back office's port to a vendor's provider-API access. Writes take the caller's
       * transaction (the audit row commits with them); call forget(code) after the commit so this
       * process refuses the old secret at once (the others drop it when the commit's event arrives).
       */
      vendorAccess: {
        describe: (executor: DbExecutor, vendorCodes: readonly string[]) => describeVendorAccess(executor, vendorCodes),
        async rotateSecret(executor: DbExecutor, vendorCode: string) {
          const rotated = await rotateVendorSecret(executor, vendorCode);
          await announce(executor, vendorCode);
          return rotated;
        },
        async setIpAllowList(executor: DbExecutor, vendorCode: string, networks: readonly string[]) {
          const stored = await setVendorIpAllowList(executor, vendorCode, networks);
          if (stored) await announce(executor, vendorCode);
          return stored;
        },
        forget: (vendorCode: string) => void vendors.forget(vendorCode),
      },
      /** Money callbacks run and the statements they took (group commit; tests and benchmarks). */
      callbackStats: () => lanes.stats(),
      /** Writes the batched request log now (tests; shutdown). */
      flushRequestLog: () => requestLog.flush(),
      seedDemoVendor: async () => (deps.demoVendorSecret ? seedDemoVendor({ db: deps.db, secret: deps.demoVendorSecret, ensureSeamlessVendor: deps.ensureSeamlessVendor }) : false),
    },
    /** Registered at the prefix /provider (not /api): vendors' servers call it. */
    routes: (): FastifyPluginAsyncZod => providerRoutes({ service, logger, requestLog, vendors }),
    close: async () => {
      unsubscribe?.();
      await lanes.close();
      return requestLog.flush();
    },
    /** Public routes under /api: the biggest-winners board and the winners leaderboard. */
    publicRoutes: (): FastifyPluginAsyncZod => winnersRoutes({ db: deps.db, timeZone: deps.timeZone, accountNamesOf: deps.accountNamesOf, describeGame: deps.catalogue.describeGame, cacheMs: deps.winnersCacheMs }),
    /** Back-office routes under /api: a member's game rounds (members.read). */
    adminRoutes: (ports: Omit<Parameters<typeof memberBetsAdminRoutes>[0], 'db'>): FastifyPluginAsyncZod => memberBetsAdminRoutes({ db: deps.db, ...ports }),
    /** Member routes under /api: the betting record. */
    memberRoutes: (auth: { requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod =>
      bettingRecordRoutes({ db: deps.db, timeZone: deps.timeZone, ...deps.catalogue, requireMember: auth.requireMember }),
  };
}

export type ProviderModule = ReturnType<typeof createProviderModule>;
