import { describe, expect, it } from 'vitest';
import { expandCombinations } from './bet-types.ts';
import { formatOdds, parseOdds } from './odds.ts';
import { legAt, ticketOf } from './test-tickets.ts';
import { MAX_LEGS, planTicket, validateTicket, type Ticket } from './ticket.ts';

const codesOf = (ticket: Ticket) => {
  const validation = validateTicket(ticket);
  return validation.ok ? [] : validation.issues.map((issue) => issue.code);
};
const legs = (count: number) => Array.from({ length: count }, () => '1.50');

describe('odds', () => {
  it('holds decimal odds as exact thousandths', () => {
    expect(parseOdds('1.85')).toBe(1850n);
    expect(parseOdds('2.375')).toBe(2375n);
    expect(parseOdds('10')).toBe(10000n);
    expect(parseOdds('1.8555')).toBeUndefined();
    expect(parseOdds('-2.00')).toBeUndefined();
    expect(parseOdds('1,85')).toBeUndefined();
    expect(formatOdds(1850n)).toBe('1.85');
    expect(formatOdds(2375n)).toBe('2.375');
    expect(formatOdds(10000n)).toBe('10.00');
  });
});

describe('ticket validation', () => {
  it('accepts a single, an accumulator of 2 and of 20, and systems', () => {
    expect(codesOf(ticketOf(['1.50'], { kind: 'single' }))).toEqual([]);
    expect(codesOf(ticketOf(legs(2), { kind: 'accumulator' }))).toEqual([]);
    expect(codesOf(ticketOf(legs(MAX_LEGS), { kind: 'accumulator' }))).toEqual([]);
    expect(codesOf(ticketOf(legs(4), { kind: 'system', sizes: [2, 3] }))).toEqual([]);
    expect(codesOf(ticketOf(legs(8), { kind: 'system_preset', preset: 'goliath' }))).toEqual([]);
  });

  it('gives a code for each problem', () => {
    expect(codesOf(ticketOf([], { kind: 'accumulator' }))).toEqual(['sportsbook.no_legs']);
    expect(codesOf(ticketOf(['1.50'], { kind: 'accumulator' }))).toEqual(['sportsbook.too_few_legs']);
    expect(codesOf(ticketOf(legs(MAX_LEGS + 1), { kind: 'accumulator' }))).toEqual(['sportsbook.too_many_legs']);
    expect(codesOf(ticketOf(legs(2), { kind: 'single' }))).toEqual(['sportsbook.too_many_legs']);
    expect(codesOf(ticketOf(legs(3), { kind: 'system_preset', preset: 'yankee' }))).toEqual(['sportsbook.system_legs_mismatch']);
    expect(codesOf(ticketOf(legs(3), { kind: 'system', sizes: [2, 4] }))).toEqual(['sportsbook.system_legs_mismatch']);
    expect(codesOf(ticketOf(legs(3), { kind: 'system', sizes: [] }))).toEqual(['sportsbook.system_sizes_invalid']);
    expect(codesOf(ticketOf(legs(3), { kind: 'system', sizes: [0] }))).toEqual(['sportsbook.system_sizes_invalid']);
    expect(codesOf(ticketOf(legs(3), { kind: 'system', sizes: [2, 2] }))).toEqual(['sportsbook.system_sizes_invalid']);
    expect(codesOf(ticketOf(legs(20), { kind: 'system', sizes: [10] }))).toEqual(['sportsbook.too_many_combinations']);
    expect(codesOf(ticketOf(legs(2), { kind: 'accumulator' }, { stakeCents: 0n }))).toEqual(['sportsbook.stake_invalid']);
    expect(codesOf(ticketOf(legs(2), { kind: 'accumulator' }, { stakeCents: -5n }))).toEqual(['sportsbook.stake_invalid']);
    expect(codesOf(ticketOf(legs(4), { kind: 'system_preset', preset: 'yankee' }, { stakeCents: 10n, stakeMode: 'total' }))).toEqual([
      'sportsbook.stake_below_combinations',
    ]);
    expect(codesOf(ticketOf(legs(2), { kind: 'accumulator' }, { maxPayoutCents: 0n }))).toEqual(['sportsbook.max_payout_invalid']);
  });

  it('names the leg at fault: odds that cannot win and a second pick in one market', () => {
    const ticket: Ticket = {
      ...ticketOf([], { kind: 'accumulator' }),
      legs: [legAt('1.50', 'match-1/1x2'), legAt('1.00', 'match-2/1x2'), legAt('3.20', 'match-1/1x2')],
    };
    expect(validateTicket(ticket)).toEqual({
      ok: false,
      issues: [
        { code: 'sportsbook.odds_invalid', legIndex: 1 },
        { code: 'sportsbook.same_market_twice', legIndex: 2 },
      ],
    });
  });

  it('refuses to plan an invalid ticket', () => {
    expect(() => planTicket(ticketOf(legs(2), { kind: 'single' }))).toThrow(/must be valid/);
  });
});

describe('combinations', () => {
  it('lists sizes ascending, each in lexicographic order', () => {
    expect(expandCombinations(4, [2, 3])).toEqual([
      [0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3],
      [0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3],
    ]);
  });

  it('a UNIT stake is per bet, so a R$ 1 Lucky 15 costs R$ 15', () => {
    const plan = planTicket(ticketOf(legs(4), { kind: 'system_preset', preset: 'lucky_15' }, { stakeCents: 100n }));
    expect(plan.totalStakeCents).toBe(1500n);
    expect(plan.combinations.every((combination) => combination.stakeCents === 100n)).toBe(true);
  });
});
