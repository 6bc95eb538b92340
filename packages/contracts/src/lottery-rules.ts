import type { LotteryFamily } from './lottery.ts';

/**
 * The lottery's bet types as docs/lottery-rules.md states them, shared by the server (placement,
 * settlement) and the player's slip (number pad, option buttons, combinations and total before
 * confirming). Pure and light: no crypto, no zod, nothing the browser cannot run.
 *
 * A ticket is one bet type, a list of selections and a stake per unit. Its combinations are the
 * bets it makes (one per selection, or one per k-subset for xiên and đá); each combination costs
 * `costUnits` units, because a Vietnamese "lô" bet buys one number against every prize number it
 * covers (bao lô 2 in the north covers 27). Total = unit stake × combinations × cost units.
 */

export const LOTTERY_MAX_SELECTIONS = 100;
export const LOTTERY_MAX_COMBINATIONS = 10_000;

/** What the slip shows for picking: a number pad of N digits, or a fixed set of buttons. */
export type LotterySelectionKind =
  | { readonly kind: 'digits'; readonly digits: 2 | 3 | 4 }
  | { readonly kind: 'options'; readonly options: readonly string[] };

/** 'each': one combination per selection; 'subsets': one per `size`-subset of the selections. */
export type LotteryCombinationRule = { readonly kind: 'each' } | { readonly kind: 'subsets'; readonly size: number };

export interface LotteryBetTypeRule {
  readonly code: string;
  readonly selection: LotterySelectionKind;
  readonly minSelections: number;
  readonly maxSelections: number;
  readonly combination: LotteryCombinationRule;
  /** Units one combination costs (how many prize numbers it is bet against). */
  readonly costUnits: number;
  /** The odds-table keys a win of this type is paid under. */
  readonly prizeKeys: readonly string[];
}

const EACH = { kind: 'each' } as const;
const HIT = ['hit'] as const;
const digits = (count: 2 | 3 | 4) => ({ kind: 'digits', digits: count }) as const;

function rule(code: string, selection: LotterySelectionKind, costUnits: number, more: Partial<LotteryBetTypeRule> = {}): LotteryBetTypeRule {
  return { code, selection, minSelections: 1, maxSelections: LOTTERY_MAX_SELECTIONS, combination: EACH, costUnits, prizeKeys: HIT, ...more };
}

/** Subset bets: the most selections that keep C(n, size) within the combination limit. */
function subsets(code: string, size: number, minSelections: number, maxSelections: number, prizeKeys: readonly string[] = HIT): LotteryBetTypeRule {
  return rule(code, digits(2), 1, { combination: { kind: 'subsets', size }, minSelections, maxSelections, prizeKeys });
}

/**
 * How many prize numbers each Vietnamese bet type covers in a region (its cost units):
 * north has 27 numbers (23 with ≥ 3 digits, 20 with ≥ 4), central and south 18 (17, 16);
 * "đầu" is the 7th prize in the north (4 numbers) and the 8th in the south (1); xỉu chủ is the
 * 6th prize (north, 3 numbers) or the 7th (south, 1) plus the special's last three digits.
 */
function vietnamese(region: { lo2: number; lo3: number; lo4: number; dau: number; xiuChuHead: number }): readonly LotteryBetTypeRule[] {
  return [
    rule('bao_lo_2', digits(2), region.lo2),
    rule('bao_lo_3', digits(3), region.lo3),
    rule('bao_lo_4', digits(4), region.lo4),
    rule('de_dac_biet', digits(2), 1),
    rule('dau', digits(2), region.dau),
    rule('duoi', digits(2), 1),
    rule('dau_duoi', digits(2), region.dau + 1),
    rule('xiu_chu', digits(3), region.xiuChuHead + 1),
    subsets('xien_2', 2, 2, 100),
    subsets('xien_3', 3, 3, 40),
    subsets('xien_4', 4, 4, 23),
    subsets('da', 2, 2, 5, ['pair', 'repeat']),
  ];
}

const SOUTHERN = vietnamese({ lo2: 18, lo3: 17, lo4: 16, dau: 1, xiuChuHead: 1 });

const BALLS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const options = (list: readonly string[]) => ({ kind: 'options', options: list }) as const;
const pairsOf = (targets: readonly string[], values: readonly string[]) => targets.flatMap((target) => values.map((value) => `${target}:${value}`));
export const FAST_SUM_MAX = 45;
const SUMS = Array.from({ length: FAST_SUM_MAX + 1 }, (_, sum) => String(sum));

