import type { GameType } from '@app/contracts';
import { demoMachineFor, listedRtpOf } from '@app/house-games';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { notifyCatalogueChanged } from '../catalogue-events.ts';
import { upsertGames, upsertVendors, type GameUpsert, type VendorUpsert } from '../import/import.repository.ts';
import {
  disableDemoRowsNotIn,
  findDemoCatalogueVersion,
  hasDemoGames,
  listRealVendorCodes,
  lockDemoSeed,
  storeDemoCatalogueVersion,
} from './demo-catalogue.repository.ts';
import { crashName, fishName, pick, seededRandom, slotName, slugOf, tableName, type GameName, type Random } from './demo-names.ts';
import { DEMO_GAME_TARGET, DEMO_VENDORS, LOBBY_NAMES, type DemoVendorPlan } from './demo-vendors.ts';
import { LIVE_TABLES, LOTTERY_DRAWS, PVP_TABLES, SIGNATURE_GAMES, SPORTS_VIRTUALS } from './demo-words.ts';

/**
 * The demo game catalogue: ~10,000 games over ~40 invented vendors, all marked is_demo, with
 * names in Portuguese and English and art served by our own media routes.
 * Bump DEMO_CATALOGUE_VERSION whenever buildDemoCatalogue's output changes (a test pins the
 * content to the version), so databases seeded with an older one are brought up to date.
 */
export const DEMO_CATALOGUE_VERSION = '3';
/**
 * Our media routes serve the art as immutable, so art paths carry the version: a version whose
 * art differs (version 2 drew non-slot tiles as the house slot they open) reaches browsers that
 * cached the old picture under the same path.
 */
const ART_VERSION = `?v=${DEMO_CATALOGUE_VERSION}`;
const SEED = 20_250_611;
/** Lower rank comes first: hot games, then each vendor's order, vendors interleaved (see `add` in the build). */
const NOT_HOT_RANK_OFFSET = 1_000_000;
const SEED_BATCH_SIZE = 2_500;

export interface DemoCatalogue {
  vendors: VendorUpsert[];
  games: GameUpsert[];
}

type Weighted = ReadonlyArray<readonly [classify: string, weight: number]>;
const CLASSIFIES: Partial<Record<GameType, Weighted>> = {
  RNG: [['slots', 0.55], ['megaways', 0.15], ['classic', 0.15], ['jackpot', 0.15]],
  LIVE: [['baccarat', 0.35], ['roulette', 0.3], ['blackjack', 0.2], ['gameshow', 0.15]],
  FISH: [['fishing', 1]],
  PVP: [['poker', 0.4], ['truco', 0.35], ['domino', 0.25]],
  CRASH: [['crash', 1]],
  SPORTS: [['virtual', 1]],
  LOTT: [['lottery', 1]],
  ELOTT: [['lottery', 1]],
};
const LOBBY_CLASSIFY: Record<GameType, string> = {
  RNG: 'lobby', LIVE: 'lobby', FISH: 'lobby', PVP: 'lobby', CRASH: 'lobby',
  SPORTS: 'sportsbook', ESPORTS: 'esports', LOTT: 'lottery', ELOTT: 'lottery', COCKFIGHT: 'cockfight',
};
const MIN_BETS_CENTS: Partial<Record<GameType, readonly bigint[]>> = {
  LIVE: [100n, 200n, 500n],
  PVP: [50n, 100n, 200n, 500n],
};
const DEFAULT_MIN_BETS_CENTS = [10n, 20n, 20n, 40n, 50n, 100n, 100n, 200n, 500n] as const;

