/**
 * The data format of a slot game. Money never appears here: line pays are integer multiples of
 * the line bet and scatter pays integer multiples of the total bet (= line bet × lines), so the
 * engine computes every win as an integer count of line bets and multiplies by the line bet in
 * centavos (bigint) once.
 */

export interface LocalizedName {
  pt: string;
  en: string;
}

export interface SlotSymbol {
  id: string;
  name: LocalizedName;
  kind: 'regular' | 'wild' | 'scatter';
  /** Line pays by count of a kind (3, 4, 5), in line bets. Ignored for the scatter. */
  pays?: Partial<Record<3 | 4 | 5, number>>;
}

export interface ReelSet {
  /** One strip per reel, top to bottom, circular; a stop is the strip index shown on the top row. */
  strips: readonly (readonly string[])[];
}

export interface ScatterRule {
  symbol: string;
  /** Pays by number of scatters anywhere in the window, in total bets. */
  pays: Partial<Record<number, number>>;
  /** Free spins awarded by number of scatters anywhere in the window (3+). */
  freeSpins: Partial<Record<number, number>>;
}

export interface FreeSpinRule {
  /** Reels used during free spins; the base reels when absent. */
  reels?: ReelSet;
  /** Every free-spin win (lines and scatter) is multiplied by this integer. */
  multiplier: number;
  /** Whether scatters during free spins award more free spins. */
  retrigger: boolean;
  /** Most free spins one round can play; further awards are dropped. */
  maxFreeSpins: number;
}

export interface SlotGame {
  code: string;
  name: LocalizedName;
  theme: LocalizedName;
  rows: 3;
  reels: ReelSet;
  /** Each payline lists a row index (0 = top) per reel. */
  paylines: readonly (readonly number[])[];
  symbols: readonly SlotSymbol[];
  wild: string;
  scatter: ScatterRule;
  freeSpins: FreeSpinRule;
  /** Theoretical RTP (fraction), computed exactly by theoreticalRtp() and checked by a test. */
  declaredRtp: number;
  /** Share of paid rounds with a win or a free-spin trigger, measured by npm run bench:slots (6–8·10^6 rounds). */
  declaredHitFrequency: number;
  /** Line bets offered, in centavos. */
  lineBets: readonly bigint[];
}

/** Standard 5×3 paylines; games take the first N. */
export const STANDARD_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];

/** Parses a strip written as space-separated symbol ids. */
export function strip(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}

/**
 * Checks a game definition; returns the list of problems (empty when valid). Scatters must be at
 * least `rows` apart on every strip (circularly) so a reel never shows two, which keeps the
 * scatter count per reel 0 or 1 and the theoretical RTP exactly computable.
 */
export function validateGame(game: SlotGame): string[] {
  const problems: string[] = [];
  const ids = new Set(game.symbols.map((symbol) => symbol.id));
  const wild = game.symbols.find((symbol) => symbol.id === game.wild);
  const scatter = game.symbols.find((symbol) => symbol.id === game.scatter.symbol);
  if (ids.size !== game.symbols.length) problems.push('duplicate symbol ids');
  if (wild?.kind !== 'wild') problems.push('wild must name a symbol of kind wild');
  if (scatter?.kind !== 'scatter') problems.push('scatter must name a symbol of kind scatter');
  if (game.symbols.filter((symbol) => symbol.kind !== 'regular').length !== 2) problems.push('exactly one wild and one scatter');
  for (const symbol of game.symbols) {
    for (const pay of Object.values(symbol.pays ?? {})) if (!Number.isSafeInteger(pay) || pay < 0) problems.push(`${symbol.id}: pays must be non-negative integers`);
  }
  for (const value of [...Object.values(game.scatter.pays), ...Object.values(game.scatter.freeSpins)]) {
    if (!Number.isSafeInteger(value) || (value ?? 0) < 0) problems.push('scatter pays and free spins must be non-negative integers');
  }
  if (!Number.isSafeInteger(game.freeSpins.multiplier) || game.freeSpins.multiplier < 1) problems.push('free-spin multiplier must be a positive integer');
  if (!Number.isSafeInteger(game.freeSpins.maxFreeSpins) || game.freeSpins.maxFreeSpins < 0) problems.push('maxFreeSpins must be a non-negative integer');
  const reelSets = [game.reels, ...(game.freeSpins.reels ? [game.freeSpins.reels] : [])];
  for (const reels of reelSets) {
    if (reels.strips.length !== 5) problems.push('5 reels expected');
    reels.strips.forEach((reel, index) => {
      if (reel.length < game.rows) problems.push(`reel ${index}: shorter than the window`);
      for (const id of reel) if (!ids.has(id)) problems.push(`reel ${index}: unknown symbol ${id}`);
      const positions = reel.flatMap((id, position) => (id === game.scatter.symbol ? [position] : []));
      for (let i = 0; i < positions.length; i += 1) {
        const gap = ((positions[(i + 1) % positions.length]! - positions[i]! + reel.length - 1) % reel.length) + 1;
        if (positions.length > 1 && gap < game.rows) problems.push(`reel ${index}: scatters closer than ${game.rows}`);
      }
    });
  }
  if (game.paylines.length === 0) problems.push('at least one payline');
  for (const line of game.paylines) {
    if (line.length !== 5 || line.some((row) => !Number.isInteger(row) || row < 0 || row >= game.rows)) problems.push(`bad payline ${line.join(',')}`);
  }
  if (!(game.declaredRtp >= 0.94 && game.declaredRtp <= 0.97)) problems.push('declared RTP must be between 94% and 97%');
  if (game.lineBets.length === 0 || game.lineBets.some((bet) => bet <= 0n)) problems.push('line bets must be positive');
  return problems;
}