export const LOTTERY_BET_TYPES: Record<LotteryFamily, readonly LotteryBetTypeRule[]> = {
  vn_north: vietnamese({ lo2: 27, lo3: 23, lo4: 20, dau: 4, xiuChuHead: 3 }),
  vn_central: SOUTHERN,
  vn_south: SOUTHERN,
  sea_4d: [
    rule('big', digits(4), 1, { prizeKeys: ['first', 'second', 'third', 'starter', 'consolation'] }),
    rule('small', digits(4), 1, { prizeKeys: ['first', 'second', 'third'] }),
  ],
  fast_5d: [
    rule('position', options(pairsOf(BALLS, DIGITS)), 1, { maxSelections: 50 }),
    rule('big_small', options(pairsOf([...BALLS, 'sum'], ['big', 'small'])), 1, { maxSelections: 12, prizeKeys: ['ball', 'sum'] }),
    rule('odd_even', options(pairsOf([...BALLS, 'sum'], ['odd', 'even'])), 1, { maxSelections: 12, prizeKeys: ['ball', 'sum'] }),
    rule('sum', options(SUMS), 1, { maxSelections: SUMS.length, prizeKeys: SUMS.map((sum) => `s${sum}`) }),
    rule('front3', digits(3), 1),
    rule('mid3', digits(3), 1),
    rule('back3', digits(3), 1),
  ],
};

const RULES = new Map<string, LotteryBetTypeRule>(
  Object.entries(LOTTERY_BET_TYPES).flatMap(([family, rules]) => rules.map((entry) => [`${family}/${entry.code}`, entry] as const)),
);
const OPTION_INDEX = new WeakMap<readonly string[], Map<string, number>>();

/** The rule of a bet type in a family, or undefined when the family has no such type. */
export function betTypeRule(family: LotteryFamily, code: string): LotteryBetTypeRule | undefined {
  return RULES.get(`${family}/${code}`);
}

export type LotterySelectionsCheck =
  | { ok: true; selections: string[] }
  | { ok: false; reason: 'invalid_selection' | 'bet_type_unavailable' };

function optionIndex(list: readonly string[]): Map<string, number> {
  let index = OPTION_INDEX.get(list);
  if (!index) {
    index = new Map(list.map((option, position) => [option, position]));
    OPTION_INDEX.set(list, index);
  }
  return index;
}

const DIGIT_PATTERNS = { 2: /^\d{2}$/, 3: /^\d{3}$/, 4: /^\d{4}$/ } as const;

/**
 * Checks a ticket's selections against its bet type: each one of the right shape, none twice
 * (a duplicate is refused, not merged, so the total the slip showed is the one charged), within
 * the type's selection and the ticket's combination limits. Returns them sorted (digits
 * ascending; options in the rule's order), the form the server stores.
 */
export function validateSelections(family: LotteryFamily, betType: string, selections: readonly unknown[]): LotterySelectionsCheck {
  const found = betTypeRule(family, betType);
  if (!found) return { ok: false, reason: 'bet_type_unavailable' };
  const invalid = { ok: false, reason: 'invalid_selection' } as const;
  if (!Array.isArray(selections) || selections.length < found.minSelections || selections.length > found.maxSelections) return invalid;
  const seen = new Set<string>();
  for (const selection of selections) {
    if (typeof selection !== 'string' || seen.has(selection)) return invalid;
    const valid = found.selection.kind === 'digits' ? DIGIT_PATTERNS[found.selection.digits].test(selection) : optionIndex(found.selection.options).has(selection);
    if (!valid) return invalid;
    seen.add(selection);
  }
  const sorted = [...seen];
  if (found.selection.kind === 'digits') sorted.sort();
  else {
    const index = optionIndex(found.selection.options);
    sorted.sort((a, b) => index.get(a)! - index.get(b)!);
  }
  if (combinationsOf(found, sorted.length) > LOTTERY_MAX_COMBINATIONS) return invalid;
  return { ok: true, selections: sorted };
}

/** n choose k, exact for the sizes a ticket allows. */
export function lotteryBinomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i += 1) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}

function combinationsOf(found: LotteryBetTypeRule, selectionCount: number): number {
  return found.combination.kind === 'each' ? selectionCount : lotteryBinomial(selectionCount, found.combination.size);
}

/**
 * The bets a ticket makes (named apart from the sportsbook's countCombinations, which
 * @app/contracts also exports). 0 for an unknown bet type; counts the list as given, so
 * validate first.
 */
export function countLotteryCombinations(family: LotteryFamily, betType: string, selections: readonly string[]): number {
  const found = betTypeRule(family, betType);
  return found ? combinationsOf(found, selections.length) : 0;
}

/** Units one combination of the bet type costs (0 for an unknown type). */
export function costUnits(family: LotteryFamily, betType: string): number {
  return betTypeRule(family, betType)?.costUnits ?? 0;
}

/** What the ticket costs in centavos: unit stake × combinations × cost units. */
export function ticketTotalCents(family: LotteryFamily, betType: string, selections: readonly string[], unitStakeCents: bigint): bigint {
  return unitStakeCents * BigInt(countLotteryCombinations(family, betType, selections)) * BigInt(costUnits(family, betType));
}

export { DEFAULT_ODDS, fastSumWays } from './lottery-odds.ts';
