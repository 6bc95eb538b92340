import type { AnyContractTier, ContractKind } from '@app/contracts';

/**
 * The tier fields of each contract kind (spec §3 contracts, CONTRACT_TIER_SCHEMAS), in the order
 * the form and the tables show them, and the client-side checks run before an offer is sent.
 */

export type TierFieldType = 'money' | 'count' | 'rate';
export type TierFieldName = 'minValidBet' | 'minLoss' | 'minActive' | 'minSingleBet' | 'rate' | 'profitRate' | 'lossRate';

export interface TierField {
  name: TierFieldName;
  type: TierFieldType;
}

export const TIER_FIELDS: Record<ContractKind, readonly TierField[]> = {
  dividend: [
    { name: 'minValidBet', type: 'money' },
    { name: 'minLoss', type: 'money' },
    { name: 'minActive', type: 'count' },
    { name: 'rate', type: 'rate' },
  ],
  daily: [
    { name: 'minValidBet', type: 'money' },
    { name: 'minActive', type: 'count' },
    { name: 'rate', type: 'rate' },
  ],
  hourly: [
    { name: 'minValidBet', type: 'money' },
    { name: 'rate', type: 'rate' },
  ],
  realtime: [
    { name: 'minSingleBet', type: 'money' },
    { name: 'profitRate', type: 'rate' },
    { name: 'lossRate', type: 'rate' },
  ],
};

/** A tier as typed in the form: every field a string, as the inputs hold it. */
export type TierRow = Partial<Record<TierFieldName, string>>;

export type TierProblem = 'required' | 'amountInvalid' | 'countInvalid' | 'rateInvalid' | 'thresholdDown' | 'rateNotUp' | 'rateAboveMax' | 'rateAboveTier' | 'noOwnTier' | 'rateZero';

export interface TierIssue {
  row: number;
  field: TierFieldName;
  problem: TierProblem;
  /** rateAboveTier: the most this tier may pay (a wire rate, "1.5"). */
  max?: string;
}

/** The agent's own tiers, rates capped at the setting (the overview's limits.tiers). */
export type CeilingTiers = readonly Record<string, string | number>[];

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,3}(\.\d{1,4})?$/;
const COUNT = /^\d{1,6}$/;
const MAX_ACTIVE = 100_000;

/** Brazilians type "0,5" and "1000,00"; the API reads dots. Thousands separators are not guessed at. */
export function normaliseDecimal(input: string): string {
  const trimmed = input.trim();
  return trimmed.includes('.') ? trimmed : trimmed.replace(',', '.');
}

/** A decimal string as an integer count of 10^-places units, so comparisons never touch floats. */
export function decimalUnits(value: string, places: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole || '0') * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0').slice(0, places) || '0');
}

function isValid(type: TierFieldType, value: string): boolean {
  if (type === 'money') return AMOUNT.test(value);
  if (type === 'rate') return RATE.test(value);
  return COUNT.test(value) && Number(value) <= MAX_ACTIVE;
}

function unitsOf(type: TierFieldType, value: string): bigint {
  return type === 'count' ? BigInt(value) : decimalUnits(value, type === 'rate' ? 4 : 2);
}

const INVALID: Record<TierFieldType, TierProblem> = { money: 'amountInvalid', count: 'countInvalid', rate: 'rateInvalid' };

/**
 * The problems the server would refuse the tiers for (agents.tiers_invalid, agents.rate_above_max),
 * found before sending: each field well formed, thresholds never going down from one tier to the
 * next, rates going up (with two rates, as real-time salary has: neither going down and at least
 * one going up), no rate above the most the agent may offer, and a table that pays something.
 */
