import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { houseGamesRoutes } from './house-games.routes.ts';
import { createHouseGamesService, HOUSE_VENDOR_CODE } from './house-games.service.ts';
import { createProviderClient } from './provider-client.ts';
import { SLOT_GAMES } from './slots/games/index.ts';

/**
 * House games: provably fair randomness, the slot engine and games (pure), and the house game
 * server, which plays them through the provider API over HTTP as vendor HOUSE.
 */
export * from './fairness/provably-fair.ts';
export { playRound, resolveBet, spin, spinAt, type BetInput, type LineWin, type ResolvedBet, type RoundResult, type SpinResult } from './slots/engine.ts';
export { STANDARD_PAYLINES, validateGame, type SlotGame, type SlotSymbol } from './slots/paytable.ts';
export { findSlotGame, SLOT_GAMES } from './slots/games/index.ts';
export { simulate, type SimulationResult } from './slots/simulate.ts';
export { theoreticalRtp, type RtpBreakdown } from './slots/theory.ts';
export { HOUSE_VENDOR_CODE, serialiseRound, type RoundOutcome } from './house-games.service.ts';

interface EnsureVendor {
  (input: {
    code: string;
    displayName: string;
    isDemo?: boolean;
    enabled?: boolean;
    games: Array<{ gameCode: string; names: { en: string; pt?: string }; gameType: 'RNG'; demoSupported: boolean; rtp?: number }>;
  }): Promise<boolean>;
}

export function createHouseGamesModule(deps: {
  db: Db;
  logger: Logger;
  /** The catalogue's idempotent vendor creation. */
  ensureSeamlessVendor: EnsureVendor;
  /** The catalogue's server-side launch (single-use token for authenticate). */
  issueLaunchToken: (memberId: bigint, vendorCode: string, gameCode: string) => Promise<string | undefined>;
  /** The provider module's secret store: stores HOUSE's when missing, answers the stored one. */
  ensureVendorSecret: (vendorCode: string, secret: string) => Promise<string>;
  /** The system module's named secret (the default HOUSE provider secret). */
  secret: (name: string) => Promise<Buffer>;
  /** HOUSE_VENDOR_SECRET, when configured. */
  vendorSecret: string | undefined;
  /** HOUSE_PROVIDER_URL (default http://127.0.0.1:PORT). */
  providerUrl: string;
  minSpinIntervalMs: number;
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
        // Not listed yet: the slot screen that launches these games is still to come, and a listed
        // game that cannot be launched is a defect. Spins already work through /api/house.
        enabled: false,
        games: SLOT_GAMES.map((game) => ({ gameCode: game.code, names: { pt: game.name.pt, en: game.name.en }, gameType: 'RNG' as const, demoSupported: false, rtp: game.declaredRtp * 100 })),
      });
      const wanted = deps.vendorSecret ?? (await deps.secret('house_games.vendor')).toString('hex');
      const stored = await deps.ensureVendorSecret(HOUSE_VENDOR_CODE, wanted);
      if (stored !== wanted) logger.warn('the stored HOUSE provider secret differs from the configured one; signing with the stored one');
      return stored;
    })();
    registered.catch(() => (registered = undefined));
    return registered;
  }

  const client = createProviderClient({ baseUrl: () => providerUrl, vendorCode: HOUSE_VENDOR_CODE, secret: register });
  const service = createHouseGamesService({ db: deps.db, logger, client, minSpinIntervalMs: deps.minSpinIntervalMs, issueLaunchToken: deps.issueLaunchToken });

  return {
    api: {
      register: async () => {
        await register();
      },
      /** Tests and odd deployments: where the provider API listens (e.g. after listening on port 0). */
      setProviderUrl(url: string) {
        providerUrl = url.replace(/\/$/, '');
      },
    },
    routes: (auth: { requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod => houseGamesRoutes({ service, requireRealMember: auth.requireRealMember }),
  };
}

export type HouseGamesModule = ReturnType<typeof createHouseGamesModule>;
