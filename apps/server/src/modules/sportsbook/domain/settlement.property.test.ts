/**
 * Property tests: for any mix of won, lost, void, half and dead-heat legs, the domain's returns
 * equal the reference formulas (igaming-integration.md §7.3) computed here again, independently
 * and plainly: fractions as [numerator, denominator] bigint pairs, combinations from bitmasks,
 * one floor per bet at the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYSTEM_PRESETS, type BetType, type SystemPreset } from './bet-types.ts';
import { quoteCashOut, partialCashOut, type LegMarketNow } from './cash-out.ts';
import { PENDING, type LegResult } from './leg-result.ts';
import { ratio } from './ratio.ts';
import { potentialReturn, settle } from './settlement.ts';
import { planTicket, type Ticket } from './ticket.ts';

type Fraction = [bigint, bigint];
const times = (a: Fraction, b: Fraction): Fraction => [a[0] * b[0], a[1] * b[1]];
const plus = (a: Fraction, b: Fraction): Fraction => [a[0] * b[1] + b[0] * a[1], a[1] * b[1]];

/** The reference table's one rule: factor = v + (won ? (1 − v) · odds · deadHeat : 0). */
function referenceLegFactor(oddsThousandths: bigint, result: LegResult): Fraction {
  const odds: Fraction = [oddsThousandths, 1000n];
  const rule = (won: boolean, voidFactor: Fraction, deadHeat: Fraction): Fraction =>
    plus(voidFactor, won ? times(times([voidFactor[1] - voidFactor[0], voidFactor[1]], odds), deadHeat) : [0n, 1n]);
  switch (result.kind) {
    case 'won':
      return rule(true, [0n, 1n], result.deadHeatFactor ? [result.deadHeatFactor.numerator, result.deadHeatFactor.denominator] : [1n, 1n]);
    case 'lost':
      return rule(false, [0n, 1n], [1n, 1n]);
    case 'void':
      return rule(false, [1n, 1n], [1n, 1n]);
    case 'half_won':
      return rule(true, [1n, 2n], [1n, 1n]);
    case 'half_lost':
      return rule(false, [1n, 2n], [1n, 1n]);
    case 'factors':
      return rule(result.outcome === 'won', [result.voidFactor.numerator, result.voidFactor.denominator], [result.deadHeatFactor.numerator, result.deadHeatFactor.denominator]);
    case 'pending':
      throw new Error('the reference settles settled legs only');
  }
}

/** Combinations by bitmask, ordered by size then lexicographically (the order a TOTAL stake splits in). */
function referenceCombinations(legCount: number, sizes: readonly number[]): number[][] {
  const all: number[][] = [];
  for (let mask = 1; mask < 1 << legCount; mask += 1) {
    const legs = Array.from({ length: legCount }, (_, index) => index).filter((index) => (mask >> index) & 1);
    if (sizes.includes(legs.length)) all.push(legs);
  }
  return all.sort((a, b) => a.length - b.length || lexicographicOrder(a, b));
}

function lexicographicOrder(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return 0;
}

function sizesOf(ticket: Ticket): number[] {
  const n = ticket.legs.length;
  switch (ticket.betType.kind) {
    case 'single':
      return [1];
    case 'accumulator':
      return [n];
    case 'system':
      return [...ticket.betType.sizes];
    case 'system_preset':
      return [...SYSTEM_PRESETS[ticket.betType.preset].sizes];
  }
}

function referenceReturn(ticket: Ticket, results: readonly LegResult[]): bigint {
  const combinations = referenceCombinations(ticket.legs.length, sizesOf(ticket));
  const count = BigInt(combinations.length);
  let total = 0n;
  combinations.forEach((legs, index) => {
    const stake = ticket.stakeMode === 'unit' ? ticket.stakeCents : ticket.stakeCents / count + (BigInt(index) < ticket.stakeCents % count ? 1n : 0n);
    let value: Fraction = [stake, 1n];
    if (ticket.remainingShare) value = times(value, [ticket.remainingShare.numerator, ticket.remainingShare.denominator]);
    for (const leg of legs) value = times(value, referenceLegFactor(ticket.legs[leg]!.oddsThousandths, results[leg]!));
    total += value[0] / value[1];
  });
  return total < ticket.maxPayoutCents ? total : ticket.maxPayoutCents;
}

// ——— generators ———

const oddsArbitrary = fc.oneof(fc.bigInt({ min: 1001n, max: 5000n }), fc.bigInt({ min: 5001n, max: 100_000n }));
const fractionArbitrary = (allowZero: boolean) =>
  fc.integer({ min: 1, max: 6 }).chain((denominator) => fc.integer({ min: allowZero ? 0 : 1, max: denominator }).map((numerator) => ratio(BigInt(numerator), BigInt(denominator))));