export function checkTiers(kind: ContractKind, rows: readonly TierRow[], maxRate: string, ceilings: CeilingTiers = []): TierIssue[] {
  const issues: TierIssue[] = [];
  const fields = TIER_FIELDS[kind];
  const rateFields = fields.filter((field) => field.type === 'rate');
  const maxRateUnits = RATE.test(maxRate) ? decimalUnits(maxRate, 4) : null;
  const valueOf = (index: number, field: TierField) => normaliseDecimal(rows[index]?.[field.name] ?? '');
  const wellFormed = (index: number, field: TierField) => isValid(field.type, valueOf(index, field));

  rows.forEach((_, index) => {
    for (const field of fields) {
      const value = valueOf(index, field);
      if (value === '') issues.push({ row: index, field: field.name, problem: 'required' });
      else if (!isValid(field.type, value)) issues.push({ row: index, field: field.name, problem: INVALID[field.type] });
      else if (field.type === 'rate' && maxRateUnits !== null && decimalUnits(value, 4) > maxRateUnits) {
        issues.push({ row: index, field: field.name, problem: 'rateAboveMax' });
      }
    }
    // The server's upline rule (agents.rate_above_upline), per level, once the thresholds read.
    if (ceilings.length > 0 && !issues.some((issue) => issue.row === index)) {
      const ceiling = ceilingOf(kind, rows[index] ?? {}, ceilings);
      for (const field of rateFields) {
        const max = ceiling?.[field.name];
        const rate = decimalUnits(valueOf(index, field), 4);
        // Below all of the agent's own thresholds the agent earns nothing, so the tier may pay nothing.
        if (max === undefined) {
          if (rate > 0n) issues.push({ row: index, field: field.name, problem: 'noOwnTier' });
        } else if (rate > decimalUnits(max, 4)) issues.push({ row: index, field: field.name, problem: 'rateAboveTier', max });
      }
    }
    if (index === 0) return;
    const compared = (field: TierField) => wellFormed(index, field) && wellFormed(index - 1, field);
    const change = (field: TierField) => {
      const [before, now] = [unitsOf(field.type, valueOf(index - 1, field)), unitsOf(field.type, valueOf(index, field))];
      return now > before ? 1 : now < before ? -1 : 0;
    };
    for (const field of fields) {
      if (field.type !== 'rate' && compared(field) && change(field) < 0) issues.push({ row: index, field: field.name, problem: 'thresholdDown' });
    }
    if (!rateFields.every(compared)) return;
    const changes = rateFields.map(change);
    const goesUp = changes.some((step) => step > 0);
    rateFields.forEach((field, at) => {
      // The rate that went down, or (none went up) every rate, is the one to raise.
      if ((changes[at] ?? 0) < 0 || !goesUp) issues.push({ row: index, field: field.name, problem: 'rateNotUp' });
    });
  });

  const last = rows.length - 1;
  if (issues.length === 0 && last >= 0 && rateFields.every((field) => unitsOf('rate', valueOf(last, field)) === 0n)) {
    for (const field of rateFields) issues.push({ row: last, field: field.name, problem: 'rateZero' });
  }
  return issues;
}

/**
 * The most each rate of a typed tier may be: the rates of the agent's own highest tier whose
 * thresholds this tier meets (the server's checkUnderUpline); null when it meets none, undefined
 * while a threshold is not a number yet.
 */
export function ceilingOf(kind: ContractKind, row: TierRow, ceilings: CeilingTiers): Partial<Record<TierFieldName, string>> | null | undefined {
  const thresholds = TIER_FIELDS[kind].filter((field) => field.type !== 'rate');
  const typed = thresholds.map((field) => normaliseDecimal(row[field.name] ?? ''));
  if (thresholds.some((field, at) => !isValid(field.type, typed[at] ?? ''))) return undefined;
  let reached: Record<string, string | number> | null = null;
  for (const tier of ceilings) {
    const meets = thresholds.every((field, at) => unitsOf(field.type, typed[at] ?? '0') >= unitsOf(field.type, String(tier[field.name] ?? '0')));
    if (meets) reached = tier;
  }
  if (!reached) return null;
  const rates: Partial<Record<TierFieldName, string>> = {};
  for (const field of TIER_FIELDS[kind]) if (field.type === 'rate') rates[field.name] = String(reached[field.name] ?? '0');
  return rates;
}

/** "1000" → "1000.00": amounts travel with their two places. */
function toWireAmount(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${BigInt(whole || '0').toString()}.${fraction.padEnd(2, '0')}`;
}

/** "0.50" → "0.5", "02" → "2": a rate as few digits as it needs. */
function toWireRate(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${BigInt(whole || '0').toString()}.${trimmed}` : BigInt(whole || '0').toString();
}

/** Checked rows in the wire shape of the kind (call checkTiers first). */
export function toWireTiers(kind: ContractKind, rows: readonly TierRow[]): AnyContractTier[] {
  return rows.map((row) => {
    const tier: Record<string, string | number> = {};
    for (const field of TIER_FIELDS[kind]) {
      const value = normaliseDecimal(row[field.name] ?? '');
      tier[field.name] = field.type === 'count' ? Number(value) : field.type === 'money' ? toWireAmount(value) : toWireRate(value);
    }
    return tier as AnyContractTier;
  });
}

/** A contract's tiers back into form rows (raising a downline's contract starts from it). */
export function toTierRows(kind: ContractKind, tiers: readonly Record<string, string | number>[]): TierRow[] {
  return tiers.map((tier) => {
    const row: TierRow = {};
    for (const field of TIER_FIELDS[kind]) {
      const value = tier[field.name];
      row[field.name] = value === undefined ? '' : String(value);
    }
    return row;
  });
}

export function emptyTierRow(): TierRow {
  return {};
}

/** The highest rate a contract pays (its last tier's, rates going up), for one-line summaries. */
export function topRates(kind: ContractKind, tiers: readonly Record<string, string | number>[]): string[] {
  const last = tiers[tiers.length - 1];
  if (!last) return [];
  return TIER_FIELDS[kind].filter((field) => field.type === 'rate').map((field) => String(last[field.name] ?? ''));
}