/** Pure and deterministic: the same catalogue on every machine and every run. */
export function buildDemoCatalogue(): DemoCatalogue {
  const random = seededRandom(SEED);
  const counts = gameCountsOf(random);
  const vendors = DEMO_VENDORS.map((plan, index) => vendorOf(plan, index));
  const games: GameUpsert[] = [];
  let signatures = 0;
  DEMO_VENDORS.forEach((plan, vendorIndex) => {
    const taken = new Set<string>();
    const add = (gameCode: string, ownNames: GameName, classify: string, play: PlayAttributes) => {
      taken.add(gameCode);
      const { names, rtp } = honestTile(plan, gameCode, ownNames);
      // Interleaving vendors in rank order makes a type's list show many vendors on page one.
      const rank = (play.isHot ? 0 : NOT_HOT_RANK_OFFSET) + taken.size * 64 + vendorIndex;
      // Spelled out rather than spread: spreading 10,000 objects made the build several times slower.
      games.push({
        vendorCode: plan.code,
        gameCode,
        gameType: plan.gameType,
        classify,
        names,
        iconPath: `demo/game/${plan.code}/${gameCode}.svg${ART_VERSION}`,
        isHot: play.isHot,
        isNew: play.isNew,
        minBet: play.minBet,
        minLineNum: play.minLineNum,
        rtp,
        demoSupported: play.demoSupported,
        enabled: true,
        maintenance: play.maintenance,
        rank,
        isDemo: true,
      });
    };
    if (plan.isGame) add('lobby', lobbyNameOf(plan), LOBBY_CLASSIFY[plan.gameType], LOBBY_ATTRIBUTES);
    for (let index = 0; index < counts[vendorIndex]!; index += 1) {
      const signature = plan.gameType === 'RNG' && index === 0 ? SIGNATURE_GAMES[signatures++] : undefined;
      if (signature) {
        add(slugOf(signature[0]), { en: signature[0], pt: signature[1] }, 'slots', playAttributes(random, plan.gameType, 'slots'));
        continue;
      }
      const classify = pickWeighted(random, CLASSIFIES[plan.gameType] ?? [[LOBBY_CLASSIFY[plan.gameType], 1]]);
      const { name, gameCode } = uniqueName(random, taken, () => nameOf(random, plan.gameType, classify, index));
      add(gameCode, name, classify, playAttributes(random, plan.gameType, classify));
    }
  });
  return { vendors, games };
}

/**
 * Inserts or refreshes the demo catalogue when it is absent or of another version; otherwise two
 * cheap queries. One transaction, so players never see half of it. Vendors imported for real
 * (is_demo false, even under a demo code such as WW) and real games are never overwritten.
 */
export async function seedDemoCatalogue(db: Db, log?: Pick<Logger, 'info'>): Promise<{ vendors: number; games: number; created: boolean }> {
  const isCurrent = async (executor: DbExecutor) =>
    (await findDemoCatalogueVersion(executor)) === DEMO_CATALOGUE_VERSION && (await hasDemoGames(executor));
  // Known without building (the build makes exactly these), so the usual no-op start stays cheap.
  if (await isCurrent(db)) return { vendors: DEMO_VENDORS.length, games: DEMO_GAME_TARGET, created: false };

  const startedAt = performance.now();
  const built = buildDemoCatalogue();
  const result = await db.transaction().execute(async (tx) => {
    await lockDemoSeed(tx);
    if (await isCurrent(tx)) return { vendors: DEMO_VENDORS.length, games: DEMO_GAME_TARGET, created: false };
    const realVendors = await listRealVendorCodes(tx);
    const vendors = built.vendors.filter((vendor) => !realVendors.has(vendor.code));
    const games = built.games.filter((game) => !realVendors.has(game.vendorCode));
    await upsertVendors(tx, vendors, { onlyReplaceDemoRows: true });
    for (let start = 0; start < games.length; start += SEED_BATCH_SIZE) {
      await upsertGames(tx, games.slice(start, start + SEED_BATCH_SIZE), { onlyReplaceDemoRows: true });
    }
    await disableDemoRowsNotIn(tx, { vendorCodes: vendors.map((vendor) => vendor.code), games });
    await storeDemoCatalogueVersion(tx, DEMO_CATALOGUE_VERSION);
    await notifyCatalogueChanged(tx);
    return { vendors: vendors.length, games: games.length, created: true };
  });
  if (result.created) log?.info({ ...result, version: DEMO_CATALOGUE_VERSION, ms: Math.round(performance.now() - startedAt) }, 'demo catalogue seeded');
  return result;
}

/**
 * What a tile says about the game it opens. A seamless demo game opens a house slot (the sandbox
 * vendor, @app/house-games demoMachineFor), so it lists that slot's RTP; a tile of another type
 * leads with the slot's name, then the demo it stands in for, until that type's own product
 * exists. A transfer-mode demo game opens the sandbox page, which plays nothing: no RTP.
 */
function honestTile(plan: DemoVendorPlan, gameCode: string, own: GameName): { names: GameName; rtp: string | null } {
  if (plan.transferAmount) return { names: own, rtp: null };
  const machine = demoMachineFor(plan.code, gameCode);
  const rtp = listedRtpOf(machine);
  if (plan.gameType === 'RNG') return { names: own, rtp };
  // A lobby stands for the vendor's whole product: "Selva Dourada · demo de Arena Sports".
  const standsFor = gameCode === 'lobby' ? { en: plan.name, pt: plan.name } : own;
  return { names: { pt: `${machine.name.pt} · demo de ${standsFor.pt}`, en: `${machine.name.en} · ${standsFor.en} demo` }, rtp };
}

