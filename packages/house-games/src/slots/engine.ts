import { AppError } from '@app/kernel';
import type { RandomStream } from '../stream.ts';
import type { ReelSet, SlotGame } from './paytable.ts';

/**
 * The slot engine. Rules:
 * - A spin draws one stop per reel, left to right, each exactly uniform over the strip
 *   (stream.nextInt(strip length), rejection sampling); the window shows rows stop … stop+2.
 * - A line pays the longest left-to-right run of one symbol, the wild substituting for every
 *   symbol but the scatter; a run of leading wilds pays as wilds when that pays more than the
 *   substituted symbol. Only the best win per line is paid.
 * - The scatter pays anywhere, on the total bet, by the number visible, and 3+ award free spins.
 * - Free spins use the game's free-spin reels (or the base reels), multiply every win, may
 *   retrigger, and stop at maxFreeSpins per round; they draw from the same stream, after the
 *   base spin, so one nonce determines the whole round.
 * - Money: every win is an integer count of line bets ("units"), times the line bet in centavos.
 */

export type BetInput = { lineBet: bigint } | { totalBet: bigint };

export interface ResolvedBet {
  lineBet: bigint;
  lines: number;
  totalBet: bigint;
}

export interface LineWin {
  /** Index into game.paylines. */
  line: number;
  symbol: string;
  count: number;
  /** Centavos, multiplier included. */
  pay: bigint;
}

export interface SpinResult {
  mode: 'base' | 'free';
  stops: number[];
  /** window[reel][row], row 0 on top. */
  window: string[][];
  lineWins: LineWin[];
  scatter: { count: number; pay: bigint };
  freeSpinsAwarded: number;
  multiplier: number;
  /** Centavos won by this spin. */
  win: bigint;
}

export interface RoundResult {
  bet: ResolvedBet;
  base: SpinResult;
  freeSpins: SpinResult[];
  /** Free spins awarded before the cap was applied. */
  freeSpinsAwarded: number;
  totalWin: bigint;
}

interface CompiledReels {
  strips: Int32Array[];
}

export interface CompiledGame {
  game: SlotGame;
  symbolIds: string[];
  /** pay[symbol][count], in line bets; count 0…5. */
  pay: number[][];
  wild: number;
  scatter: number;
  /** By scatter count 0…15: pays in total bets, free spins awarded. */
  scatterPays: number[];
  scatterSpins: number[];
  lines: number[][];
  base: CompiledReels;
  free: CompiledReels;
}

const compiled = new WeakMap<SlotGame, CompiledGame>();

export function compileGame(game: SlotGame): CompiledGame {
  const cached = compiled.get(game);
  if (cached) return cached;
  const symbolIds = game.symbols.map((symbol) => symbol.id);
  const indexOf = (id: string): number => {
    const index = symbolIds.indexOf(id);
    if (index < 0) throw new Error(`${game.code}: unknown symbol ${id}`);
    return index;
  };
  const compileReels = (reels: ReelSet): CompiledReels => ({ strips: reels.strips.map((reel) => Int32Array.from(reel, indexOf)) });
  const maxScatters = 5;
  const result: CompiledGame = {
    game,
    symbolIds,
    pay: game.symbols.map((symbol) => [0, 0, 0, symbol.pays?.[3] ?? 0, symbol.pays?.[4] ?? 0, symbol.pays?.[5] ?? 0]),
    wild: indexOf(game.wild),
    scatter: indexOf(game.scatter.symbol),
    scatterPays: Array.from({ length: maxScatters + 1 }, (_, count) => game.scatter.pays[count] ?? 0),
    scatterSpins: Array.from({ length: maxScatters + 1 }, (_, count) => game.scatter.freeSpins[count] ?? 0),
    lines: game.paylines.map((line) => [...line]),
    base: compileReels(game.reels),
    free: compileReels(game.freeSpins.reels ?? game.reels),
  };
  compiled.set(game, result);
  return result;
}

