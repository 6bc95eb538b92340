import { createHmac } from 'node:crypto';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { houseGamesRoutes } from './house-games.routes.ts';
import { createHouseGamesService } from './house-games.service.ts';
import { createJackpot, type JackpotSettings } from './jackpot/jackpot.service.ts';
import type { EventBus } from '../../platform/events.ts';
import type { WalletApi } from '../wallet/index.ts';
import { HOUSE_VENDOR_CODE, type CatalogueGame } from './slot-tables.ts';
import { createInProcessProviderClient, createProviderClient, type ProviderClient, type ProviderProtocolHandler } from './provider-client.ts';
import { createHouseSessions } from './house-session.ts';
import { createCrashGame } from './crash/crash-game.ts';
import { startCrashLeadership, type CrashLeadership } from './crash/crash-leader.ts';
import { crashRoutes } from './crash/crash.routes.ts';
import type { CrashSettings } from './crash/crash-settings.ts';
import { MINES_GAME, MINI_GAMES, SLOT_GAMES } from '@app/house-games';
import { createPaidRounds } from './paid-round.ts';
import { createMinesService } from './mines/mines.service.ts';
import { minesRoutes } from './mines/mines.routes.ts';
import { CRASH_GAME_CODE } from '@app/contracts';

/**
 * House games: provably fair seeds, and the house game server, which plays the slot games of
 * @app/house-games (engine and data, shared with the browser's verifier) through the provider
 * API over HTTP as vendor HOUSE.
 */
export * from './fairness/provably-fair.ts';
export { simulate, type SimulationResult } from './slots/simulate.ts';
export { HOUSE_VENDOR_CODE, themeFor, resolveTable } from './slot-tables.ts';
export { crashPoint, generateChain } from './crash/hash-chain.ts';
export type { CrashSettings } from './crash/crash-settings.ts';

interface EnsureVendor {
  (input: {
    code: string;
    displayName: string;
    isDemo?: boolean;
    enabled?: boolean;
    logoPath?: string;
    games: Array<{ gameCode: string; names: { en: string; pt?: string }; gameType: 'RNG' | 'CRASH'; classify?: string; demoSupported: boolean; rtp?: number; iconPath?: string }>;
  }): Promise<boolean>;
}

/** Longer than a spin can take (5 s bet timeout, then win retries), so a live spin is never touched. */
const OPEN_ROUND_GRACE_MS = 60_000;
/** A Mines round with no move for a day is closed for the player: cashed out, or its bet returned. */
const MINES_IDLE_MS = 24 * 60 * 60 * 1000;

