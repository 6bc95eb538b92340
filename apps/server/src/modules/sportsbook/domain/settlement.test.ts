import { describe, expect, it } from 'vitest';
import { SYSTEM_PRESETS, type SystemPreset } from './bet-types.ts';
import { deadHeatAmong, PENDING, type LegResult } from './leg-result.ts';
import { ratio } from './ratio.ts';
import { potentialReturn, settle } from './settlement.ts';
import { ticketOf } from './test-tickets.ts';
import { planTicket } from './ticket.ts';

const WON: LegResult = { kind: 'won' };
const LOST: LegResult = { kind: 'lost' };
const VOID: LegResult = { kind: 'void' };

describe('system presets', () => {
  const expectedBets: Record<SystemPreset, number> = {
    trixie: 4,
    patent: 7,
    yankee: 11,
    lucky_15: 15,
    super_yankee: 26,
    canadian: 26,
    lucky_31: 31,
    heinz: 57,
    lucky_63: 63,
    super_heinz: 120,
    goliath: 247,
  };
  for (const [preset, bets] of Object.entries(expectedBets) as [SystemPreset, number][]) {
    it(`a ${preset} on ${SYSTEM_PRESETS[preset].legs} legs is ${bets} bets`, () => {
      const legs = Array.from({ length: SYSTEM_PRESETS[preset].legs }, () => '2.00');
      const plan = planTicket(ticketOf(legs, { kind: 'system_preset', preset }, { stakeCents: 100n }));
      expect(plan.betCount).toBe(bets);
      expect(plan.combinations).toHaveLength(bets);
      expect(plan.totalStakeCents).toBe(BigInt(bets) * 100n);
      expect(new Set(plan.combinations.map((combination) => combination.legIndexes.join(','))).size).toBe(bets);
    });
  }
});

describe('the reference Yankee (marathonbet: €1 Yankee pays €156.75 if all win, €57.00 if one loses)', () => {
  // The odds that give both figures: 6 doubles + 4 trebles + 1 four-fold of 1.50, 2.00, 3.50, 4.00
  // = 156.75 per unit; without the 1.50 leg, 3 doubles + 1 treble of 2.00, 3.50, 4.00 = 57.00.
  const yankee = ticketOf(['1.50', '2.00', '3.50', '4.00'], { kind: 'system_preset', preset: 'yankee' }, { stakeCents: 100n });

  it('is 11 bets costing R$ 11,00', () => {
    const plan = planTicket(yankee);
    expect(plan.betCount).toBe(11);
    expect(plan.totalStakeCents).toBe(1100n);
  });

  it('pays R$ 156,75 when all four win', () => {
    expect(settle(yankee, [WON, WON, WON, WON])).toMatchObject({ status: 'won', returnCents: 15675n, isCapped: false });
    expect(potentialReturn(yankee).returnCents).toBe(15675n);
  });

  it('pays R$ 57,00 when the 1.50 leg loses (the 7 bets holding it lose)', () => {
    const settlement = settle(yankee, [LOST, WON, WON, WON]);
    expect(settlement).toMatchObject({ status: 'partially_won', returnCents: 5700n });
    expect(settlement.combinations.filter((combination) => combination.status === 'lost')).toHaveLength(7);
  });

  it('splits a TOTAL stake evenly, leftover centavos to the first bets in order', () => {
    const total = ticketOf(['1.50', '2.00', '3.50', '4.00'], { kind: 'system_preset', preset: 'yankee' }, { stakeCents: 1103n, stakeMode: 'total' });
    const stakes = planTicket(total).combinations.map((combination) => combination.stakeCents);
    expect(stakes).toEqual([101n, 101n, 101n, 100n, 100n, 100n, 100n, 100n, 100n, 100n, 100n]);
    expect(planTicket(total).totalStakeCents).toBe(1103n);
  });
});

describe('accumulators', () => {
  it('multiplies the legs and rounds the return down to the centavo', () => {
    const ticket = ticketOf(['1.85', '2.10', '1.333'], { kind: 'accumulator' }, { stakeCents: 1000n });
    // 10.00 × 1.85 × 2.10 × 1.333 = 51.78705 → R$ 51,78
    expect(settle(ticket, [WON, WON, WON])).toMatchObject({ status: 'won', returnCents: 5178n });
  });

  it('treats a void leg as odds 1.00: a five-fold becomes the four-fold of the others', () => {
    const fiveFold = ticketOf(['1.50', '2.00', '1.80', '2.50', '3.00'], { kind: 'accumulator' }, { stakeCents: 1000n });
    const fourFold = ticketOf(['1.50', '2.00', '2.50', '3.00'], { kind: 'accumulator' }, { stakeCents: 1000n });
    const withVoid = settle(fiveFold, [WON, WON, VOID, WON, WON]);
    expect(withVoid.returnCents).toBe(settle(fourFold, [WON, WON, WON, WON]).returnCents);
    expect(withVoid.returnCents).toBe(22500n);
    expect(withVoid.status).toBe('won');
  });

  it('is lost as soon as one leg loses, even with legs still pending', () => {
    const ticket = ticketOf(['1.50', '2.00', '3.00'], { kind: 'accumulator' });
    expect(settle(ticket, [LOST, PENDING, PENDING])).toMatchObject({ status: 'lost', returnCents: 0n });
    expect(settle(ticket, [WON, PENDING, WON])).toMatchObject({ status: 'open', returnCents: undefined });
  });

  it('returns exactly the stake when every leg is void', () => {
    const ticket = ticketOf(['1.50', '2.00', '3.00'], { kind: 'accumulator' }, { stakeCents: 777n });
    expect(settle(ticket, [VOID, VOID, VOID])).toMatchObject({ status: 'void', returnCents: 777n });
  });

  it('never pays more than the maximum payout locked on the ticket', () => {
    const ticket = ticketOf(['10.00', '10.00', '10.00'], { kind: 'accumulator' }, { stakeCents: 100_00n, maxPayoutCents: 50_000_00n });
    expect(settle(ticket, [WON, WON, WON])).toMatchObject({ status: 'won', returnCents: 50_000_00n, uncappedReturnCents: 100_000_00n, isCapped: true });
    expect(potentialReturn(ticket)).toEqual({ returnCents: 50_000_00n, uncappedReturnCents: 100_000_00n, isCapped: true });
  });
});

