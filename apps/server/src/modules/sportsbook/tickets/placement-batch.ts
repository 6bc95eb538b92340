import { AppError, formatCents, type ErrorCode } from '@app/kernel';
import type { PlaceTicketRequest } from '@app/contracts';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { acceptOddsChange, potentialReturn, type BetType, type Ticket } from '../domain/index.ts';
import { bookKey, insertTickets, openTickets, readForBatch, requestKey } from './placement-batch.repository.ts';
import type { MoneyCallResult, ProviderMoney } from './provider-money.ts';
import { lockForPlacement, type MarketNow, type NewTicket, type TicketRow } from './ticket.repository.ts';

/**
 * Placement in batches (issue 23's "≥ 1,000 tickets/s"): one ticket per transaction costs ~8
 * statements and two commits (the ticket, then the debit) each, and on two cores the debit alone
 * tops out near the target. So placements that passed the slip's own rules queue here, and each
 * batch takes what queued while the batch before it was being accepted (at most MAX_BATCH) — a
 * group commit with no timer: a quiet book places each ticket alone at once, a busy one amortises
 * over what arrived meanwhile. A batch is:
 *  1. one transaction: the union of the tickets' events (advisory) and markets (FOR UPDATE) locked
 *     in one statement in fixed order (as a single ticket locks them, so a batch and a feed write or
 *     another batch serialise without deadlock), one read of everything decided on, each ticket
 *     decided on its own in arrival order (its own refusal; liability counts the batch's earlier
 *     tickets; a request id seen earlier in the batch or stored already is answered by that ticket),
 *     one insert of every accepted ticket and its legs;
 *  2. one bet batch through the provider protocol for the tickets without a live delay (each the
 *     same provider_money_callback with its stored answer; the provider sends them one by one if the
 *     statement fails);
 *  3. one update opening those whose debit succeeded. The others, and every live ticket (its delay
 *     and second check are per ticket), go back to the caller's own path (ticket.service.ts).
 * If a batch's transaction fails for anything but a refusal, its tickets are run again one each, so
 * one bad ticket never fails the others.
 */
export const PLACEMENT_LANES = 3;
export const MAX_BATCH = 32;

export const marketId = (eventId: string, marketKey: string) => `${eventId}\u0000${marketKey}`;
const CLOSED_EVENT_STATUSES = new Set(['ended', 'cancelled', 'postponed']);

/** deadlock_detected, serialization_failure: a feed write that locked the same markets in another order. */
const RETRYABLE = new Set(['40P01', '40001']);
export async function retried<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

export interface LegCheck {
  eventId: string;
  marketKey: string;
  outcomeId: string;
  slipOdds: bigint;
}
export type AcceptedLeg = LegCheck & { lockedOdds: bigint; oddsVersion: bigint };
type Checked = { ok: true; legs: AcceptedLeg[]; isLive: boolean } | { ok: false; code: ErrorCode };

/** Every leg against the book as locked: market active, event open, outcome active, odds per the policy. */
export function checkLegs(legs: readonly LegCheck[], bookOf: (leg: LegCheck) => MarketNow | undefined, accept: (slip: bigint, now: bigint) => ReturnType<typeof acceptOddsChange>): Checked {
  const out: AcceptedLeg[] = [];
  let isLive = false;
  for (const leg of legs) {
    const now = bookOf(leg);
    if (!now || now.outcome_id === null || now.odds === null) return { ok: false, code: 'sportsbook.market_not_found' };
    if (CLOSED_EVENT_STATUSES.has(now.event_status)) return { ok: false, code: 'sportsbook.event_closed' };
    if (now.market_status !== 'active') return { ok: false, code: now.market_status === 'suspended' ? 'sportsbook.market_suspended' : 'sportsbook.event_closed' };
    if (!now.outcome_active) return { ok: false, code: 'sportsbook.outcome_unavailable' };
    const acceptance = accept(leg.slipOdds, BigInt(now.odds));
    if (!acceptance.ok) return { ok: false, code: acceptance.reason };
    if (now.event_status === 'live') isLive = true;
    out.push({ ...leg, lockedOdds: acceptance.lockedOddsThousandths, oddsVersion: BigInt(now.odds_version) });
  }
  return { ok: true, legs: out, isLive };
}

/** A placement that passed the slip's own rules (ticket.service.ts place). */
export interface PlacementRequest {
  memberId: bigint;
  input: PlaceTicketRequest;
  legs: LegCheck[];
  slip: Ticket;
  betType: BetType;
  stakeCents: bigint;
  totalStakeCents: bigint;
  betCount: number;
  /** The legs' event ids, sorted and distinct. */
  events: string[];
}

