import { AppError, formatCents, parseCents, type ErrorCode } from '@app/kernel';
import type { PlaceTicketRequest, SportsbookTicket } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { acceptOddsChange, isSystemPreset, potentialReturn, validateTicket, type BetType, type Ticket } from '../domain/index.ts';
import type { ProviderMoney } from './provider-money.ts';
import * as repository from './ticket.repository.ts';
import { settlementsOf } from './settlement.repository.ts';

const CLOSED_EVENT_STATUSES = new Set(['ended', 'cancelled', 'postponed']);
const OPEN_STATUSES = ['pending_delay', 'pending_debit', 'open'] as const;
const SETTLED_STATUSES = ['won', 'partially_won', 'lost', 'void', 'cashed_out'] as const;
/** A ticket still pending this long after it was made was abandoned mid-placement (the recovery job refunds it). */
export const PENDING_GRACE_MS = 2 * 60_000;

const marketId = (eventId: string, marketKey: string) => `${eventId}\u0000${marketKey}`;

/** deadlock_detected, serialization_failure: a feed write that locked the same markets in another order. */
const RETRYABLE = new Set(['40P01', '40001']);
async function retried<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

interface LegCheck {
  eventId: string;
  marketKey: string;
  outcomeId: string;
  slipOdds: bigint;
}

type Checked = { ok: true; legs: Array<LegCheck & { lockedOdds: bigint; oddsVersion: bigint }>; isLive: boolean } | { ok: false; code: ErrorCode };

