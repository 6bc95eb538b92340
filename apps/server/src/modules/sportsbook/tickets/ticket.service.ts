import { AppError, formatCents, parseCents, type ErrorCode } from '@app/kernel';
import type { PlaceTicketRequest, SportsbookTicket } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { acceptOddsChange, isSystemPreset, validateTicket, type BetType, type Ticket } from '../domain/index.ts';
import { checkLegs, createPlacementBatcher, marketId, retried, type LegCheck } from './placement-batch.ts';
import type { MoneyCallResult, ProviderMoney } from './provider-money.ts';
import * as repository from './ticket.repository.ts';
import { settlementsOf } from './settlement.repository.ts';

const OPEN_STATUSES = ['pending_delay', 'pending_debit', 'open'] as const;
const SETTLED_STATUSES = ['won', 'partially_won', 'lost', 'void', 'cashed_out'] as const;
/** A ticket still pending this long after it was made was abandoned mid-placement (the recovery job refunds it). */
export const PENDING_GRACE_MS = 2 * 60_000;

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
export function createTicketService(deps: { db: Db; logger: Logger; money: ProviderMoney; sleep?: (ms: number) => Promise<void>; placementLanes?: number; placementBatch?: number }) {
  const { db } = deps;
  const batcher = createPlacementBatcher({ db, logger: deps.logger, money: deps.money, ...(deps.placementLanes ? { lanes: deps.placementLanes } : {}), ...(deps.placementBatch ? { maxBatch: deps.placementBatch } : {}) });
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
      // After a cash-out: what it paid and the stake still in play (floored, as the cash-out quotes it).
      ...(row.cashed_out_cents > 0n
        ? {
            cashedOut: formatCents(row.cashed_out_cents),
            remainingStake: formatCents(
              row.status === 'cashed_out'
                ? 0n
                : row.remaining_share_num !== null && row.remaining_share_den !== null
                  ? (row.total_stake_cents * BigInt(row.remaining_share_num)) / BigInt(row.remaining_share_den)
                  : row.total_stake_cents,
            ),
          }
        : {}),
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
        (leg) => book.get(marketId(leg.eventId, leg.marketKey)),
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
      return debitFailed(ticketId, memberId, error);
    }
    if (result.ok) {
      const operatorId = /^\d+$/.test(result.operatorTransactionId) ? BigInt(result.operatorTransactionId) : null;
      return repository.openTicket(db, ticketId, { bet_transaction_id: result.transactionId, provider_bet_id: operatorId });
    }
    return debitRefused(ticketId, memberId, result);
  }

  async function debitFailed(ticketId: bigint, memberId: bigint, error: unknown): Promise<never> {
    deps.logger.error({ err: error, ticketId: ticketId.toString() }, 'sportsbook debit failed; refunding');
    await refundAndRefuse(ticketId, memberId);
    throw new AppError('sportsbook.provider_unavailable', 'the stake could not be taken', { ticketId: ticketId.toString() });
  }

  /** A refused debit (alone or in a batch): the ticket refused with its reason, an unknown answer refunded first. */
  async function debitRefused(ticketId: bigint, memberId: bigint, result: Extract<MoneyCallResult, { ok: false }>): Promise<never> {
    if (result.code === 'INSUFFICIENT_FUNDS') return refuse(ticketId, 'pending_debit', 'sportsbook.insufficient_funds');
    if (result.code === 'PLAYER_BLOCKED' || result.code === 'LIMIT_REACHED') {
      // A responsible-gaming limit (issue 27) has its own message.
      const code = result.code === 'LIMIT_REACHED' ? 'sportsbook.limit_reached' : 'sportsbook.play_refused';
      await repository.moveTicket(db, ticketId, 'pending_debit', { status: 'refused', refusal_code: code });
      // The protocol says only PLAYER_BLOCKED; the member is told when it is their missing identity.
      if (result.code === 'PLAYER_BLOCKED') await deps.money.assertAgeVerified(memberId);
      throw new AppError(code, `bet refused: ${result.code}`, { ticketId: ticketId.toString() });
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
   * The slip's own rules here; then the placement joins a batch (placement-batch.ts): locked,
   * decided, stored and — without a live delay — debited and opened with the other tickets of its
   * batch. A live ticket leaves the batch stored as pending_delay and finishes here on its own.
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

    const outcome = await batcher.submit({ memberId, input, legs, slip, betType, stakeCents, totalStakeCents: plan.totalStakeCents, betCount: plan.betCount, events });
    // The same request id placed before or at the same time: the first one's ticket is the answer.
    if (outcome.kind === 'existing') return answer((await repository.findTicket(db, { memberId, requestId: input.requestId }))!);

    if (outcome.delayed) {
      await sleep(outcome.delayMs);
      const refusal = await confirmAfterDelay(outcome.id);
      if (refusal) throw new AppError(refusal, 'the ticket was refused after the live delay', { ticketId: outcome.id.toString() });
      await debit(outcome.id, memberId, plan.totalStakeCents);
      // The delay's check may have moved the legs' odds versions: the ticket as stored.
      return view((await repository.findTicket(db, { id: outcome.id }))!);
    }
    const debited = outcome.debit!;
    if ('error' in debited) return debitFailed(outcome.id, memberId, debited.error);
    if (!debited.result.ok) return debitRefused(outcome.id, memberId, debited.result);
    const row = debited.opened ?? (await repository.findTicket(db, { id: outcome.id }))!;
    return toView(
      row,
      outcome.legs.map((leg, index) => ({ ticket_id: row.id, leg_index: index, event_id: leg.eventId, market_key: leg.marketKey, outcome_id: leg.outcomeId, slip_odds: leg.slipOdds, locked_odds: leg.lockedOdds, odds_version: leg.oddsVersion })),
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
