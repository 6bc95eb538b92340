import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/** The house game server's wire shapes (/api/house): slot tables, rounds and provably fair seeds. */

export const SlotSpinSchema = z.object({
  mode: z.enum(['base', 'free']),
  stops: z.array(z.number().int()),
  /** window[reel][row], symbol ids. */
  window: z.array(z.array(z.string())),
  lineWins: z.array(z.object({ line: z.number().int(), symbol: z.string(), count: z.number().int(), pay: MoneySchema })),
  scatter: z.object({ count: z.number().int(), pay: MoneySchema }),
  freeSpinsAwarded: z.number().int(),
  multiplier: z.number(),
  win: MoneySchema,
});
export type SlotSpin = z.infer<typeof SlotSpinSchema>;

export const SlotOutcomeSchema = z.object({
  lineBet: MoneySchema,
  lines: z.number().int(),
  totalBet: MoneySchema,
  stops: z.array(z.number().int()),
  window: z.array(z.array(z.string())),
  lineWins: SlotSpinSchema.shape.lineWins,
  scatter: SlotSpinSchema.shape.scatter,
  base: SlotSpinSchema,
  freeSpins: z.array(SlotSpinSchema),
  freeSpinsAwarded: z.number().int(),
  totalWin: MoneySchema,
});
export type SlotOutcome = z.infer<typeof SlotOutcomeSchema>;

export const PublicSeedSchema = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() });
export const RevealedSeedSchema = z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), lastNonce: z.number().int() });

/** The catalogue's code formats (VendorCodeSchema / GameCodeSchema), as path parameters. */
export const SlotGameParamsSchema = z.object({ vendor: z.string().regex(/^[A-Za-z0-9_]{1,40}$/), gameCode: z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/) });

export const SpinRequestSchema = z.object({
  lineBet: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places'),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 letters, digits, - or _'),
});
export type SpinRequest = z.infer<typeof SpinRequestSchema>;
export const SpinResponseSchema = z.object({ round: SlotOutcomeSchema.extend({ id: z.string(), vendor: z.string(), gameCode: z.string() }), balance: MoneySchema, fairness: PublicSeedSchema });
export type SpinResponse = z.infer<typeof SpinResponseSchema>;

export const DemoSpinRequestSchema = SpinRequestSchema.pick({ lineBet: true });
export const DemoSpinResponseSchema = z.object({ round: SlotOutcomeSchema.extend({ gameCode: z.string() }), fairness: PublicSeedSchema.extend({ serverSeed: z.string() }) });
export type DemoSpinResponse = z.infer<typeof DemoSpinResponseSchema>;

const PaysSchema = z.array(z.object({ count: z.number().int(), pay: z.number() }));
const NamesSchema = z.object({ pt: z.string(), en: z.string() });

/** A slot as shown before play: paytable, lines, bets, RTP and the pace limit. */
export const SlotTableSchema = z.object({
  vendor: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  names: NamesSchema,
  /** The house slot machine behind the game (a demo vendor's game is a themed house slot). */
  machine: z.string(),
  machineNames: NamesSchema,
  theme: NamesSchema,
  rows: z.number().int(),
  reels: z.number().int(),
  lines: z.number().int(),
  paylines: z.array(z.array(z.number().int())),
  symbols: z.array(z.object({ id: z.string(), names: NamesSchema, kind: z.enum(['regular', 'wild', 'scatter']), pays: PaysSchema })),
  scatter: z.object({ symbol: z.string(), pays: PaysSchema, freeSpins: z.array(z.object({ count: z.number().int(), spins: z.number().int() })) }),
  freeSpins: z.object({ multiplier: z.number(), retrigger: z.boolean(), maxFreeSpins: z.number().int() }),
  wild: z.string(),
  lineBets: z.array(MoneySchema),
  /** Percent, e.g. 96.4261. */
  rtp: z.number(),
  /** Percent of paid rounds with any win. */
  hitFrequency: z.number(),
  minSpinIntervalMs: z.number().int(),
  playable: z.boolean(),
  demoSupported: z.boolean(),
});
export type SlotTable = z.infer<typeof SlotTableSchema>;

export const RoundIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
export const ClientSeedRequestSchema = z.object({ clientSeed: z.string().regex(/^[\x20-\x7e]{1,64}$/, '1–64 printable ASCII characters') });