/** The best win of one line given its 5 symbol indices; units in line bets (before multiplier). */
export function evaluateLine(game: CompiledGame, symbols: ArrayLike<number>): { symbol: number; count: number; units: number } | undefined {
  const { wild, scatter, pay } = game;
  const length = symbols.length;
  let wildRun = 0;
  while (wildRun < length && symbols[wildRun] === wild) wildRun += 1;
  const wildUnits = pay[wild]![wildRun] ?? 0;
  if (wildRun === length) return wildUnits > 0 ? { symbol: wild, count: wildRun, units: wildUnits } : undefined;
  const first = symbols[wildRun]!;
  let count = wildRun;
  if (first !== scatter) {
    count += 1;
    while (count < length && (symbols[count] === first || symbols[count] === wild)) count += 1;
  }
  const symbolUnits = first === scatter ? 0 : (pay[first]![count] ?? 0);
  if (wildUnits > symbolUnits) return { symbol: wild, count: wildRun, units: wildUnits };
  if (symbolUnits > 0) return { symbol: first, count, units: symbolUnits };
  return undefined;
}

export function resolveBet(game: SlotGame, bet: BetInput): ResolvedBet {
  const lines = game.paylines.length;
  if ('lineBet' in bet) {
    if (typeof bet.lineBet !== 'bigint' || bet.lineBet <= 0n) throw new AppError('validation.failed', 'line bet must be a positive number of centavos', { field: 'lineBet' });
    return { lineBet: bet.lineBet, lines, totalBet: bet.lineBet * BigInt(lines) };
  }
  if (typeof bet.totalBet !== 'bigint' || bet.totalBet <= 0n || bet.totalBet % BigInt(lines) !== 0n) {
    throw new AppError('validation.failed', `total bet must be a positive multiple of ${lines} centavos`, { field: 'totalBet', lines });
  }
  return { lineBet: bet.totalBet / BigInt(lines), lines, totalBet: bet.totalBet };
}

interface SpinCore {
  stops: number[];
  windowSymbols: Int32Array;
  lineWins: { line: number; symbol: number; count: number; units: number }[];
  scatterCount: number;
  scatterUnits: number;
  freeSpinsAwarded: number;
  /** Line bets won, multiplier included. */
  units: number;
}

const ROWS = 3;

/** Evaluates the window at the given stops. */
export function evaluateStops(game: CompiledGame, mode: 'base' | 'free', stops: readonly number[]): SpinCore {
  const reels = mode === 'base' ? game.base : game.free;
  const reelCount = reels.strips.length;
  const windowSymbols = new Int32Array(reelCount * ROWS);
  let scatterCount = 0;
  for (let reel = 0; reel < reelCount; reel += 1) {
    const strip = reels.strips[reel]!;
    const stop = stops[reel]!;
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length) throw new RangeError(`stop ${stop} outside reel ${reel}`);
    for (let row = 0; row < ROWS; row += 1) {
      const symbol = strip[(stop + row) % strip.length]!;
      windowSymbols[reel * ROWS + row] = symbol;
      if (symbol === game.scatter) scatterCount += 1;
    }
  }
  const multiplier = mode === 'free' ? game.game.freeSpins.multiplier : 1;
  const lineWins: SpinCore['lineWins'] = [];
  const lineSymbols = new Int32Array(reelCount);
  let units = 0;
  for (let line = 0; line < game.lines.length; line += 1) {
    const rows = game.lines[line]!;
    for (let reel = 0; reel < reelCount; reel += 1) lineSymbols[reel] = windowSymbols[reel * ROWS + rows[reel]!]!;
    const win = evaluateLine(game, lineSymbols);
    if (win) {
      lineWins.push({ line, symbol: win.symbol, count: win.count, units: win.units * multiplier });
      units += win.units * multiplier;
    }
  }
  const scatterUnits = (game.scatterPays[scatterCount] ?? 0) * game.lines.length * multiplier;
  units += scatterUnits;
  const awards = mode === 'base' || game.game.freeSpins.retrigger ? (game.scatterSpins[scatterCount] ?? 0) : 0;
  return { stops: [...stops], windowSymbols, lineWins, scatterCount, scatterUnits, freeSpinsAwarded: awards, units };
}

