/**
 * Calendar days ("YYYY-MM-DD") as the server reads them: in the operator's time zone, not the
 * browser's. A player in Lisbon looking at "today" on a São Paulo site sees São Paulo's today.
 */

export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'last30'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 'last7';

/** The profit report covers at most this many days (the server answers wallet.range_invalid beyond). */
export const MAX_PROFIT_DAYS = 93;

export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

function dayToUtcMs(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  // Rejects 2025-02-30 and friends, which Date.UTC would roll over into March.
  return new Date(ms).getUTCDate() === date && new Date(ms).getUTCMonth() === month - 1 ? ms : null;
}

function utcMsToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isDay(value: string): boolean {
  return dayToUtcMs(value) !== null;
}

/** Today's date in `timeZone`; an unknown zone falls back to the browser's rather than failing. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function addDays(day: string, days: number): string {
  const ms = dayToUtcMs(day);
  if (ms === null) throw new Error(`not a calendar day: ${day}`);
  return utcMsToDay(ms + days * MS_PER_DAY);
}

/** Both ends inclusive: "last 7 days" is today and the six days before it. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}

/** Days covered, both ends counted; 0 when a date is missing or the range runs backwards. */
export function daysInRange(range: DayRange): number {
  const from = dayToUtcMs(range.from);
  const to = dayToUtcMs(range.to);
  if (from === null || to === null || from > to) return 0;
  return Math.round((to - from) / MS_PER_DAY) + 1;
}

export function isRangeValid(range: DayRange, maxDays = Number.POSITIVE_INFINITY): boolean {
  const days = daysInRange(range);
  return days > 0 && days <= maxDays;
}