/** What the batch did with a placement (a refusal rejects the caller's promise with its AppError). */
export type PlacementOutcome =
  | { kind: 'existing' }
  | {
      kind: 'accepted';
      id: bigint;
      delayed: boolean;
      delayMs: number;
      legs: AcceptedLeg[];
      /** Non-delayed only: the debit's answer (or its failure) and, when it succeeded, the ticket opened. */
      debit?: { result: MoneyCallResult & { transactionId: string }; opened: TicketRow | undefined } | { error: unknown };
    };

type Decision = { kind: 'existing' } | { kind: 'refused'; error: AppError } | { kind: 'accepted'; ticket: NewTicket; legs: AcceptedLeg[]; delayed: boolean; delayMs: number; id?: bigint };

/** The batch's acceptance, inside its transaction: locks, one read, each ticket decided, one insert. */
async function acceptBatch(tx: DbExecutor, requests: readonly PlacementRequest[]): Promise<Decision[]> {
  const events = [...new Set(requests.flatMap((request) => request.events))].sort();
  const allLegs = requests.flatMap((request) => request.legs);
  await lockForPlacement(tx, events, allLegs);
  const now = await readForBatch(tx, requests.map((request) => ({ memberId: request.memberId, requestId: request.input.requestId })), allLegs);
  const { settings } = now;
  const seen = new Set(now.existing);
  // Liability of the batch's tickets accepted so far, on top of what was stored before it.
  const marketAdded = new Map<string, bigint>();
  const eventAdded = new Map<string, bigint>();
  const decisions = requests.map((request): Decision => {
    const { input } = request;
    const key = requestKey(request.memberId, input.requestId);
    // A stored request (a replay, or the same ticket placed at the same time, here or earlier in this batch) answers the first ticket.
    if (seen.has(key)) return { kind: 'existing' };
    if (request.totalStakeCents < settings.min_stake_cents) return { kind: 'refused', error: new AppError('sportsbook.stake_below_minimum', 'stake below the minimum', { minimum: formatCents(settings.min_stake_cents) }) };
    if (request.totalStakeCents > settings.max_stake_cents) return { kind: 'refused', error: new AppError('sportsbook.stake_above_maximum', 'stake above the maximum', { maximum: formatCents(settings.max_stake_cents) }) };
    const checked = checkLegs(request.legs, (leg) => now.book.get(bookKey(leg.eventId, leg.marketKey, leg.outcomeId)), (slipOdds, current) => acceptOddsChange(input.oddsPolicy, slipOdds, current));
    if (!checked.ok) return { kind: 'refused', error: new AppError(checked.code, 'the ticket cannot be accepted') };
    const locked: Ticket = {
      ...request.slip,
      maxPayoutCents: settings.max_payout_cents,
      legs: checked.legs.map((leg) => ({ marketId: marketId(leg.eventId, leg.marketKey), selectionId: leg.outcomeId, oddsThousandths: leg.lockedOdds })),
    };
    const potential = potentialReturn(locked).returnCents;
    for (const leg of request.legs) {
      const id = marketId(leg.eventId, leg.marketKey);
      if ((now.marketLiability.get(id) ?? 0n) + (marketAdded.get(id) ?? 0n) + potential > settings.market_liability_cents) return { kind: 'refused', error: new AppError('sportsbook.limit_exceeded', 'market liability limit') };
    }
    for (const eventId of request.events) {
      if ((now.eventLiability.get(eventId) ?? 0n) + (eventAdded.get(eventId) ?? 0n) + potential > settings.event_liability_cents) return { kind: 'refused', error: new AppError('sportsbook.limit_exceeded', 'event liability limit') };
    }
    for (const leg of request.legs) marketAdded.set(marketId(leg.eventId, leg.marketKey), (marketAdded.get(marketId(leg.eventId, leg.marketKey)) ?? 0n) + potential);
    for (const eventId of request.events) eventAdded.set(eventId, (eventAdded.get(eventId) ?? 0n) + potential);
    seen.add(key);
    const delayed = checked.isLive && settings.live_delay_ms > 0;
    const { betType } = request;
    return {
      kind: 'accepted',
      delayed,
      delayMs: settings.live_delay_ms,
      legs: checked.legs,
      ticket: {
        memberId: request.memberId,
        requestId: input.requestId,
        betType: betType.kind,
        systemSizes: betType.kind === 'system' ? [...betType.sizes] : null,
        systemPreset: betType.kind === 'system_preset' ? betType.preset : null,
        stakeMode: input.stakeMode,
        stakeCents: request.stakeCents,
        totalStakeCents: request.totalStakeCents,
        betCount: request.betCount,
        oddsPolicy: input.oddsPolicy,
        maxPayoutCents: settings.max_payout_cents,
        potentialReturnCents: potential,
        isLive: checked.isLive,
        status: delayed ? 'pending_delay' : 'pending_debit',
        legs: checked.legs,
      },
    };
  });
  const accepted = decisions.filter((decision) => decision.kind === 'accepted');
  if (accepted.length === 0) return decisions;
  const ids = await insertTickets(tx, accepted.map((decision) => decision.ticket));
  return decisions.map((decision) => {
    if (decision.kind !== 'accepted') return decision;
    const id = ids.get(requestKey(decision.ticket.memberId, decision.ticket.requestId));
    // Stored by someone else meanwhile (another process with the same request id): that ticket is the answer.
    return id === undefined ? { kind: 'existing' } : { ...decision, id };
  });
}