function vendorOf(plan: DemoVendorPlan, index: number): VendorUpsert {
  return {
    code: plan.code,
    displayName: plan.exactName ? plan.name : `${plan.name} (Demo)`,
    logoPath: `demo/vendor/${plan.code}.svg${ART_VERSION}`,
    gameTypes: plan.gameTypes ?? [plan.gameType],
    // Gaps of 10 leave room for an operator to slot a vendor in between without renumbering.
    sortOrder: (index + 1) * 10,
    walletMode: plan.transferAmount ? 'transfer' : 'seamless',
    transferAmount: plan.transferAmount ?? null,
    isGame: plan.isGame ? 'GAME' : 'VASSALAGE',
    enabled: true,
    maintenance: plan.maintenance ?? false,
    isDemo: true,
  };
}

/** Fixed counts where given; RNG vendors without one share the rest of DEMO_GAME_TARGET unevenly. */
function gameCountsOf(random: Random): number[] {
  const fixed = DEMO_VENDORS.reduce((sum, plan) => sum + (plan.games ?? 0) + (plan.isGame ? 1 : 0), 0);
  const shared = DEMO_VENDORS.map((plan) => (plan.games === undefined ? 0.6 + random() * 0.8 : 0));
  const totalWeight = shared.reduce((sum, weight) => sum + weight, 0);
  const left = DEMO_GAME_TARGET - fixed;
  const counts = DEMO_VENDORS.map((plan, index) => plan.games ?? Math.floor((left * shared[index]!) / totalWeight));
  const lastShared = shared.findLastIndex((weight) => weight > 0);
  counts[lastShared]! += DEMO_GAME_TARGET - fixed - counts.reduce((sum, count, index) => sum + (DEMO_VENDORS[index]!.games === undefined ? count : 0), 0);
  return counts;
}

interface PlayAttributes {
  isHot: boolean;
  isNew: boolean;
  minBet: bigint;
  minLineNum: number;
  demoSupported: boolean;
  maintenance: boolean;
}

/** A lobby is a way in: no demo mode, never hot or in maintenance on its own (its RTP is the game it opens). */
const LOBBY_ATTRIBUTES: PlayAttributes = { isHot: false, isNew: false, minBet: 100n, minLineNum: 0, demoSupported: false, maintenance: false };

function lobbyNameOf(plan: DemoVendorPlan): GameName {
  const [en, pt] = LOBBY_NAMES[plan.gameType];
  return { en: en(plan.name), pt: pt(plan.name) };
}

function nameOf(random: Random, gameType: GameType, classify: string, index: number): GameName {
  switch (gameType) {
    case 'RNG':
      return slotName(random, classify);
    case 'FISH':
      return fishName(random);
    case 'CRASH':
      return crashName(random);
    case 'LIVE':
      return tableName(random, LIVE_TABLES, classify);
    case 'PVP':
      return tableName(random, PVP_TABLES, classify);
    case 'SPORTS': {
      const [en, pt] = SPORTS_VIRTUALS[index % SPORTS_VIRTUALS.length]!;
      return { en, pt };
    }
    default: {
      const [en, pt] = LOTTERY_DRAWS[index % LOTTERY_DRAWS.length]!;
      return { en, pt };
    }
  }
}

/** Draws names until one's code is free in this vendor; after many misses, numbers the name. */
function uniqueName(random: Random, taken: ReadonlySet<string>, draw: () => GameName): { name: GameName; gameCode: string } {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const name = draw();
    const gameCode = slugOf(name.en);
    if (!taken.has(gameCode)) return { name, gameCode };
  }
  const base = draw();
  for (let number = 2; ; number += 1) {
    const name = { en: `${base.en} ${number}`, pt: `${base.pt} ${number}` };
    const gameCode = slugOf(name.en);
    if (!taken.has(gameCode)) return { name, gameCode };
  }
}

function playAttributes(random: Random, gameType: GameType, classify: string): PlayAttributes {
  const isLiveOrTable = gameType === 'LIVE' || gameType === 'PVP';
  const lines = classify === 'classic' ? [1, 3, 5] : classify === 'slots' || classify === 'jackpot' ? [10, 20, 25, 30, 40, 50] : [0];
  return {
    isHot: random() < 0.05,
    isNew: random() < 0.05,
    minBet: pick(random, MIN_BETS_CENTS[gameType] ?? DEFAULT_MIN_BETS_CENTS),
    minLineNum: gameType === 'RNG' ? pick(random, lines) : 0,
    // Live dealers and other players cannot be simulated: only machine games have a demo mode.
    demoSupported: !isLiveOrTable && random() < 0.92,
    maintenance: random() < 0.02,
  };
}

function pickWeighted(random: Random, choices: Weighted): string {
  let roll = random();
  for (const [classify, weight] of choices) {
    roll -= weight;
    if (roll < 0) return classify;
  }
  return choices[choices.length - 1]![0];
}
