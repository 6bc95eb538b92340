import { betTypeRule, countLotteryCombinations, costUnits, LOTTERY_MAX_COMBINATIONS, ticketTotalCents, validateSelections, type LotteryBetTypeRule, type LotteryFamily } from '@app/contracts';

/**
 * What the slip shows before confirming, computed with the rules the server applies
 * (@app/contracts lottery-rules.ts): combinations, cost units, total, and what still stops it.
 */
export type SlipProblem = 'pickMore' | 'tooMany' | 'tooManyCombinations' | 'stakeRequired' | 'stakeInvalid' | 'stakeTooSmall' | 'unavailable';

export interface SlipFigures {
  rule: LotteryBetTypeRule | undefined;
  combinations: number;
  costUnits: number;
  unitStakeCents: bigint | null;
  totalCents: bigint;
  problem: SlipProblem | null;
}

/** "10", "10,5", "10.50" → centavos; null for anything else (at most two decimal places). */
export function parseUnitStake(input: string): bigint | null {
  const text = input.trim().replace(',', '.');
  if (!/^\d{1,10}(?:\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

export function slipFigures(family: LotteryFamily, betType: string, selections: readonly string[], stake: string): SlipFigures {
  const rule = betTypeRule(family, betType);
  const unitStakeCents = parseUnitStake(stake);
  const combinations = countLotteryCombinations(family, betType, selections);
  const units = costUnits(family, betType);
  const totalCents = unitStakeCents === null ? 0n : ticketTotalCents(family, betType, selections, unitStakeCents);
  return { rule, combinations, costUnits: units, unitStakeCents, totalCents, problem: slipProblem(rule, family, betType, selections, stake, unitStakeCents, combinations) };
}

function slipProblem(rule: LotteryBetTypeRule | undefined, family: LotteryFamily, betType: string, selections: readonly string[], stake: string, unitStakeCents: bigint | null, combinations: number): SlipProblem | null {
  if (!rule) return 'unavailable';
  if (selections.length < rule.minSelections) return 'pickMore';
  if (selections.length > rule.maxSelections) return 'tooMany';
  if (combinations > LOTTERY_MAX_COMBINATIONS) return 'tooManyCombinations';
  if (!validateSelections(family, betType, selections).ok) return 'pickMore';
  if (stake.trim() === '') return 'stakeRequired';
  if (unitStakeCents === null) return 'stakeInvalid';
  if (unitStakeCents < 1n) return 'stakeTooSmall';
  return null;
}

/** Adds a selection, or removes it when already picked (the pad's buttons toggle). */
export function toggleSelection(selections: readonly string[], value: string): string[] {
  return selections.includes(value) ? selections.filter((item) => item !== value) : [...selections, value];
}
