import { describe, expect, it } from 'vitest';
import {
  ageOn, formatIsoDate, isOldEnough, isRealDate, latestAllowedBirthday, latestOldEnoughBirthday, parseIsoDate, todayIn,
} from './age.ts';

function nextDay(value: string): string {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(value);
  const next = { ...date, day: date.day + 1 };
  if (!isRealDate(next.year, next.month, next.day)) Object.assign(next, { month: next.month + 1, day: 1 });
  if (next.month > 12) Object.assign(next, { year: next.year + 1, month: 1 });
  return formatIsoDate(next);
}

/** Every date from `from` to `to` inclusive, walking the calendar by hand. */
function* days(from: string, to: string): Generator<string> {
  for (let day = from; day <= to; day = nextDay(day)) yield day;
}

describe('calendar dates', () => {
  it('parses only real yyyy-MM-dd dates', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2000-02-29')).not.toBeNull();
    for (const bad of ['2023-02-29', '1900-02-29', '2023-04-31', '2023-13-01', '2023-00-01', '2023-01-00', '2023-1-1',
      '0999-01-01', '2023-01-01T00:00:00Z', ' 2023-01-01', '', '２０２３-01-01', "2023-01-01' OR 1=1 --"]) {
      expect(parseIsoDate(bad), bad).toBeNull();
    }
  });
});

describe('ageOn', () => {
  it('turns 18 on the 18th birthday, not a day before', () => {
    expect(ageOn('2007-06-15', '2025-06-15')).toBe(18);
    expect(ageOn('2007-06-15', '2025-06-14')).toBe(17);
    expect(ageOn('2007-06-15', '2025-06-16')).toBe(18);
    expect(ageOn('2007-12-31', '2025-12-31')).toBe(18);
    expect(ageOn('2008-01-01', '2025-12-31')).toBe(17);
  });

  it('makes a 29 February birthday a year older on 1 March of common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(17);
    expect(ageOn('2004-02-29', '2022-03-01')).toBe(18);
    // In a leap year the birthday itself exists.
    expect(ageOn('2006-02-28', '2024-02-29')).toBe(18);
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
  });

  it('is negative for a birthday in the future and throws on malformed dates', () => {
    expect(ageOn('2026-01-01', '2025-01-01')).toBe(-1);
    expect(() => ageOn('2023-02-29', '2025-01-01')).toThrow(RangeError);
    expect(() => ageOn('2000-01-01', 'today')).toThrow(RangeError);
  });
});

describe('isOldEnough', () => {
  it('checks the exact day, defaulting to 18', () => {
    expect(isOldEnough('2007-06-15', '2025-06-15')).toBe(true);
    expect(isOldEnough('2007-06-16', '2025-06-15')).toBe(false);
    expect(isOldEnough('2004-06-15', '2025-06-15', 21)).toBe(true);
    expect(isOldEnough('2004-06-16', '2025-06-15', 21)).toBe(false);
  });

  it('answers false, not an exception, for a malformed birthday', () => {
    for (const bad of ['', '2023-02-29', '15/06/2007', '<script>', '${}', '2007-06-15\u200B']) {
      expect(isOldEnough(bad, '2025-06-15'), bad).toBe(false);
    }
  });
});

describe('latest birthdays', () => {
  it('gives the picker maximum as 31 December of the year minAge years ago (the spec)', () => {
    expect(latestAllowedBirthday('2025-06-15')).toBe('2007-12-31');
    expect(latestAllowedBirthday('2025-01-01', 21)).toBe('2004-12-31');
    // The picker is coarse: its maximum is not yet old enough for most of the year.
    expect(isOldEnough(latestAllowedBirthday('2025-06-15'), '2025-06-15')).toBe(false);
  });

  it('gives the exact latest old-enough birthday, with 29 February handled', () => {
    expect(latestOldEnoughBirthday('2025-06-15')).toBe('2007-06-15');
    expect(latestOldEnoughBirthday('2024-02-29')).toBe('2006-02-28');
    expect(latestOldEnoughBirthday('2026-02-28')).toBe('2008-02-28');
    expect(latestOldEnoughBirthday('2026-03-01')).toBe('2008-03-01');
  });

  it('property: that birthday is old enough and the day after is not, every day of 2023-2028', () => {
    for (const today of days('2023-01-01', '2028-12-31')) {
      const latest = latestOldEnoughBirthday(today);
      expect(isOldEnough(latest, today), today).toBe(true);
      expect(isOldEnough(nextDay(latest), today), today).toBe(false);
    }
  });
});

describe('todayIn', () => {
  it('reads the calendar date in the operator zone, not UTC', () => {
    const lateEvening = new Date('2025-01-01T02:30:00Z');
    expect(todayIn('America/Sao_Paulo', lateEvening)).toBe('2024-12-31');
    expect(todayIn('UTC', lateEvening)).toBe('2025-01-01');
    expect(todayIn('Asia/Tokyo', new Date('2024-02-28T15:00:00Z'))).toBe('2024-02-29');
    expect(todayIn('America/Sao_Paulo', new Date('2025-06-15T03:00:00Z'))).toBe('2025-06-15');
  });

  it('rejects an unknown zone', () => {
    expect(() => todayIn('Mars/Olympus_Mons', new Date())).toThrow(RangeError);
  });
});
