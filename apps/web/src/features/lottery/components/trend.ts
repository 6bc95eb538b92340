import type { LotteryDraw, LotteryResult } from '@app/contracts';

/** Every number a result opened, in the family's order (the special prize first). */
export function openedNumbers(result: LotteryResult): string[] {
  if (result.family === 'fast_5d') return [result.balls.join('')];
  if (result.family === 'sea_4d') return [result.first, result.second, result.third, ...result.starters, ...result.consolations];
  return result.prizes.flatMap((prize) => prize.numbers);
}

/**
 * Fast draws: per ball position, how often each digit came out over the given draws and for how
 * many draws it has been missing (draws newest first; a digit never seen is missing for all of them).
 */
export function digitTrend(draws: readonly LotteryDraw[]): { frequency: number[][]; missing: number[][]; draws: number } {
  const results = draws.map((draw) => draw.result).filter((result): result is Extract<LotteryResult, { family: 'fast_5d' }> => result?.family === 'fast_5d');
  const frequency = Array.from({ length: 5 }, () => Array<number>(10).fill(0));
  const missing = Array.from({ length: 5 }, () => Array<number>(10).fill(results.length));
  results.forEach((result, age) => {
    result.balls.forEach((ball, position) => {
      const row = frequency[position];
      const gaps = missing[position];
      if (!row || !gaps) return;
      row[ball] = (row[ball] ?? 0) + 1;
      if ((gaps[ball] ?? 0) > age) gaps[ball] = age;
    });
  });
  return { frequency, missing, draws: results.length };
}

/** Vietnamese and 4D draws: how often each 2-digit ending (00–99) was opened over the given draws. */
export function endingTrend(draws: readonly LotteryDraw[]): { counts: number[]; draws: number } {
  const counts = Array<number>(100).fill(0);
  let used = 0;
  for (const draw of draws) {
    if (!draw.result || draw.result.family === 'fast_5d') continue;
    used += 1;
    for (const number of openedNumbers(draw.result)) {
      const ending = Number(number.slice(-2));
      counts[ending] = (counts[ending] ?? 0) + 1;
    }
  }
  return { counts, draws: used };
}

/** The sum of a fast draw's five balls. */
export function ballSum(balls: readonly number[]): number {
  return balls.reduce((sum, ball) => sum + ball, 0);
}