describe('Asian quarter lines', () => {
  const single = (odds: string) => ticketOf([odds], { kind: 'single' }, { stakeCents: 100_00n });

  it('half won pays half at the odds and refunds half: ½ + ½·odds', () => {
    // R$ 100 on +0.25 at 1.90 and the match draws: the +0.5 half wins, the 0 half pushes → 50 × 1.90 + 50 = 145
    expect(settle(single('1.90'), [{ kind: 'half_won' }])).toMatchObject({ status: 'won', returnCents: 145_00n });
  });

  it('half lost refunds half the stake', () => {
    expect(settle(single('1.90'), [{ kind: 'half_lost' }])).toMatchObject({ status: 'won', returnCents: 50_00n });
  });

  it('multiplies the effective factors in an accumulator', () => {
    const ticket = ticketOf(['2.00', '1.90', '1.80'], { kind: 'accumulator' }, { stakeCents: 10_00n });
    // 10 × 2.00 × 1.45 × 0.5 = 14.50
    expect(settle(ticket, [WON, { kind: 'half_won' }, { kind: 'half_lost' }]).returnCents).toBe(14_50n);
  });

  it('takes the feed’s void factor verbatim: ½ void on a won leg at 3.00 pays ½ + ½ × 3.00', () => {
    const result: LegResult = { kind: 'factors', outcome: 'won', voidFactor: ratio(1n, 2n), deadHeatFactor: ratio(1n) };
    expect(settle(single('3.00'), [result]).returnCents).toBe(200_00n);
    expect(settle(single('3.00'), [{ ...result, outcome: 'lost' }]).returnCents).toBe(50_00n);
  });
});

describe('dead heat', () => {
  it('pays the odds times the dead-heat factor', () => {
    const ticket = ticketOf(['5.00'], { kind: 'single' }, { stakeCents: 10_00n });
    expect(settle(ticket, [{ kind: 'won', deadHeatFactor: deadHeatAmong(2n) }]).returnCents).toBe(25_00n);
  });

  it('rounds a third down to the centavo', () => {
    const ticket = ticketOf(['4.00'], { kind: 'single' }, { stakeCents: 10_00n });
    // 10 × 4.00 / 3 = 13.333… → R$ 13,33
    expect(settle(ticket, [{ kind: 'won', deadHeatFactor: deadHeatAmong(3n) }]).returnCents).toBe(13_33n);
  });

  it('applies inside an accumulator', () => {
    const ticket = ticketOf(['4.00', '2.00'], { kind: 'accumulator' }, { stakeCents: 10_00n });
    expect(settle(ticket, [{ kind: 'won', deadHeatFactor: deadHeatAmong(2n) }, WON]).returnCents).toBe(40_00n);
  });

  it('refuses a factor outside (0, 1]', () => {
    const ticket = ticketOf(['4.00'], { kind: 'single' });
    expect(() => settle(ticket, [{ kind: 'won', deadHeatFactor: ratio(3n, 2n) }])).toThrow(/deadHeatFactor/);
    expect(() => settle(ticket, [{ kind: 'won', deadHeatFactor: ratio(0n) }])).toThrow(/deadHeatFactor/);
  });
});

describe('systems', () => {
  it('is open while any combination waits, even when others are decided', () => {
    const trixie = ticketOf(['2.00', '2.00', '2.00'], { kind: 'system_preset', preset: 'trixie' });
    expect(settle(trixie, [WON, WON, PENDING]).status).toBe('open');
    expect(settle(trixie, [LOST, LOST, PENDING])).toMatchObject({ status: 'lost', returnCents: 0n });
  });

  it('settles a custom "2 of 4" as its six doubles', () => {
    const ticket = ticketOf(['2.00', '3.00', '1.50', '4.00'], { kind: 'system', sizes: [2] }, { stakeCents: 100n });
    // Doubles without the lost 4.00 leg: 2×3 + 2×1.5 + 3×1.5 = 13.50
    expect(settle(ticket, [WON, WON, WON, LOST])).toMatchObject({ status: 'partially_won', returnCents: 13_50n });
  });

  it('refuses results that do not match the legs', () => {
    const ticket = ticketOf(['2.00', '3.00'], { kind: 'accumulator' });
    expect(() => settle(ticket, [WON])).toThrow(/one result per leg/);
  });
});