interface Pending {
  request: PlacementRequest;
  resolve: (outcome: PlacementOutcome) => void;
  reject: (error: unknown) => void;
}

export function createPlacementBatcher(deps: { db: Db; logger: Logger; money: ProviderMoney; lanes?: number; maxBatch?: number }) {
  const lanes = deps.lanes ?? PLACEMENT_LANES;
  const maxBatch = deps.maxBatch ?? MAX_BATCH;
  const queue: Pending[] = [];

  /** One batch: its acceptance (then `accepted()`, which frees the acceptance stage), its debits and openings. */
  async function run(batch: Pending[], accepted: () => void): Promise<void> {
    let decisions: Decision[];
    try {
      decisions = await retried(() => deps.db.transaction().execute((tx) => acceptBatch(tx, batch.map((each) => each.request))));
    } catch (error) {
      accepted();
      // One ticket's bad input (or anything unforeseen) must not fail the others: each alone.
      if (batch.length > 1) {
        deps.logger.warn({ err: error, tickets: batch.length }, 'sportsbook placement batch failed; placing its tickets one by one');
        await Promise.all(batch.map((each) => run([each], () => undefined)));
      } else batch[0]!.reject(error);
      return;
    }
    accepted();
    const later: Array<() => void> = [];
    const toDebit: Array<{ pending: Pending; decision: Extract<Decision, { kind: 'accepted' }> & { id: bigint } }> = [];
    batch.forEach((pending, index) => {
      const decision = decisions[index]!;
      if (decision.kind === 'refused') pending.reject(decision.error);
      // Answered after the batch's debits and openings, so a duplicate within the batch finds its ticket open.
      else if (decision.kind === 'existing') later.push(() => pending.resolve({ kind: 'existing' }));
      else if (decision.delayed) pending.resolve({ kind: 'accepted', id: decision.id!, delayed: true, delayMs: decision.delayMs, legs: decision.legs });
      else toDebit.push({ pending, decision: decision as typeof decision & { id: bigint } });
    });
    if (toDebit.length > 0) {
      let results: Array<MoneyCallResult & { transactionId: string }> | undefined;
      let failure: unknown;
      try {
        results = await deps.money.debitMany(toDebit.map(({ decision }) => ({ memberId: decision.ticket.memberId, ticketId: decision.id, amount: formatCents(decision.ticket.totalStakeCents) })));
      } catch (error) {
        failure = error;
      }
      let opened = new Map<bigint, TicketRow>();
      if (results) {
        const debits = results.flatMap((result, index) =>
          result.ok ? [{ id: toDebit[index]!.decision.id, betTransactionId: result.transactionId, providerBetId: /^\d+$/.test(result.operatorTransactionId) ? BigInt(result.operatorTransactionId) : null }] : [],
        );
        try {
          opened = await openTickets(deps.db, debits);
        } catch (error) {
          // The stakes are taken; the tickets stay pending_debit and the caller reads them as stored (recovery refunds them if never opened).
          deps.logger.error({ err: error, tickets: debits.length }, 'sportsbook tickets debited but not opened');
        }
      }
      toDebit.forEach(({ pending, decision }, index) => {
        const outcome: PlacementOutcome = { kind: 'accepted', id: decision.id, delayed: false, delayMs: 0, legs: decision.legs };
        outcome.debit = results ? { result: results[index]!, opened: opened.get(decision.id) } : { error: failure };
        pending.resolve(outcome);
      });
    }
    for (const answer of later) answer();
  }

  /**
   * Two stages: one batch at a time in its acceptance (batches touching a big match would queue on
   * its locks anyway), while up to `lanes` accepted batches take their debits and open. The next
   * batch is what queued during the acceptance before it, so batches grow with the load.
   */
  let accepting = false;
  let inFlight = 0;
  function pump(): void {
    if (accepting || inFlight >= lanes || queue.length === 0) return;
    const batch = queue.splice(0, maxBatch);
    accepting = true;
    inFlight += 1;
    let freed = false;
    const accepted = () => {
      if (freed) return;
      freed = true;
      accepting = false;
      pump();
    };
    run(batch, accepted)
      .catch((error: unknown) => {
        for (const each of batch) each.reject(error);
      })
      .finally(() => {
        accepted();
        inFlight -= 1;
        pump();
      });
  }

  return {
    /** Decides the placement in the next batch; resolves with what was done, rejects with its refusal. */
    submit(request: PlacementRequest): Promise<PlacementOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ request, resolve, reject });
        pump();
      });
    },
  };
}

export type PlacementBatcher = ReturnType<typeof createPlacementBatcher>;
