import { CONTRACT_TIER_SCHEMAS, type ContractKind, type ContractTier } from '@app/contracts';
import { AppError, formatCents, parseCents } from '@app/kernel';

/**
 * A contract's tier table (docs/agent-commissions.md "Contracts", reference §4.2), normalised:
 * amounts in centavos, rates in parts per million (1 % = 10_000). Fields a kind does not use are 0.
 */
export interface NormalisedTier {
  minValidBet: bigint;
  minLoss: bigint;
  minActive: number;
  minSingleBet: bigint;
  rate: number;
  profitRate: number;
  lossRate: number;
}

/** What a period (or, for real-time salary, a round) measured; compared with the thresholds. */
export interface TierMetrics {
  validBet: bigint;
  /** Team net loss; negative when the team won. */
  loss: bigint;
  active: number;
  singleBet: bigint;
}

type ThresholdField = 'minValidBet' | 'minLoss' | 'minActive' | 'minSingleBet';
type RateField = 'rate' | 'profitRate' | 'lossRate';

/** The thresholds and rates each kind uses, in the order the wire shows them. */
const THRESHOLDS: Record<ContractKind, readonly ThresholdField[]> = {
  dividend: ['minValidBet', 'minLoss', 'minActive'],
  daily: ['minValidBet', 'minActive'],
  hourly: ['minValidBet'],
  realtime: ['minSingleBet'],
};
const RATES: Record<ContractKind, readonly RateField[]> = {
  dividend: ['rate'],
  daily: ['rate'],
  hourly: ['rate'],
  realtime: ['profitRate', 'lossRate'],
};
const METRIC_OF: Record<ThresholdField, keyof TierMetrics> = { minValidBet: 'validBet', minLoss: 'loss', minActive: 'active', minSingleBet: 'singleBet' };

/** A rate above 100 % would pay more than the base itself, whatever the setting says. */
const HUNDRED_PERCENT_PPM = 1_000_000;
const RATE_TEXT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** "12.25" (percent, at most four decimals) → 122_500 ppm; undefined if it is not such a number. */
export function parseRate(text: string): number | undefined {
  const match = RATE_TEXT.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
}

