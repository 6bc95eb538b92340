import { AppError } from '@app/kernel';
import { AGENT_MAX_PERIOD_DAYS, todayIn, type AgentPeriodQuery, type ResolvedPeriod } from '@app/contracts';

const DAY_MS = 86_400_000;
export const MAX_PERIOD_DAYS = AGENT_MAX_PERIOD_DAYS;

const asTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const asDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function isRealDay(day: string | undefined): day is string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = asTime(day);
  return Number.isFinite(time) && asDay(time) === day && day >= '2000-01-01' && day <= '2100-12-31';
}

/**
 * The calendar days (inclusive, in the operator's zone) a report covers: today, yesterday, this
 * ISO week (from Monday), this month, or a custom range of at most MAX_PERIOD_DAYS (366) days.
 */
export function resolvePeriod(query: AgentPeriodQuery, timeZone: string, now: Date): ResolvedPeriod {
  const today = todayIn(timeZone, now);
  const todayTime = asTime(today);
  switch (query.period) {
    case 'today':
      return { from: today, to: today, timeZone };
    case 'yesterday': {
      const day = asDay(todayTime - DAY_MS);
      return { from: day, to: day, timeZone };
    }
    case 'thisWeek': {
      const weekday = (new Date(todayTime).getUTCDay() + 6) % 7;
      return { from: asDay(todayTime - weekday * DAY_MS), to: today, timeZone };
    }
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today, timeZone };
    case 'custom': {
      if (!isRealDay(query.from) || !isRealDay(query.to) || query.to < query.from) throw new AppError('agents.period_invalid', 'invalid period');
      if ((asTime(query.to) - asTime(query.from)) / DAY_MS + 1 > MAX_PERIOD_DAYS) throw new AppError('agents.period_invalid', `at most ${MAX_PERIOD_DAYS} days`);
      return { from: query.from, to: query.to, timeZone };
    }
  }
}

/** The day after `day` (the exclusive end of a period). */
export const nextDay = (day: string) => asDay(asTime(day) + DAY_MS);

/**
 * Whether a period is a calendar month from its first day up to its last or up to today (nothing
 * settles in the future): then the month's totals the rollup keeps are the period's totals.
 */
export function isMonthSoFar(period: ResolvedPeriod, now: Date): boolean {
  if (!period.from.endsWith('-01') || period.to.slice(0, 7) !== period.from.slice(0, 7)) return false;
  const [year, month] = period.from.split('-').map(Number) as [number, number];
  const lastDay = asDay(Date.UTC(year, month, 0));
  return period.to === lastDay || period.to >= todayIn(period.timeZone, now);
}
