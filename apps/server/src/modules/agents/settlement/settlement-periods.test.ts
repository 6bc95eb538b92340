import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { periodsEnding } from './settlement-periods.ts';

/** Spec §4 salary periods, cut in the operator's zone (São Paulo: UTC−3 all year). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const TZ = 'America/Sao_Paulo';
const iso = (periods: { start: Date; end: Date }[]) => periods.map((period) => `${period.start.toISOString()} → ${period.end.toISOString()}`);

describe('settlement periods', () => {
  it('days and hours that ended inside the window', async () => {
    const days = await periodsEnding(ctx.core.db, 'daily', 'semimonthly', TZ, new Date('2031-03-10T12:00:00Z'), new Date('2031-03-12T04:00:00Z'));
    expect(iso(days)).toEqual(['2031-03-10T03:00:00.000Z → 2031-03-11T03:00:00.000Z', '2031-03-11T03:00:00.000Z → 2031-03-12T03:00:00.000Z']);
    const hours = await periodsEnding(ctx.core.db, 'hourly', 'semimonthly', TZ, new Date('2031-03-10T12:30:00Z'), new Date('2031-03-10T14:00:00Z'));
    expect(iso(hours)).toEqual(['2031-03-10T12:00:00.000Z → 2031-03-10T13:00:00.000Z', '2031-03-10T13:00:00.000Z → 2031-03-10T14:00:00.000Z']);
  });

  it('dividend periods: half-months (1st → 16th → 1st), ISO weeks and months', async () => {
    const halves = await periodsEnding(ctx.core.db, 'dividend', 'semimonthly', TZ, new Date('2031-01-20T00:00:00Z'), new Date('2031-03-02T00:00:00Z'));
    expect(iso(halves)).toEqual([
      '2031-01-16T03:00:00.000Z → 2031-02-01T03:00:00.000Z',
      '2031-02-01T03:00:00.000Z → 2031-02-16T03:00:00.000Z',
      '2031-02-16T03:00:00.000Z → 2031-03-01T03:00:00.000Z',
    ]);
    const weeks = await periodsEnding(ctx.core.db, 'dividend', 'weekly', TZ, new Date('2031-03-01T00:00:00Z'), new Date('2031-03-11T00:00:00Z'));
    // 3 March 2031 is a Monday; the week before ends inside the window too.
    expect(iso(weeks)).toEqual(['2031-02-24T03:00:00.000Z → 2031-03-03T03:00:00.000Z', '2031-03-03T03:00:00.000Z → 2031-03-10T03:00:00.000Z']);
    const months = await periodsEnding(ctx.core.db, 'dividend', 'monthly', TZ, new Date('2031-01-15T00:00:00Z'), new Date('2031-03-15T00:00:00Z'));
    expect(iso(months)).toEqual(['2031-01-01T03:00:00.000Z → 2031-02-01T03:00:00.000Z', '2031-02-01T03:00:00.000Z → 2031-03-01T03:00:00.000Z']);
  });
});
