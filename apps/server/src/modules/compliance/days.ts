import { AppError } from '@app/kernel';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not); else compliance.range_invalid. */
export function parseDay(value: string | undefined, field: string): string {
  if (value === undefined || !DAY.test(value)) throw new AppError('compliance.range_invalid', `${field} must be a day YYYY-MM-DD`);
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) throw new AppError('compliance.range_invalid', `${field} is not a calendar day`);
  if (date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2100) throw new AppError('compliance.range_invalid', `${field} is out of range`);
  return value;
}

/** from ≤ to, at most maxDays days (both included). */
export function parseRange(from: string | undefined, to: string | undefined, maxDays: number): { from: string; to: string } {
  const first = parseDay(from, 'from');
  const last = parseDay(to, 'to');
  const days = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000;
  if (days < 0 || days >= maxDays) throw new AppError('compliance.range_invalid', `from must not be after to, at most ${maxDays} days`);
  return { from: first, to: last };
}

/** The half-open instant range of calendar days from..to in a time zone (midnight to midnight there). */
export function dayBounds(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { start: zonedMidnight(from, timeZone), end: zonedMidnight(next, timeZone) };
}

/** The instant of 00:00 of a day in a time zone (offset found by formatting; exact for whole-hour and DST zones). */
export function zonedMidnight(day: string, timeZone: string): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  let guess = utc;
  for (let i = 0; i < 3; i++) {
    const offset = offsetAt(guess, timeZone);
    guess = utc - offset;
  }
  return new Date(guess);
}

function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in a time zone. */
export function zonedDateTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(instant);
}

/** Today's day in a time zone. */
export function zonedToday(now: Date, timeZone: string): string {
  return zonedDateTime(now, timeZone).slice(0, 10);
}
