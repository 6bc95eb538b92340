/**
 * What the ledger must do when a ticket's results change (a corrected result, a rollback of a
 * settlement or a cancellation). Settlements are never edited: the previous credit is reversed
 * by an appended entry and the new one credited (reference §7.3). The plan depends only on what
 * was booked and on the fresh settlement, so replaying the same feed message plans nothing.
 */
import type { TicketSettlement, TicketStatus } from './settlement.ts';

/** What the ledger holds for the ticket now: its last booked settlement, if any. */
export interface BookedSettlement {
  readonly status: Exclude<TicketStatus, 'open'>;
  readonly returnCents: bigint;
}

export type ResettlementPlan =
  /** Nothing to book: the ticket stays open, or it is settled exactly as already booked. */
  | { readonly kind: 'unchanged' }
  /** First settlement: credit the return (0 for a lost ticket: a record without money). */
  | { readonly kind: 'settle'; readonly creditCents: bigint; readonly next: BookedSettlement }
  /** A settlement rolled back: reverse its credit, the ticket is open again. */
  | { readonly kind: 'reopen'; readonly reverseCents: bigint }
  /** A corrected result: reverse the old credit, then credit the new return. */
  | { readonly kind: 'resettle'; readonly reverseCents: bigint; readonly creditCents: bigint; readonly next: BookedSettlement };

export function planResettlement(booked: BookedSettlement | undefined, fresh: TicketSettlement): ResettlementPlan {
  if (fresh.status === 'open' || fresh.returnCents === undefined) {
    return booked === undefined ? { kind: 'unchanged' } : { kind: 'reopen', reverseCents: booked.returnCents };
  }
  const next: BookedSettlement = { status: fresh.status, returnCents: fresh.returnCents };
  if (booked === undefined) return { kind: 'settle', creditCents: next.returnCents, next };
  if (booked.status === next.status && booked.returnCents === next.returnCents) return { kind: 'unchanged' };
  return { kind: 'resettle', reverseCents: booked.returnCents, creditCents: next.returnCents, next };
}

/** The booked state after a plan is carried out. */
export function bookedAfter(booked: BookedSettlement | undefined, plan: ResettlementPlan): BookedSettlement | undefined {
  switch (plan.kind) {
    case 'unchanged':
      return booked;
    case 'reopen':
      return undefined;
    case 'settle':
    case 'resettle':
      return plan.next;
  }
}
