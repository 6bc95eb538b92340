import { intlLocaleOf, resolveLanguage } from '@app/i18n';
import { REPORT_MAX_DAYS } from '@app/contracts';

const DAY_MS = 86_400_000;
const asTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const asDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => asDay(asTime(day) + days * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((asTime(to) - asTime(from)) / DAY_MS) + 1;

export const RANGE_PRESETS = ['today', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** A preset's inclusive days, relative to `today` (the site's). */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const end = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${end.slice(0, 8)}01`, to: end };
    }
  }
}

/** Whether the range is one the server takes (real days, from ≤ to, at most REPORT_MAX_DAYS). */
export function isValidRange(from: string, to: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return false;
  if (Number.isNaN(asTime(from)) || Number.isNaN(asTime(to)) || to < from) return false;
  return daysBetween(from, to) <= REPORT_MAX_DAYS;
}

/** "2026-11-26" as 26/11 (pt) or 11/26 (en), for chart axes. */
export function shortDay(day: string, language: string): string {
  const time = asTime(day);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(intlLocaleOf(resolveLanguage(language)), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(time);
}

/** "2026-11-26" as a short date in the console's language. */
export function longDay(day: string, language: string): string {
  const time = asTime(day);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(intlLocaleOf(resolveLanguage(language)), { dateStyle: 'short', timeZone: 'UTC' }).format(time);
}
