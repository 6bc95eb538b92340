import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PENDING, type LegResult } from './leg-result.ts';
import { bookedAfter, planResettlement, type BookedSettlement } from './resettlement.ts';
import { settle } from './settlement.ts';
import { ticketOf } from './test-tickets.ts';

const WON: LegResult = { kind: 'won' };
const LOST: LegResult = { kind: 'lost' };
const acca = ticketOf(['2.00', '3.00'], { kind: 'accumulator' }, { stakeCents: 10_00n });

describe('resettlement plan', () => {
  it('credits a first settlement, then does nothing when the same result comes again', () => {
    const plan = planResettlement(undefined, settle(acca, [WON, WON]));
    expect(plan).toEqual({ kind: 'settle', creditCents: 60_00n, next: { status: 'won', returnCents: 60_00n } });
    expect(planResettlement(bookedAfter(undefined, plan), settle(acca, [WON, WON]))).toEqual({ kind: 'unchanged' });
  });

  it('reverses the old credit and credits the corrected result', () => {
    const booked: BookedSettlement = { status: 'won', returnCents: 60_00n };
    expect(planResettlement(booked, settle(acca, [WON, LOST]))).toEqual({ kind: 'resettle', reverseCents: 60_00n, creditCents: 0n, next: { status: 'lost', returnCents: 0n } });
  });

  it('reopens a ticket whose settlement was rolled back', () => {
    expect(planResettlement({ status: 'won', returnCents: 60_00n }, settle(acca, [WON, PENDING]))).toEqual({ kind: 'reopen', reverseCents: 60_00n });
    expect(planResettlement(undefined, settle(acca, [WON, PENDING]))).toEqual({ kind: 'unchanged' });
  });

  it('for any run of corrections, the money booked nets to the last settlement, and replaying it books nothing', () => {
    const resultArbitrary = fc.constantFrom<LegResult>(WON, LOST, PENDING, { kind: 'void' }, { kind: 'half_won' }, { kind: 'half_lost' });
    const yankee = ticketOf(['1.50', '2.00', '3.50', '4.00'], { kind: 'system_preset', preset: 'yankee' }, { stakeCents: 100n, maxPayoutCents: 100_00n });
    fc.assert(
      fc.property(fc.array(fc.array(resultArbitrary, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 6 }), (corrections) => {
        let booked: BookedSettlement | undefined;
        let net = 0n;
        for (const results of corrections) {
          const plan = planResettlement(booked, settle(yankee, results));
          if (plan.kind === 'settle') net += plan.creditCents;
          if (plan.kind === 'reopen') net -= plan.reverseCents;
          if (plan.kind === 'resettle') net += plan.creditCents - plan.reverseCents;
          booked = bookedAfter(booked, plan);
        }
        const last = settle(yankee, corrections.at(-1)!);
        expect(net).toBe(last.returnCents ?? 0n);
        expect(planResettlement(booked, last)).toEqual({ kind: 'unchanged' });
      }),
      { numRuns: 300 },
    );
  });
});