export const FairnessStateSchema = PublicSeedSchema.extend({ revealed: z.array(RevealedSeedSchema.extend({ revealedAt: z.string() })) });
export type FairnessState = z.infer<typeof FairnessStateSchema>;
export const RotationResponseSchema = z.object({ revealed: RevealedSeedSchema, active: PublicSeedSchema });
export type RotationResponse = z.infer<typeof RotationResponseSchema>;

/** One of the member's rounds; `serverSeed` is null until the seed pair is rotated. */
export const HouseRoundSchema = z.object({
  id: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  /** The slot machine that played it (verifiers replay with this one). */
  machine: z.string(),
  /** playing: a Mines round in progress (bet taken, closing win not decided yet). */
  status: z.enum(['open', 'playing', 'settled', 'failed']),
  bet: MoneySchema,
  win: MoneySchema,
  createdAt: z.string(),
  /** A slot round's reels, or a mini round's result (outcome.kind names the mini game, Mines included). */
  outcome: z.union([SlotOutcomeSchema, z.lazy(() => MiniOutcomeSchema), z.lazy(() => MinesOutcomeSchema)]),
  fairness: PublicSeedSchema.extend({ serverSeed: z.string().nullable() }),
});
export type HouseRound = z.infer<typeof HouseRoundSchema>;

/** Mini games (one-step house games: dice, limbo, plinko). */
export const MINI_GAME_CODES = ['dados', 'limbo', 'plinko'] as const;
export type MiniGameCode = (typeof MINI_GAME_CODES)[number];

export const DiceResultSchema = z.object({ direction: z.enum(['over', 'under']), target: z.string(), roll: z.string(), won: z.boolean() });
export const LimboResultSchema = z.object({ target: z.string(), result: z.string(), won: z.boolean() });
export const PlinkoResultSchema = z.object({ rows: z.number().int(), risk: z.enum(['low', 'medium', 'high']), path: z.array(z.number().int()), slot: z.number().int(), multiplier: z.string() });

/** A mini round as stored and shown: the stake, the payout multiplier ("1.9801"), the win and the game's own result. */
export const MiniOutcomeSchema = z.object({
  kind: z.enum(MINI_GAME_CODES),
  bet: MoneySchema,
  multiplier: z.string(),
  win: MoneySchema,
  result: z.union([DiceResultSchema, LimboResultSchema, PlinkoResultSchema]),
});
export type MiniOutcome = z.infer<typeof MiniOutcomeSchema>;

/** params: dados {direction: over|under, target: "49.50"}; limbo {target: "2.00"}; plinko {rows: 8|12|16, risk}. */
export const MiniPlayRequestSchema = z.object({
  amount: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places'),
  params: z.record(z.string(), z.union([z.string().max(20), z.number()])),
  requestId: SpinRequestSchema.shape.requestId,
});
export type MiniPlayRequest = z.infer<typeof MiniPlayRequestSchema>;
export const MiniPlayResponseSchema = z.object({ round: MiniOutcomeSchema.extend({ id: z.string(), gameCode: z.string() }), balance: MoneySchema, fairness: PublicSeedSchema });
export type MiniPlayResponse = z.infer<typeof MiniPlayResponseSchema>;

export const MiniGameParamsSchema = z.object({ gameCode: z.enum(MINI_GAME_CODES) });

/** A mini game before play: names, limits and its RTP (the best a player can get, per option where it varies). */
export const MiniTableSchema = z.object({
  gameCode: z.enum(MINI_GAME_CODES),
  names: z.object({ pt: z.string(), en: z.string() }),
  minBet: MoneySchema,
  maxBet: MoneySchema,
  /** Percent: dice and limbo 99 (at most); plinko per rows and risk. */
  rtp: z.number(),
  plinko: z.array(z.object({ rows: z.number().int(), risk: z.enum(['low', 'medium', 'high']), rtp: z.number(), multipliers: z.array(z.string()) })).optional(),
  minSpinIntervalMs: z.number().int(),
  playable: z.boolean(),
});
export type MiniTable = z.infer<typeof MiniTableSchema>;

