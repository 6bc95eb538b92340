import { describe, expect, it } from 'vitest';
import { confirmCashOutPrice, partialCashOut, quoteCashOut, remainingStakeCents, type LegMarketNow } from './cash-out.ts';
import { PENDING, type LegResult } from './leg-result.ts';
import { potentialReturn, settle } from './settlement.ts';
import { ticketOf } from './test-tickets.ts';
import { ratio } from './ratio.ts';

const WON: LegResult = { kind: 'won' };
const open = (odds: bigint): LegMarketNow => ({ state: 'open', currentOddsThousandths: odds });

describe('cash-out quote', () => {
  const single = ticketOf(['2.00'], { kind: 'single' }, { stakeCents: 10_00n });

  it('prices the potential return times the win probability (1 / current odds), less the margin, rounded down', () => {
    // Potential R$ 20,00 × 1/2.00 = R$ 10,00 fair; 5 % margin → R$ 9,50.
    expect(quoteCashOut({ ticket: single, results: [PENDING], markets: [open(2000n)], marginBasisPoints: 500n })).toEqual({
      ok: true,
      priceCents: 9_50n,
      fairValueCents: 10_00n,
      potentialReturnCents: 20_00n,
    });
    // The odds shortened to 1.30: fair 20 / 1.3 = 15.384…; 3.5 % margin → 14.846… → R$ 14,84.
    expect(quoteCashOut({ ticket: single, results: [PENDING], markets: [open(1300n)], marginBasisPoints: 350n })).toMatchObject({ ok: true, priceCents: 14_84n });
  });

  it('keeps settled legs at their result in an accumulator', () => {
    const acca = ticketOf(['2.00', '3.00'], { kind: 'accumulator' }, { stakeCents: 10_00n });
    // Leg 1 won; leg 2 locked at 3.00 now trades at 1.50: 60 × 1/1.5 = 40.
    expect(quoteCashOut({ ticket: acca, results: [WON, PENDING], markets: [undefined, open(1500n)], marginBasisPoints: 0n })).toMatchObject({ ok: true, priceCents: 40_00n });
  });

  it('refuses with a reason when a leg lost, is suspended or has no price, or nothing is pending', () => {
    const acca = ticketOf(['2.00', '3.00', '1.50'], { kind: 'accumulator' });
    const quote = (results: LegResult[], markets: (LegMarketNow | undefined)[]) => quoteCashOut({ ticket: acca, results, markets, marginBasisPoints: 500n });
    expect(quote([{ kind: 'lost' }, PENDING, PENDING], [undefined, open(3000n), open(1500n)])).toEqual({ ok: false, reason: 'sportsbook.cashout_leg_lost', legIndex: 0 });
    expect(quote([WON, PENDING, PENDING], [undefined, { state: 'suspended' }, open(1500n)])).toEqual({ ok: false, reason: 'sportsbook.cashout_leg_suspended', legIndex: 1 });
    expect(quote([WON, PENDING, PENDING], [undefined, open(3000n), undefined])).toEqual({ ok: false, reason: 'sportsbook.cashout_odds_missing', legIndex: 2 });
    expect(quote([WON, WON, WON], [undefined, undefined, undefined])).toEqual({ ok: false, reason: 'sportsbook.cashout_ticket_decided' });
  });

  it('refuses a price that rounds to nothing', () => {
    const tiny = ticketOf(['1.01'], { kind: 'single' }, { stakeCents: 1n });
    expect(quoteCashOut({ ticket: tiny, results: [PENDING], markets: [open(50_000n)], marginBasisPoints: 500n })).toEqual({ ok: false, reason: 'sportsbook.cashout_price_zero' });
  });

  it('scales the value down to the maximum payout', () => {
    const capped = ticketOf(['10.00', '10.00'], { kind: 'accumulator' }, { stakeCents: 100_00n, maxPayoutCents: 5_000_00n });
    // Potential R$ 10.000 capped to R$ 5.000; the second leg (first won) is priced at 10.00 → fair R$ 500.
    expect(quoteCashOut({ ticket: capped, results: [WON, PENDING], markets: [undefined, open(10_000n)], marginBasisPoints: 0n })).toMatchObject({ ok: true, priceCents: 500_00n });
  });

  it('refuses a margin outside [0, 100) %', () => {
    expect(() => quoteCashOut({ ticket: single, results: [PENDING], markets: [open(2000n)], marginBasisPoints: 10_000n })).toThrow(/margin/);
  });
});

describe('confirming the accepted price', () => {
  it('pays the accepted price while the fresh quote is at least that, else refuses', () => {
    const fresh = { ok: true, priceCents: 9_60n, fairValueCents: 10_00n, potentialReturnCents: 20_00n } as const;
    expect(confirmCashOutPrice(9_50n, fresh)).toEqual({ ok: true, paidCents: 9_50n });
    expect(confirmCashOutPrice(9_70n, fresh)).toEqual({ ok: false, reason: 'sportsbook.cashout_price_changed' });
    expect(confirmCashOutPrice(9_50n, { ok: false, reason: 'sportsbook.cashout_leg_suspended' })).toEqual({ ok: false, reason: 'sportsbook.cashout_leg_suspended' });
  });
});

describe('partial cash-out', () => {
  const acca = ticketOf(['2.00', '3.00'], { kind: 'accumulator' }, { stakeCents: 10_00n });

  it('pays the amount and keeps (P − A) / P of the ticket, so the potential return stays proportional', () => {
    const partial = partialCashOut(acca, 40_00n, 10_00n);
    if (!partial.ok) throw new Error(partial.reason);
    expect(partial.paidCents).toBe(10_00n);
    expect(partial.soldShare).toEqual(ratio(1n, 4n));
    expect(partial.remainingTicket.remainingShare).toEqual(ratio(3n, 4n));
    expect(remainingStakeCents(partial.remainingTicket)).toBe(7_50n);
    expect(potentialReturn(acca).returnCents).toBe(60_00n);
    expect(potentialReturn(partial.remainingTicket).returnCents).toBe(45_00n);
    expect(settle(partial.remainingTicket, [WON, WON]).returnCents).toBe(45_00n);
    expect(settle(partial.remainingTicket, [{ kind: 'void' }, { kind: 'void' }])).toMatchObject({ status: 'void', returnCents: 7_50n });
  });

  it('compounds a second partial cash-out on the remaining share', () => {
    const first = partialCashOut(acca, 40_00n, 10_00n);
    if (!first.ok) throw new Error(first.reason);
    const second = partialCashOut(first.remainingTicket, 30_00n, 20_00n);
    if (!second.ok) throw new Error(second.reason);
    expect(second.remainingTicket.remainingShare).toEqual(ratio(1n, 4n));
    expect(potentialReturn(second.remainingTicket).returnCents).toBe(15_00n);
  });

  it('refuses nothing, everything or more (a full cash-out is not partial)', () => {
    expect(partialCashOut(acca, 40_00n, 0n)).toEqual({ ok: false, reason: 'sportsbook.cashout_amount_invalid' });
    expect(partialCashOut(acca, 40_00n, 40_00n)).toEqual({ ok: false, reason: 'sportsbook.cashout_amount_invalid' });
    expect(partialCashOut(acca, 40_00n, 41_00n)).toEqual({ ok: false, reason: 'sportsbook.cashout_amount_invalid' });
  });
});
