import { AppError } from '@app/kernel';
import { REPORT_MAX_DAYS, type ReportRangeQuery } from '@app/contracts';

const DAY_MS = 86_400_000;
const asTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const asDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = asTime(day);
  return Number.isFinite(time) && asDay(time) === day && day >= '2000-01-01' && day <= '2100-12-31';
}

/** Inclusive calendar days of the site's time zone. */
export interface ReportRange {
  from: string;
  to: string;
  timeZone: string;
}

/**
 * A report's days: real calendar dates (2000–2100), from ≤ to, at most REPORT_MAX_DAYS. Anything
 * else is 400 reports.range_invalid.
 */
export function resolveRange(query: ReportRangeQuery, timeZone: string): ReportRange {
  const { from, to } = query;
  if (!isRealDay(from) || !isRealDay(to)) throw new AppError('reports.range_invalid', 'from and to must be real dates (YYYY-MM-DD)');
  if (to < from) throw new AppError('reports.range_invalid', 'to is before from');
  if (daysBetween(from, to) > REPORT_MAX_DAYS) throw new AppError('reports.range_invalid', `at most ${REPORT_MAX_DAYS} days`);
  return { from, to, timeZone };
}

/** Inclusive count of days from `from` to `to`. */
export const daysBetween = (from: string, to: string) => Math.round((asTime(to) - asTime(from)) / DAY_MS) + 1;

/** Every day of the range, oldest first. */
export function eachDay(range: Pick<ReportRange, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let time = asTime(range.from); time <= asTime(range.to); time += DAY_MS) days.push(asDay(time));
  return days;
}

export const nextDay = (day: string) => asDay(asTime(day) + DAY_MS);