/**
 * Mines (a multi-step house game): 5×5 cells numbered 0–24 row by row, 1–24 mines fixed by the
 * round's seeds at the start. Not in MINI_GAME_CODES: it is played through /api/house/mines.
 */
export const MINES_GAME_CODE = 'mines';
export const MinesStateSchema = z.enum(['playing', 'cashed_out', 'lost', 'refunded']);
export type MinesState = z.infer<typeof MinesStateSchema>;

export const MinesResultSchema = z.object({
  mineCount: z.number().int(),
  /** Safe cells in the order they were revealed. */
  revealed: z.array(z.number().int()),
  /** The mine that ended the round, if one did. */
  hit: z.number().int().nullable(),
  /** The mines, ascending; null while the round is in progress (they are never sent before it ends). */
  mines: z.array(z.number().int()).nullable(),
  state: MinesStateSchema,
});
export type MinesResult = z.infer<typeof MinesResultSchema>;

/** A Mines round as stored in HouseRound.outcome: multiplier and win are the closing ones ("0.0000" / "0.00" until then). */
export const MinesOutcomeSchema = z.object({ kind: z.literal(MINES_GAME_CODE), bet: MoneySchema, multiplier: z.string(), win: MoneySchema, result: MinesResultSchema });
export type MinesOutcome = z.infer<typeof MinesOutcomeSchema>;

/** The player's view of a Mines round, in progress or just closed. */
export const MinesRoundSchema = MinesResultSchema.extend({
  id: z.string(),
  bet: MoneySchema,
  /** The cash-out multiplier earned so far ("1.2375"), or the closing one; "0.0000" before the first safe cell or after a mine. */
  multiplier: z.string(),
  /** What the next safe cell would make it; null when the round is over. */
  nextMultiplier: z.string().nullable(),
  /** What cashing out now pays; null when cashing out is not possible (nothing revealed, or the round is over). */
  cashOut: MoneySchema.nullable(),
  /** The closing win ("0.00" while in progress). */
  win: MoneySchema,
  fairness: PublicSeedSchema,
});
export type MinesRound = z.infer<typeof MinesRoundSchema>;

/** GET /api/house/mines: limits, RTP and the member's round in progress (resumed on opening the game). */
export const MinesTableSchema = z.object({
  gameCode: z.literal(MINES_GAME_CODE),
  names: z.object({ pt: z.string(), en: z.string() }),
  minBet: MoneySchema,
  maxBet: MoneySchema,
  /** Percent: the best a cash-out point returns (every one returns 98.99–99). */
  rtp: z.number(),
  mineCounts: z.object({ min: z.number().int(), max: z.number().int() }),
  cells: z.number().int(),
  minSpinIntervalMs: z.number().int(),
  playable: z.boolean(),
  current: MinesRoundSchema.nullable(),
});
export type MinesTable = z.infer<typeof MinesTableSchema>;

/** Numbers are range-checked by the server, which answers house.mines_invalid / house.cell_invalid. */
export const MinesStartRequestSchema = z.object({
  amount: MiniPlayRequestSchema.shape.amount,
  mines: z.number().int(),
  requestId: SpinRequestSchema.shape.requestId,
});
export type MinesStartRequest = z.infer<typeof MinesStartRequestSchema>;
export const MinesRevealRequestSchema = z.object({ roundId: RoundIdParamsSchema.shape.id, cell: z.number().int() });
export type MinesRevealRequest = z.infer<typeof MinesRevealRequestSchema>;
export const MinesCashOutRequestSchema = z.object({ roundId: RoundIdParamsSchema.shape.id });
export type MinesCashOutRequest = z.infer<typeof MinesCashOutRequestSchema>;
/** balance: after money moved (the bet, the closing win); null when none did (a safe cell, a replay). */
export const MinesPlayResponseSchema = z.object({ round: MinesRoundSchema, balance: MoneySchema.nullable() });
export type MinesPlayResponse = z.infer<typeof MinesPlayResponseSchema>;

/** The progressive jackpot pools (home counter); amounts are the real pool, 2 decimals. */
export const JackpotPoolsSchema = z.object({ pools: z.array(z.object({ code: z.string(), names: z.object({ pt: z.string(), en: z.string() }), amount: MoneySchema })) });
export type JackpotPools = z.infer<typeof JackpotPoolsSchema>;