/** 122_500 ppm → "12.25"; no trailing zeros ("1", "0.0005"). */
export function formatRate(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const fraction = String(ppm % 10_000).padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export interface TierLimits {
  maxTiers: number;
  /** The setting agents.maxRates[kind], in parts per million. */
  maxRatePpm: number;
}

/**
 * Parses an offer's tiers for its kind and checks the table rules: 1..maxTiers tiers, thresholds
 * never decreasing, rates strictly increasing (real-time: each rate non-decreasing and one of them
 * increasing), every rate within the setting. A malformed tier is validation.failed with field
 * paths; a broken rule names the tier (0-based) and field in the error details.
 */
export function parseTiers(kind: ContractKind, raw: readonly unknown[], limits: TierLimits): NormalisedTier[] {
  if (raw.length < 1 || raw.length > limits.maxTiers) {
    throw new AppError('agents.tiers_invalid', `a contract has 1 to ${limits.maxTiers} tiers`, { reason: 'count', maxTiers: limits.maxTiers });
  }
  const tiers = raw.map((value, index) => normalise(kind, value, index));
  const maxRatePpm = Math.min(limits.maxRatePpm, HUNDRED_PERCENT_PPM);
  tiers.forEach((tier, index) => {
    for (const field of RATES[kind]) {
      if (tier[field] > maxRatePpm) {
        throw new AppError('agents.rate_above_max', `tier ${index + 1}: ${field} is above ${formatRate(maxRatePpm)} %`, { tier: index, field, maxRate: formatRate(maxRatePpm) });
      }
    }
    const previous = tiers[index - 1];
    if (previous) checkOrder(kind, previous, tier, index);
  });
  if (maxRateOf(tiers) === 0) throw new AppError('agents.tiers_invalid', 'a contract must pay something', { reason: 'rate_zero', tier: tiers.length - 1 });
  return tiers;
}

function normalise(kind: ContractKind, value: unknown, index: number): NormalisedTier {
  const parsed = CONTRACT_TIER_SCHEMAS[kind].safeParse(value);
  if (!parsed.success) {
    throw new AppError('validation.failed', `tier ${index + 1} is invalid for a ${kind} contract`, {
      fields: parsed.error.issues.map((issue) => ({ path: ['body', 'tiers', index, ...issue.path].join('.'), message: issue.message })),
    });
  }
  // Each schema has exactly its kind's fields; the regexes guarantee the parses below succeed.
  const wire = parsed.data as Partial<Record<ThresholdField | RateField, string | number>>;
  const amount = (field: ThresholdField) => (typeof wire[field] === 'string' ? (parseCents(wire[field]) ?? 0n) : 0n);
  const rate = (field: RateField) => (typeof wire[field] === 'string' ? (parseRate(wire[field]) ?? 0) : 0);
  return {
    minValidBet: amount('minValidBet'),
    minLoss: amount('minLoss'),
    minActive: typeof wire.minActive === 'number' ? wire.minActive : 0,
    minSingleBet: amount('minSingleBet'),
    rate: rate('rate'),
    profitRate: rate('profitRate'),
    lossRate: rate('lossRate'),
  };
}

function checkOrder(kind: ContractKind, previous: NormalisedTier, tier: NormalisedTier, index: number) {
  for (const field of THRESHOLDS[kind]) {
    if (tier[field] < previous[field]) {
      throw new AppError('agents.tiers_invalid', `tier ${index + 1}: ${field} is below the tier before`, { reason: 'threshold_decreasing', tier: index, field });
    }
  }
  const rates = RATES[kind];
  const decreasing = rates.find((field) => tier[field] < previous[field]);
  // One rate must strictly increase, or this tier pays the same as the one below it for more.
  const increases = rates.some((field) => tier[field] > previous[field]);
  if (decreasing || !increases) {
    throw new AppError('agents.tiers_invalid', `tier ${index + 1}: rates must increase from tier to tier`, { reason: 'rate_not_increasing', tier: index, field: decreasing ?? rates[0] });
  }
}

/** The highest rate a table pays (any rate field), in parts per million. */
export function maxRateOf(tiers: readonly NormalisedTier[]): number {
  return Math.max(0, ...tiers.map((tier) => Math.max(tier.rate, tier.profitRate, tier.lossRate)));
}

/** The tier that applies: the highest index whose every threshold of this kind is met (≥); null if none. */
export function pickTier(kind: ContractKind, tiers: readonly NormalisedTier[], metrics: TierMetrics): number | null {
  let picked: number | null = null;
  tiers.forEach((tier, index) => {
    if (THRESHOLDS[kind].every((field) => metrics[METRIC_OF[field]] >= tier[field])) picked = index;
  });
  return picked;
}

/**
 * A downline may never earn more than its upline at the same level (reference §4.2, ecai
 * checkValidLevel): every child tier's rate(s) must be ≤ those of the best upline tier whose
 * thresholds that child tier meets — 0 when it meets none.
 */
export function checkUnderUpline(kind: ContractKind, child: readonly NormalisedTier[], upline: readonly NormalisedTier[]): void {
  child.forEach((tier, index) => {
    const metrics: TierMetrics = { validBet: tier.minValidBet, loss: tier.minLoss, active: tier.minActive, singleBet: tier.minSingleBet };
    const uplineIndex = pickTier(kind, upline, metrics);
    for (const field of RATES[kind]) {
      const ceiling = uplineIndex === null ? 0 : upline[uplineIndex]![field];
      if (tier[field] > ceiling) {
        throw new AppError('agents.rate_above_upline', `tier ${index + 1}: ${field} is above your own rate at that level (${formatRate(ceiling)} %)`, {
          tier: index,
          field,
          uplineRate: formatRate(ceiling),
        });
      }
    }
  });
}

/**
 * The per-level ceilings an agent's offer form shows (issue 20): the agent's own tiers in wire
 * shape, each rate capped at the setting, which are exactly what checkUnderUpline and parseTiers
 * compare an offered tier with.
 */
export function ceilingTiers<K extends ContractKind>(kind: K, own: readonly NormalisedTier[], maxRatePpm: number): ContractTier<K>[] {
  const cap = Math.min(maxRatePpm, HUNDRED_PERCENT_PPM);
  return tiersToWire(kind, own.map((tier) => ({ ...tier, rate: Math.min(tier.rate, cap), profitRate: Math.min(tier.profitRate, cap), lossRate: Math.min(tier.lossRate, cap) })));
}

/** Back to the wire shape of `kind`: thresholds "1000.00", counts as numbers, rates "12.5". */
export function tiersToWire<K extends ContractKind>(kind: K, tiers: readonly NormalisedTier[]): ContractTier<K>[] {
  return tiers.map((tier) => {
    const wire: Record<string, string | number> = {};
    for (const field of THRESHOLDS[kind]) wire[field] = field === 'minActive' ? tier.minActive : formatCents(tier[field]);
    for (const field of RATES[kind]) wire[field] = formatRate(tier[field]);
    return wire as ContractTier<K>;
  });
}
