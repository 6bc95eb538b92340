/**
 * Calendar dates as 'yyyy-MM-dd' strings and the legal-age check. Dates stay plain strings
 * (never Date objects) so a birthday cannot shift by a day with the browser's time zone.
 */

export const MIN_PLAYER_AGE = 18;
/** Brazil's betting operators run on Brasília time; "today" for the age check is a date there. */
export const OPERATOR_TIME_ZONE = 'America/Sao_Paulo';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Years 1000–9999 only: four digits with no leading zero keeps '0000-01-01' and friends out. */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) &&
    year >= 1000 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

/** 'yyyy-MM-dd' that names a real calendar day → its parts; anything else (2023-02-29, 2024-2-1) → null. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function requireDate(value: string, name: string): CalendarDate {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`${name} must be a real date as yyyy-MM-dd`);
  return date;
}

/**
 * One formatter per time zone, kept: building an Intl.DateTimeFormat costs far more than using
 * one (it was 2.6 % of the API's CPU under provider load, where every bet's 18+ check asks for
 * today). A time zone the runtime does not know still throws, as before, and is never kept.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: '2-digit', day: '2-digit' });
    // Time zones come from settings (a handful); the bound only guards against a caller passing many.
    if (dateFormats.size >= 64) dateFormats.clear();
    dateFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Whole years from birthday to today. A birthday counts on the day itself; a 29 February
 * birthday falls on 1 March in common years (28 Feb is still "before" 29 Feb). Negative when
 * the birthday is in the future. Throws RangeError when either is not a real 'yyyy-MM-dd' date.
 */
export function ageOn(birthday: string, today: string): number {
  const born = requireDate(birthday, 'birthday');
  const now = requireDate(today, 'today');
  const hadBirthdayThisYear = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return now.year - born.year - (hadBirthdayThisYear ? 0 : 1);
}

/** False, not an exception, for a malformed birthday: the caller shows a validation message either way. */
export function isOldEnough(birthday: string, today: string, minAge = MIN_PLAYER_AGE): boolean {
  if (!parseIsoDate(birthday)) return false;
  return ageOn(birthday, today) >= minAge;
}

/**
 * The date picker's maximum, as the spec defines it: 31 December of the year minAge years ago.
 * It is deliberately coarse (someone born on that 31 December is still under age for most of
 * the year), so isOldEnough must still run on submit, in the browser and on the server.
 */
export function latestAllowedBirthday(today: string, minAge = MIN_PLAYER_AGE): string {
  const now = requireDate(today, 'today');
  return formatIsoDate({ year: now.year - minAge, month: 12, day: 31 });
}

/**
 * The exact latest birthday that is old enough today: the same day minAge years ago, or
 * 28 February when today is 29 February and that year was common (a 29 Feb birthday in a
 * common year does not exist, and 1 March of it would still be a day short).
 */
export function latestOldEnoughBirthday(today: string, minAge = MIN_PLAYER_AGE): string {
  const now = requireDate(today, 'today');
  const year = now.year - minAge;
  return formatIsoDate({ year, month: now.month, day: Math.min(now.day, daysInMonth(year, now.month)) });
}

/** The calendar date at `now` in an IANA zone, e.g. todayIn('America/Sao_Paulo', new Date()) → '2025-06-01'. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = dateFormatIn(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return formatIsoDate({ year: part('year'), month: part('month'), day: part('day') });
}