/** Every leg against the book as locked: market active, event open, outcome active, odds per the policy. */
function checkLegs(legs: readonly LegCheck[], book: Map<string, repository.MarketNow>, accept: (slip: bigint, now: bigint) => ReturnType<typeof acceptOddsChange>): Checked {
  const out: Array<LegCheck & { lockedOdds: bigint; oddsVersion: bigint }> = [];
  let isLive = false;
  for (const leg of legs) {
    const now = book.get(marketId(leg.eventId, leg.marketKey));
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

function betTypeOf(input: PlaceTicketRequest['betType']): BetType {
  switch (input.kind) {
    case 'single':
    case 'accumulator':
      return { kind: input.kind };
    case 'system':
      return { kind: 'system', sizes: input.sizes };
    case 'system_preset':
      if (!isSystemPreset(input.preset)) throw new AppError('sportsbook.system_sizes_invalid');
      return { kind: 'system_preset', preset: input.preset };
  }
}

function betTypeView(row: repository.TicketRow): SportsbookTicket['betType'] {
  if (row.bet_type === 'system') return { kind: 'system', sizes: row.system_sizes ?? [] };
  if (row.bet_type === 'system_preset') return { kind: 'system_preset', preset: row.system_preset as 'yankee' };
  return { kind: row.bet_type as 'single' | 'accumulator' };
}

/**
 * Ticket placement (issue 23): the slip validated by the domain, checked and accepted against the
 * book under the markets' locks, stored before any money moves, a live ticket held for the
 * acceptance delay and checked again, then its stake debited through the provider protocol as
 * vendor SPORTSBOOK. A refused or unknown debit leaves the ticket refused and nothing taken.
 */
export function createTicketService(deps: { db: Db; logger: Logger; money: ProviderMoney; sleep?: (ms: number) => Promise<void> }) {
  const { db } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function view(row: repository.TicketRow): Promise<SportsbookTicket> {
    const legs = await repository.legsOf(db, [row.id]);
    return toView(row, legs);
  }

  function toView(row: repository.TicketRow, legs: Awaited<ReturnType<typeof repository.legsOf>>): SportsbookTicket {
    return {
      id: row.id.toString(),
      requestId: row.request_id,
      status: row.status as SportsbookTicket['status'],
      refusalCode: row.refusal_code,
      betType: betTypeView(row),
      stakeMode: row.stake_mode as 'unit' | 'total',
      stake: formatCents(row.stake_cents),
      totalStake: formatCents(row.total_stake_cents),
      betCount: row.bet_count,
      oddsPolicy: row.odds_policy as 'none' | 'any' | 'higher',
      maxPayout: formatCents(row.max_payout_cents),
      potentialReturn: formatCents(row.potential_return_cents),
      isLive: row.is_live,
      createdAt: row.created_at.toISOString(),
      acceptedAt: row.accepted_at ? row.accepted_at.toISOString() : null,
      // The return once the ticket is settled (its win paid); before that the stored intent is not shown.
      return: row.settled_at && row.return_cents !== null ? formatCents(BigInt(row.return_cents)) : null,
      settledAt: row.settled_at ? row.settled_at.toISOString() : null,
      needsResettlement: row.needs_resettlement,
      legs: legs
        .filter((leg) => leg.ticket_id === row.id)
        .map((leg) => ({ eventId: leg.event_id, marketKey: leg.market_key, outcomeId: leg.outcome_id, odds: Number(leg.locked_odds), oddsVersion: leg.odds_version.toString() })),
    };
  }

  /** The answer for a stored ticket: a refused one is its translated refusal, whoever asks again. */
  async function answer(row: repository.TicketRow): Promise<SportsbookTicket> {
    if (row.status === 'refused') throw new AppError((row.refusal_code ?? 'sportsbook.provider_unavailable') as ErrorCode, 'the ticket was refused', { ticketId: row.id.toString() });
    return view(row);
  }

  async function refuse(id: bigint, from: string, code: ErrorCode): Promise<never> {
    await repository.moveTicket(db, id, from, { status: 'refused', refusal_code: code });
    throw new AppError(code, 'the ticket was refused', { ticketId: id.toString() });
  }

  /** After the live delay: the same markets locked in the same order, the locked odds must still be on offer. */
  async function confirmAfterDelay(ticketId: bigint): Promise<ErrorCode | undefined> {
    return retried(() => db.transaction().execute(async (tx) => {
      const legs = await repository.legsOf(tx, [ticketId]);
      const book = await repository.lockLegMarkets(tx, legs.map((leg) => ({ eventId: leg.event_id, marketKey: leg.market_key, outcomeId: leg.outcome_id })));
      // The odds locked at acceptance must be the ones offered now: no policy takes a change here.
      const checked = checkLegs(
        legs.map((leg) => ({ eventId: leg.event_id, marketKey: leg.market_key, outcomeId: leg.outcome_id, slipOdds: leg.locked_odds })),
        book,
        (slip, now) => acceptOddsChange('none', slip, now),
      );
      if (!checked.ok) {
        await repository.moveTicket(tx, ticketId, 'pending_delay', { status: 'refused', refusal_code: checked.code });
        return checked.code;
      }
      await repository.updateLegVersions(tx, ticketId, checked.legs.map((leg, legIndex) => ({ legIndex, oddsVersion: leg.oddsVersion })));
      if (!(await repository.moveTicket(tx, ticketId, 'pending_delay', { status: 'pending_debit', accepted: true }))) return 'sportsbook.provider_unavailable';
      return undefined;
    }));
  }

  /** The stake through the provider protocol; the ticket opens, or is refused with nothing taken. */
  async function debit(ticketId: bigint, memberId: bigint, totalStakeCents: bigint): Promise<repository.TicketRow | undefined> {
    let result;
    try {
      result = await deps.money.debit(memberId, ticketId, formatCents(totalStakeCents));
    } catch (error) {
      deps.logger.error({ err: error, ticketId: ticketId.toString() }, 'sportsbook debit failed; refunding');
      await refundAndRefuse(ticketId, memberId);
      throw new AppError('sportsbook.provider_unavailable', 'the stake could not be taken', { ticketId: ticketId.toString() });
    }
    if (result.ok) {
      const operatorId = /^\d+$/.test(result.operatorTransactionId) ? BigInt(result.operatorTransactionId) : null;
      return repository.openTicket(db, ticketId, { bet_transaction_id: result.transactionId, provider_bet_id: operatorId });
    }
    if (result.code === 'INSUFFICIENT_FUNDS') return refuse(ticketId, 'pending_debit', 'sportsbook.insufficient_funds');
    if (result.code === 'PLAYER_BLOCKED' || result.code === 'LIMIT_REACHED') {
      await repository.moveTicket(db, ticketId, 'pending_debit', { status: 'refused', refusal_code: 'sportsbook.play_refused' });
      // The protocol says only PLAYER_BLOCKED; the member is told when it is their missing identity.
      if (result.code === 'PLAYER_BLOCKED') await deps.money.assertAgeVerified(memberId);
      throw new AppError('sportsbook.play_refused', `bet refused: ${result.code}`, { ticketId: ticketId.toString() });
    }
    // Unknown: the bet may or may not have been applied; refund it, then refuse.
    await refundAndRefuse(ticketId, memberId);
    throw new AppError('sportsbook.provider_unavailable', `bet refused: ${result.status} ${result.code}`, { ticketId: ticketId.toString() });
  }

  async function refundAndRefuse(ticketId: bigint, memberId: bigint): Promise<boolean> {
    try {
      const refund = await deps.money.refund(memberId, ticketId);
      if (!refund.ok) throw new Error(`rollback refused: ${refund.status} ${refund.code}`);
      await repository.moveTicket(db, ticketId, 'pending_debit', { status: 'refused', refusal_code: 'sportsbook.provider_unavailable' });
      return true;
    } catch (error) {
      // Left pending: the recovery job refunds it later.
      deps.logger.error({ err: error, ticketId: ticketId.toString() }, 'sportsbook refund not delivered; ticket left pending');
      return false;
    }
  }

  /**
   * Five statements before the debit (begin, locks, one read of everything decided on, one insert of
   * the ticket and its legs, commit) and one after (the ticket opened, answered from what it returns).
   */
  async function place(memberId: bigint, input: PlaceTicketRequest): Promise<SportsbookTicket> {
    const stakeCents = parseCents(input.stake);
    if (stakeCents === undefined) throw new AppError('sportsbook.stake_invalid');
    const legs: LegCheck[] = input.legs.map((leg) => ({ eventId: leg.eventId, marketKey: leg.marketKey, outcomeId: leg.outcomeId, slipOdds: BigInt(leg.odds) }));
    const betType = betTypeOf(input.betType);
    // The slip's own rules need no setting (the maximum payout only caps the return, counted under the locks).
    const slip: Ticket = {
      legs: legs.map((leg) => ({ marketId: marketId(leg.eventId, leg.marketKey), selectionId: leg.outcomeId, oddsThousandths: leg.slipOdds })),
      betType,
      stakeMode: input.stakeMode,
      stakeCents,
      maxPayoutCents: 1n,
    };
    const validation = validateTicket(slip);
    if (!validation.ok) throw new AppError(validation.issues[0]!.code, 'the ticket is not valid', { issues: validation.issues.map((issue) => ({ code: issue.code, ...(issue.legIndex === undefined ? {} : { legIndex: issue.legIndex }) })) });
    const { plan } = validation;
    const events = [...new Set(legs.map((leg) => leg.eventId))].sort();

    const accepted = await retried(() => db.transaction().execute(async (tx) => {
      await repository.lockForPlacement(tx, events, legs);
      const now = await repository.readForPlacement(tx, memberId, input.requestId, legs);
      // A stored request (a replay, or the same ticket placed at the same time that waited here for
      // the first one's locks) answers the first ticket rather than checking again.
      if (now.existing) return undefined;
      const { settings } = now;
      if (plan.totalStakeCents < settings.min_stake_cents) throw new AppError('sportsbook.stake_below_minimum', 'stake below the minimum', { minimum: formatCents(settings.min_stake_cents) });
      if (plan.totalStakeCents > settings.max_stake_cents) throw new AppError('sportsbook.stake_above_maximum', 'stake above the maximum', { maximum: formatCents(settings.max_stake_cents) });
      const checked = checkLegs(legs, now.book, (slipOdds, current) => acceptOddsChange(input.oddsPolicy, slipOdds, current));
      if (!checked.ok) throw new AppError(checked.code, 'the ticket cannot be accepted');
      const locked: Ticket = {
        ...slip,
        maxPayoutCents: settings.max_payout_cents,
        legs: checked.legs.map((leg) => ({ marketId: marketId(leg.eventId, leg.marketKey), selectionId: leg.outcomeId, oddsThousandths: leg.lockedOdds })),
      };
      const potential = potentialReturn(locked).returnCents;
      for (const leg of legs) {
        if ((now.marketLiability.get(marketId(leg.eventId, leg.marketKey)) ?? 0n) + potential > settings.market_liability_cents) throw new AppError('sportsbook.limit_exceeded', 'market liability limit');
      }
      for (const eventId of events) {
        if ((now.eventLiability.get(eventId) ?? 0n) + potential > settings.event_liability_cents) throw new AppError('sportsbook.limit_exceeded', 'event liability limit');
      }
      const delayed = checked.isLive && settings.live_delay_ms > 0;
      const id = await repository.insertTicket(tx, {
        memberId,
        requestId: input.requestId,
        betType: betType.kind,
        systemSizes: betType.kind === 'system' ? [...betType.sizes] : null,
        systemPreset: betType.kind === 'system_preset' ? betType.preset : null,
        stakeMode: input.stakeMode,
        stakeCents,
        totalStakeCents: plan.totalStakeCents,
        betCount: plan.betCount,
        oddsPolicy: input.oddsPolicy,
        maxPayoutCents: settings.max_payout_cents,
        potentialReturnCents: potential,
        isLive: checked.isLive,
        status: delayed ? 'pending_delay' : 'pending_debit',
        legs: checked.legs,
      });
      return id === undefined ? undefined : { id, delayed, delayMs: settings.live_delay_ms, legs: checked.legs };
    }));
    // The same request id placed before or at the same time: the first one's ticket is the answer.
    if (!accepted) return answer((await repository.findTicket(db, { memberId, requestId: input.requestId }))!);

    if (accepted.delayed) {
      await sleep(accepted.delayMs);
      const refusal = await confirmAfterDelay(accepted.id);
      if (refusal) throw new AppError(refusal, 'the ticket was refused after the live delay', { ticketId: accepted.id.toString() });
      await debit(accepted.id, memberId, plan.totalStakeCents);
      // The delay's check may have moved the legs' odds versions: the ticket as stored.
      return view((await repository.findTicket(db, { id: accepted.id }))!);
    }
    const opened = await debit(accepted.id, memberId, plan.totalStakeCents);
    const row = opened ?? (await repository.findTicket(db, { id: accepted.id }))!;
    return toView(
      row,
      accepted.legs.map((leg, index) => ({ ticket_id: row.id, leg_index: index, event_id: leg.eventId, market_key: leg.marketKey, outcome_id: leg.outcomeId, slip_odds: leg.slipOdds, locked_odds: leg.lockedOdds, odds_version: leg.oddsVersion })),
    );
  }

  async function get(memberId: bigint, id: bigint): Promise<SportsbookTicket> {
    const row = await repository.findTicket(db, { id });
    if (!row || row.member_id !== memberId) throw new AppError('sportsbook.ticket_not_found');
    // The ticket's settlements (its resettlement history), on the one-ticket read only.
    const settlements = (await settlementsOf(db, id)).map((each) => ({
      n: each.n,
      status: each.status as 'won' | 'partially_won' | 'lost' | 'void',
      return: formatCents(BigInt(each.return_cents)),
      paidAt: each.paid_at?.toISOString() ?? null,
      reversedAt: each.reversed_at?.toISOString() ?? null,
      reversed: each.reversal_transaction_id !== null,
    }));
    // Absent before the first settlement, so an open ticket reads as it was placed.
    return settlements.length > 0 ? { ...(await view(row)), settlements } : view(row);
  }

  async function list(memberId: bigint, status: 'open' | 'settled', limit: number): Promise<SportsbookTicket[]> {
    const rows = await repository.listTickets(db, memberId, status === 'open' ? OPEN_STATUSES : SETTLED_STATUSES, limit);
    const legs = await repository.legsOf(db, rows.map((row) => row.id));
    return rows.map((row) => toView(row, legs));
  }

  /**
   * Tickets abandoned mid-placement (the process stopped): one still in its delay never took money
   * and is refused; one waiting for its debit has the bet rolled back (harmless if it never arrived)
   * and is refused. Answers the counts.
   */
  async function recoverPending(olderThanMs = PENDING_GRACE_MS, limit = 200): Promise<{ refused: number; stillPending: number }> {
    const rows = await repository.stalePending(db, new Date(Date.now() - olderThanMs), limit);
    const counts = { refused: 0, stillPending: 0 };
    for (const row of rows) {
      if (row.status === 'pending_delay') {
        if (await repository.moveTicket(db, row.id, 'pending_delay', { status: 'refused', refusal_code: 'sportsbook.provider_unavailable' })) counts.refused += 1;
      } else if (await refundAndRefuse(row.id, row.member_id)) {
        counts.refused += 1;
      } else {
        counts.stillPending += 1;
      }
    }
    return counts;
  }

  return { place, get, list, recoverPending };
}

export type TicketService = ReturnType<typeof createTicketService>;