const settledResultArbitrary: fc.Arbitrary<LegResult> = fc.oneof(
  fc.constant<LegResult>({ kind: 'won' }),
  fractionArbitrary(false).map((deadHeatFactor): LegResult => ({ kind: 'won', deadHeatFactor })),
  fc.constant<LegResult>({ kind: 'lost' }),
  fc.constant<LegResult>({ kind: 'void' }),
  fc.constant<LegResult>({ kind: 'half_won' }),
  fc.constant<LegResult>({ kind: 'half_lost' }),
  fc
    .record({ outcome: fc.constantFrom<'won' | 'lost'>('won', 'lost'), voidFactor: fractionArbitrary(true), deadHeatFactor: fractionArbitrary(false) })
    .map((factors): LegResult => ({ kind: 'factors', ...factors })),
);

const PRESETS_BY_LEGS = new Map<number, SystemPreset[]>();
for (const [preset, { legs }] of Object.entries(SYSTEM_PRESETS) as [SystemPreset, { legs: number }][]) {
  PRESETS_BY_LEGS.set(legs, [...(PRESETS_BY_LEGS.get(legs) ?? []), preset]);
}

function betTypeArbitrary(legCount: number): fc.Arbitrary<BetType> {
  if (legCount === 1) return fc.constant<BetType>({ kind: 'single' });
  const options: fc.Arbitrary<BetType>[] = [
    fc.constant<BetType>({ kind: 'accumulator' }),
    fc.subarray(Array.from({ length: legCount }, (_, index) => index + 1), { minLength: 1 }).map((sizes): BetType => ({ kind: 'system', sizes })),
  ];
  const presets = PRESETS_BY_LEGS.get(legCount);
  if (presets) options.push(fc.constantFrom(...presets).map((preset): BetType => ({ kind: 'system_preset', preset })));
  return fc.oneof(...options);
}

/** Up to 8 legs keeps Goliath (247 bets) in play while a run stays well under the time budget. */
const ticketArbitrary: fc.Arbitrary<Ticket> = fc.integer({ min: 1, max: 8 }).chain((legCount) =>
  fc
    .record({
      odds: fc.array(oddsArbitrary, { minLength: legCount, maxLength: legCount }),
      betType: betTypeArbitrary(legCount),
      stakeMode: fc.constantFrom<'unit' | 'total'>('unit', 'total'),
      stakeCents: fc.bigInt({ min: 1n, max: 1_000_00n }),
      maxPayoutCents: fc.oneof(fc.bigInt({ min: 1n, max: 10_000_00n }), fc.constant(1_000_000_000_00n)),
    })
    .map(({ odds, betType, stakeMode, stakeCents, maxPayoutCents }): Ticket => {
      const ticket: Ticket = {
        legs: odds.map((oddsThousandths, index) => ({ marketId: `market-${index}`, selectionId: `selection-${index}`, oddsThousandths })),
        betType,
        stakeMode,
        stakeCents,
        maxPayoutCents,
      };
      // A TOTAL stake below one centavo per bet is refused at placement; lift it to the minimum.
      const bets = BigInt(planTicketSize(ticket));
      return stakeMode === 'total' && stakeCents < bets ? { ...ticket, stakeCents: bets + stakeCents } : ticket;
    }),
);

function planTicketSize(ticket: Ticket): number {
  return referenceCombinations(ticket.legs.length, sizesOf(ticket)).length;
}

const settledTicketArbitrary = ticketArbitrary.chain((ticket) =>
  fc.array(settledResultArbitrary, { minLength: ticket.legs.length, maxLength: ticket.legs.length }).map((results) => ({ ticket, results })),
);

const RUNS = { numRuns: 400 };
/**
 * A cap no return reaches. Eight legs at odds up to 100 multiply a stake by up to 10^16, so a
 * "large" cap such as 10^14 cents still bit a combination now and then (1 run in ~10,000).
 */
const NO_CAP = 10n ** 40n;