/** Draws one stop per reel from the stream and evaluates the window. */
export function spinCore(game: CompiledGame, mode: 'base' | 'free', stream: RandomStream): SpinCore {
  const reels = mode === 'base' ? game.base : game.free;
  const stops = reels.strips.map((strip) => stream.nextInt(strip.length));
  return evaluateStops(game, mode, stops);
}

function present(game: CompiledGame, mode: 'base' | 'free', core: SpinCore, bet: ResolvedBet): SpinResult {
  const reelCount = core.stops.length;
  return {
    mode,
    stops: core.stops,
    window: Array.from({ length: reelCount }, (_, reel) => Array.from({ length: ROWS }, (_, row) => game.symbolIds[core.windowSymbols[reel * ROWS + row]!]!)),
    lineWins: core.lineWins.map((win) => ({ line: win.line, symbol: game.symbolIds[win.symbol]!, count: win.count, pay: BigInt(win.units) * bet.lineBet })),
    scatter: { count: core.scatterCount, pay: BigInt(core.scatterUnits) * bet.lineBet },
    freeSpinsAwarded: core.freeSpinsAwarded,
    multiplier: mode === 'free' ? game.game.freeSpins.multiplier : 1,
    win: BigInt(core.units) * bet.lineBet,
  };
}

/** One spin (no free spins played). */
export function spin(game: SlotGame, bet: BetInput, stream: RandomStream, mode: 'base' | 'free' = 'base'): SpinResult {
  const compiledGame = compileGame(game);
  return present(compiledGame, mode, spinCore(compiledGame, mode, stream), resolveBet(game, bet));
}

/** One spin at chosen stops (tests, replays, the paytable screen). */
export function spinAt(game: SlotGame, bet: BetInput, stops: readonly number[], mode: 'base' | 'free' = 'base'): SpinResult {
  const compiledGame = compileGame(game);
  return present(compiledGame, mode, evaluateStops(compiledGame, mode, stops), resolveBet(game, bet));
}

/** The base spin and every free spin it triggers, capped at maxFreeSpins, from one stream. */
export function playRound(game: SlotGame, bet: BetInput, stream: RandomStream): RoundResult {
  const compiledGame = compileGame(game);
  const resolved = resolveBet(game, bet);
  const base = spinCore(compiledGame, 'base', stream);
  const cap = game.freeSpins.maxFreeSpins;
  let awarded = base.freeSpinsAwarded;
  let remaining = Math.min(awarded, cap);
  let granted = remaining;
  let units = base.units;
  const freeSpins: SpinResult[] = [];
  while (remaining > 0) {
    remaining -= 1;
    const free = spinCore(compiledGame, 'free', stream);
    units += free.units;
    awarded += free.freeSpinsAwarded;
    const extra = Math.min(free.freeSpinsAwarded, cap - granted);
    granted += extra;
    remaining += extra;
    freeSpins.push(present(compiledGame, 'free', free, resolved));
  }
  return { bet: resolved, base: present(compiledGame, 'base', base, resolved), freeSpins, freeSpinsAwarded: awarded, totalWin: BigInt(units) * resolved.lineBet };
}

export interface RoundUnits {
  /** Line bets won in the round. */
  units: number;
  baseUnits: number;
  freeSpinsPlayed: number;
  triggered: boolean;
}

/** playRound without presentation, in line bets: the simulator's hot path (same draws, same rules). */
export function playRoundUnits(game: CompiledGame, stream: RandomStream): RoundUnits {
  const base = spinCore(game, 'base', stream);
  const cap = game.game.freeSpins.maxFreeSpins;
  let remaining = Math.min(base.freeSpinsAwarded, cap);
  let granted = remaining;
  let units = base.units;
  let played = 0;
  while (remaining > 0) {
    remaining -= 1;
    played += 1;
    const free = spinCore(game, 'free', stream);
    units += free.units;
    const extra = Math.min(free.freeSpinsAwarded, cap - granted);
    granted += extra;
    remaining += extra;
  }
  return { units, baseUnits: base.units, freeSpinsPlayed: played, triggered: base.freeSpinsAwarded > 0 };
}
