import { betTypeRule, lotteryBinomial, type LotteryFamily, type LotteryOddsTable } from '@app/contracts';

/**
 * What a ticket could cost the house on each of its numbers (the per-number liability cap): the
 * unit stake × the table's best rate × the combinations the number is part of (1 for a one-number
 * bet; C(n−1, k−1) for xiên and đá over n selections). Vietnamese lô numbers can appear more than
 * once in a draw; the cap counts one appearance — it limits concentration on a number, which is
 * what the operators who set it watch, and stays a cheap, exact integer sum.
 */
export function exposurePerNumber(input: { family: LotteryFamily; betType: string; selections: readonly string[]; unitStakeCents: bigint; odds: LotteryOddsTable }): bigint {
  const rule = betTypeRule(input.family, input.betType);
  const best = BigInt(Math.max(0, ...Object.values(input.odds)));
  const combos = rule?.combination.kind === 'subsets' ? lotteryBinomial(input.selections.length - 1, rule.combination.size - 1) : 1;
  return (input.unitStakeCents * best * BigInt(combos)) / 1000n;
}