describe('settlement properties', () => {
  it('every return equals the reference formula exactly', () => {
    fc.assert(
      fc.property(settledTicketArbitrary, ({ ticket, results }) => {
        expect(settle(ticket, results).returnCents).toBe(referenceReturn(ticket, results));
      }),
      RUNS,
    );
  });

  it('settling twice gives the same settlement', () => {
    fc.assert(
      fc.property(settledTicketArbitrary, ({ ticket, results }) => {
        expect(settle(ticket, results)).toEqual(settle(ticket, results));
      }),
      RUNS,
    );
  });

  it('never pays more than the maximum payout', () => {
    fc.assert(
      fc.property(settledTicketArbitrary, ({ ticket, results }) => {
        const settlement = settle(ticket, results);
        expect(settlement.returnCents!).toBeLessThanOrEqual(ticket.maxPayoutCents);
        expect(potentialReturn(ticket, results).returnCents).toBeLessThanOrEqual(ticket.maxPayoutCents);
      }),
      RUNS,
    );
  });

  it('a system returns the sum of its combinations settled as their own singles and accumulators', () => {
    fc.assert(
      fc.property(settledTicketArbitrary, ({ ticket, results }) => {
        const settlement = settle(ticket, results);
        const sumOfParts = planTicket(ticket).combinations.reduce((sum, combination) => {
          const part: Ticket = {
            legs: combination.legIndexes.map((index) => ticket.legs[index]!),
            betType: combination.legIndexes.length === 1 ? { kind: 'single' } : { kind: 'accumulator' },
            stakeMode: 'unit',
            stakeCents: combination.stakeCents,
            maxPayoutCents: NO_CAP,
          };
          return sum + settle(part, combination.legIndexes.map((index) => results[index]!)).returnCents!;
        }, 0n);
        expect(settlement.uncappedReturnCents).toBe(sumOfParts);
      }),
      RUNS,
    );
  });

  it('a ticket whose every leg is void returns exactly its stake', () => {
    fc.assert(
      fc.property(ticketArbitrary, (ticket) => {
        const uncapped = { ...ticket, maxPayoutCents: NO_CAP };
        const settlement = settle(uncapped, ticket.legs.map(() => ({ kind: 'void' })));
        expect(settlement.status).toBe('void');
        expect(settlement.returnCents).toBe(planTicket(uncapped).totalStakeCents);
      }),
      RUNS,
    );
  });

  it('is open exactly while a combination has a pending leg and no lost one', () => {
    const withPending = ticketArbitrary.chain((ticket) =>
      fc.array(fc.oneof(settledResultArbitrary, fc.constant(PENDING)), { minLength: ticket.legs.length, maxLength: ticket.legs.length }).map((results) => ({ ticket, results })),
    );
    fc.assert(
      fc.property(withPending, ({ ticket, results }) => {
        const isDead = (legs: readonly number[]) => legs.some((index) => results[index]!.kind === 'lost' || referenceIsZero(ticket, results, index));
        const waiting = planTicket(ticket).combinations.some((c) => !isDead(c.legIndexes) && c.legIndexes.some((index) => results[index]!.kind === 'pending'));
        expect(settle(ticket, results).status === 'open').toBe(waiting);
      }),
      RUNS,
    );
  });
});

function referenceIsZero(ticket: Ticket, results: readonly LegResult[], index: number): boolean {
  const result = results[index]!;
  return result.kind !== 'pending' && referenceLegFactor(ticket.legs[index]!.oddsThousandths, result)[0] === 0n;
}

describe('cash-out properties', () => {
  const openTicketArbitrary = ticketArbitrary.chain((ticket) =>
    fc
      .record({
        results: fc.array(fc.oneof(settledResultArbitrary, fc.constant(PENDING), fc.constant(PENDING)), { minLength: ticket.legs.length, maxLength: ticket.legs.length }),
        markets: fc.array(oddsArbitrary.map((odds): LegMarketNow => ({ state: 'open', currentOddsThousandths: odds })), { minLength: ticket.legs.length, maxLength: ticket.legs.length }),
        marginBasisPoints: fc.bigInt({ min: 0n, max: 2000n }),
      })
      .map((rest) => ({ ticket, ...rest })),
  );

  it('never offers more than the potential return, and refuses once any leg has lost', () => {
    fc.assert(
      fc.property(openTicketArbitrary, (input) => {
        const quote = quoteCashOut(input);
        const hasLostLeg = input.results.some((_, index) => referenceIsZero(input.ticket, input.results, index));
        if (hasLostLeg) {
          expect(quote).toMatchObject({ ok: false, reason: 'sportsbook.cashout_leg_lost' });
          return;
        }
        if (quote.ok) {
          expect(quote.priceCents).toBeGreaterThan(0n);
          expect(quote.priceCents).toBeLessThanOrEqual(potentialReturn(input.ticket, input.results).returnCents);
          expect(quote.priceCents).toBeLessThanOrEqual(quote.fairValueCents);
        } else {
          expect(['sportsbook.cashout_ticket_decided', 'sportsbook.cashout_price_zero']).toContain(quote.reason);
        }
      }),
      RUNS,
    );
  });

  it('a partial cash-out keeps the potential return in proportion and its settlement equals the reference', () => {
    fc.assert(
      fc.property(openTicketArbitrary, fc.bigInt({ min: 1n, max: 1_000_000n }), (input, pick) => {
        const quote = quoteCashOut(input);
        fc.pre(quote.ok && quote.priceCents >= 2n);
        if (!quote.ok) return;
        const amount = 1n + (pick % (quote.priceCents - 1n));
        const partial = partialCashOut(input.ticket, quote.priceCents, amount);
        if (!partial.ok) throw new Error(partial.reason);
        const kept = ratio(quote.priceCents - amount, quote.priceCents);
        expect(partial.remainingTicket.remainingShare).toEqual(kept);
        const allWon = input.results.map((result) => (result.kind === 'pending' ? ({ kind: 'won' } as const) : result));
        expect(settle(partial.remainingTicket, allWon).returnCents).toBe(referenceReturn(partial.remainingTicket, allWon));
        expect(potentialReturn(partial.remainingTicket, input.results).returnCents).toBeLessThanOrEqual(potentialReturn(input.ticket, input.results).returnCents);
      }),
      RUNS,
    );
  });
});
