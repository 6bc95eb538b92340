/**
 * Odds from model probabilities with the operator's margin: an outcome of probability p is priced
 * 1 / (p · (1 + margin)), rounded down to the hundredth (never under 1.01), so a market's book is
 * 100 % + margin. An outcome that is (nearly) impossible or (nearly) certain is not offered.
 */
export const MIN_OFFERED_ODDS = 1010;
export const MAX_OFFERED_ODDS = 500_000;

export interface PricedOutcome {
  id: string;
  odds: number;
  active: boolean;
}

export function price(id: string, probability: number, marginBp: number): PricedOutcome {
  const loaded = probability * (1 + marginBp / 10_000);
  const raw = loaded > 0 ? 1000 / loaded : Number.POSITIVE_INFINITY;
  const odds = Math.min(MAX_OFFERED_ODDS, Math.max(MIN_OFFERED_ODDS, Math.floor(raw / 10) * 10));
  // A strong favourite whose loaded price falls under 1.01 is still offered at 1.01.
  return { id, odds, active: probability >= 0.002 && probability <= 0.985 };
}

/**
 * A two-way line that can push (or half-push): the probability implied by the fair odds o at
 * which the expected return is the stake: Σ halves (win·o + push) = 1 per half.
 */
export function pushAdjusted(halves: readonly { win: number; push: number }[]): number {
  const win = halves.reduce((sum, half) => sum + half.win, 0);
  const push = halves.reduce((sum, half) => sum + half.push, 0);
  if (win <= 0) return 0;
  const fair = (halves.length - push) / win;
  return 1 / fair;
}

/** The normal distribution's cumulative function (Abramowitz–Stegun 7.1.26 via erf). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x / Math.SQRT2));
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