export function createHouseGamesModule(deps: {
  db: Db;
  logger: Logger;
  /** The catalogue's idempotent vendor creation. */
  ensureSeamlessVendor: EnsureVendor;
  /** The catalogue's view of a game before play. */
  gameForPlay: (vendor: string, gameCode: string) => Promise<CatalogueGame | undefined>;
  /** The catalogue's server-side launch (single-use token for authenticate). */
  issueLaunchToken: (memberId: bigint, vendorCode: string, gameCode: string) => Promise<string | undefined>;
  /** The provider module's secret store: stores HOUSE's when missing, answers the stored one. */
  ensureVendorSecret: (vendorCode: string, secret: string) => Promise<string>;
  /** The system module's named secret (the default HOUSE provider secret). */
  secret: (name: string) => Promise<Buffer>;
  /** HOUSE_VENDOR_SECRET, when configured. */
  vendorSecret: string | undefined;
  /** HOUSE_PROVIDER_URL: call the provider API over HTTP there (a separate house-games deployment). */
  providerUrl: string | undefined;
  /** The provider module's in-process protocol handler, used when no providerUrl is set. */
  providerCallbacks?: ProviderProtocolHandler;
  minSpinIntervalMs: number;
  bus: EventBus;
  wallet: Pick<WalletApi, 'post' | 'submit' | 'houseBalance'>;
  jackpot: JackpotSettings;
  crash: CrashSettings;
  /** The leader's own connection (its advisory lock lives and dies with it). */
  connectionString: string;
  /** Masked names of the crash game's players (accounts module). */
  accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>;
  /** The accounts module's 18+ rule: throws member.age_unverified, so a refused bet tells the player why. */
  assertAgeVerified?: (memberId: bigint) => Promise<void>;
  /** The member's cash balance (wallet module), answered when nothing new moved. */
  cashOf: (memberId: bigint) => Promise<bigint>;
}) {
  const logger = deps.logger.child({ module: 'house-games' });
  let providerUrl = deps.providerUrl;
  let registered: Promise<string> | undefined;

  /** Idempotent: the HOUSE vendor and its games in the catalogue, and its provider secret. */
  function register(): Promise<string> {
    registered ??= (async () => {
      await deps.ensureSeamlessVendor({
        code: HOUSE_VENDOR_CODE,
        displayName: 'Jogos da Casa',
        isDemo: false,
        // Drawn by the catalogue's media routes (media/house-art.ts).
        logoPath: `house/vendor/${HOUSE_VENDOR_CODE}.svg`,
        games: [
          ...SLOT_GAMES.map((game) => ({ gameCode: game.code, names: { pt: game.name.pt, en: game.name.en }, gameType: 'RNG' as const, demoSupported: true, rtp: game.declaredRtp * 100 })),
          // The mini games are listed with the crash games (spec §1 "in-house crash games, jackpot and mini games").
          { gameCode: CRASH_GAME_CODE, names: { pt: 'Crash', en: 'Crash' }, gameType: 'CRASH' as const, classify: 'crash', demoSupported: false, rtp: 99 },
          ...MINI_GAMES.map((game) => ({ gameCode: game.code, names: game.name, gameType: 'CRASH' as const, classify: 'mini', demoSupported: false, rtp: 99 })),
          { gameCode: MINES_GAME.code, names: MINES_GAME.name, gameType: 'CRASH' as const, classify: 'mini', demoSupported: false, rtp: 99 },
        ].map((game) => ({ ...game, iconPath: `house/game/${game.gameCode}.svg` })),
      });
      const wanted = deps.vendorSecret ?? (await deps.secret('house_games.vendor')).toString('hex');
      await jackpot.ensurePool();
      const stored = await deps.ensureVendorSecret(HOUSE_VENDOR_CODE, wanted);
      if (stored !== wanted) logger.warn('the stored HOUSE provider secret differs from the configured one; signing with the stored one');
      return stored;
    })();
    registered.catch(() => (registered = undefined));
    return registered;
  }

  /**
   * The secret the house game server signs with for a vendor: HOUSE's own, or for a demo vendor
   * it serves one derived from HOUSE's (stored on first use; an operator's rotation is kept).
   */
  const sandboxSecrets = new Map<string, Promise<string>>();
  function secretFor(vendor: string): Promise<string> {
    if (vendor === HOUSE_VENDOR_CODE) return register();
    let secret = sandboxSecrets.get(vendor);
    if (!secret) {
      secret = register().then((houseSecret) => deps.ensureVendorSecret(vendor, createHmac('sha256', houseSecret).update(`sandbox-vendor:${vendor}`).digest('hex')));
      secret.catch(() => sandboxSecrets.delete(vendor));
      sandboxSecrets.set(vendor, secret);
    }
    return secret;
  }

  // One transport at a time: in process by default; HTTP at HOUSE_PROVIDER_URL or after setProviderUrl.
  const httpClient = createProviderClient({ baseUrl: () => providerUrl ?? '', secretFor });
  const inProcessClient = deps.providerCallbacks ? createInProcessProviderClient({ handle: deps.providerCallbacks, registerVendor: secretFor }) : undefined;
  if (!inProcessClient && providerUrl === undefined) throw new Error('house games: neither a provider URL nor the in-process provider callbacks');
  const transport = (): ProviderClient => (providerUrl === undefined && inProcessClient ? inProcessClient : httpClient);
  const client: ProviderClient = {
    authenticate: (vendor, token) => transport().authenticate(vendor, token),
    bet: (vendor, request) => transport().bet(vendor, request),
    win: (vendor, request) => transport().win(vendor, request),
    rollback: (vendor, request) => transport().rollback(vendor, request),
  };
  const sessions = createHouseSessions({ client, issueLaunchToken: deps.issueLaunchToken, assertAgeVerified: deps.assertAgeVerified });
  const crash = createCrashGame({ db: deps.db, bus: deps.bus, logger, client, sessions, settings: deps.crash, catalogueGame: deps.gameForPlay, accountNamesOf: deps.accountNamesOf, cashOf: deps.cashOf });
  let leadership: CrashLeadership | undefined;
  const jackpot = createJackpot({ db: deps.db, bus: deps.bus, logger, client, settings: deps.jackpot, wallet: deps.wallet });
  const rounds = createPaidRounds({ db: deps.db, logger, client, sessions, jackpot, minSpinIntervalMs: deps.minSpinIntervalMs });
  const service = createHouseGamesService({ db: deps.db, logger, rounds, jackpot, minSpinIntervalMs: deps.minSpinIntervalMs, catalogueGame: deps.gameForPlay });
  const mines = createMinesService({ db: deps.db, logger, rounds, minSpinIntervalMs: deps.minSpinIntervalMs, catalogueGame: deps.gameForPlay });
  const minesClosing = () => mines.closeAbandoned(MINES_IDLE_MS, OPEN_ROUND_GRACE_MS);

  return {
    api: {
      register: async () => {
        await register();
      },
      /** The settle job: delivers wins (or rolls back bets) of rounds left open longer than `olderThanMs`. */
      settleOpenRounds: (olderThanMs: number) => service.settleOpenRounds(olderThanMs),
      /** The settle job's Mines step: closes rounds in progress left alone for `idleMs` (docs/ARCHITECTURE.md). */
      closeAbandonedMines: (idleMs = MINES_IDLE_MS) => mines.closeAbandoned(idleMs, OPEN_ROUND_GRACE_MS),
      /** The jackpot pools with their current amounts (home counter). */
      jackpotPools: () => jackpot.pools(),
      /** Jackpot wins taken but not yet paid (the settle job does this every minute). */
      deliverPendingJackpots: () => jackpot.deliverPending(),
      /** Operators (npm run jackpot): the main pool's odds, share and seed, and changing them. */
      jackpotSettings: () => jackpot.poolSettings(),
      configureJackpot: (change: { oddsCents?: bigint; contributionBp?: number; seed?: bigint }) => jackpot.configure(change),
      /**
       * Contends for the crash game's lead (processes that run jobs do; CRASH_LEADER=false opts
       * out). Idempotent; answers the leadership handle (tests stop it to play a leader's death).
       */
      startCrashLeader(): CrashLeadership {
        leadership ??= startCrashLeadership({ connectionString: deps.connectionString, logger, pollMs: deps.crash.takeoverPollMs, lead: async (signal) => {
          await register();
          await crash.lead(signal);
        } });
        return leadership;
      },
      /** Lets go of the crash lead (shutdown: before the HTTP server closes, since the leader calls it). */
      async stopCrashLeader() {
        await leadership?.stop();
        leadership = undefined;
      },
      crash,
      /** Tests and odd deployments: call the provider API over HTTP there from now on (e.g. after listening on port 0). */
      setProviderUrl(url: string) {
        providerUrl = url.replace(/\/$/, '');
      },
    },
    jobs: [
      {
        // A round stays open when its win (or the rollback of an unconfirmed bet) could not be
        // delivered; after a minute every such round is finished, whatever stopped it.
        name: 'house-games.settle-open-rounds',
        cron: '* * * * *',
        async handle() {
          const counts = await service.settleOpenRounds(OPEN_ROUND_GRACE_MS);
          const jackpotsPaid = await jackpot.deliverPending();
          if (counts.settled + counts.rolledBack + counts.stillOpen + jackpotsPaid > 0) logger.info({ ...counts, jackpotsPaid }, 'house rounds left open were settled');
          // Mines rounds in progress are 'playing', never 'open': only the abandoned-round policy closes them.
          const abandoned = await minesClosing();
          if (abandoned.cashedOut + abandoned.refunded + abandoned.failed > 0) logger.info(abandoned, 'abandoned Mines rounds were closed');
        },
      },
    ] satisfies JobDefinition[],
    async close() {
      await leadership?.stop();
      leadership = undefined;
      jackpot.close();
    },
    routes: (auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod => async (app) => {
      await app.register(houseGamesRoutes({ service, ...auth }));
      await app.register(crashRoutes({ crash, ...auth }));
      await app.register(minesRoutes({ mines, requireRealMember: auth.requireRealMember }));
    },
  };
}

export type HouseGamesModule = ReturnType<typeof createHouseGamesModule>;
