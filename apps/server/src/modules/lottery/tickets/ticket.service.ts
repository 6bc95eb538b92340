import { createHash } from 'node:crypto';
import { AppError, formatCents, parseCents, type ErrorCode } from '@app/kernel';
import type { LotteryFamily, LotteryTicket, PlaceLotteryTicketRequest } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { findGame } from '../games/games.repository.ts';
import { exposurePerNumber } from './exposure.ts';
import { createPlacementBatcher } from './placement-batch.ts';
import type { LotteryMoney, MoneyCallResult } from './provider-money.ts';
import * as repository from './tickets.repository.ts';

/** A ticket still pending_debit this long after it was made was abandoned mid-placement (the recovery job refunds it). */
export const PENDING_GRACE_MS = 2 * 60_000;

export function ticketView(row: repository.TicketRow): LotteryTicket {
  return {
    id: row.id.toString(),
    requestId: row.request_id,
    drawId: row.draw_id.toString(),
    gameCode: row.game_code,
    drawNo: row.draw_no,
    betType: row.bet_type,
    selections: row.selections,
    combinations: row.combinations,
    unitStake: formatCents(BigInt(row.unit_stake_cents)),
    totalStake: formatCents(BigInt(row.total_stake_cents)),
    prizeMode: row.prize_mode,
    odds: row.odds,
    status: row.status,
    refusalCode: row.refusal_code,
    // Shown once settled (its win answered); an intent waiting for payment is not a return yet.
    return: row.settled_at && row.return_cents !== null ? formatCents(BigInt(row.return_cents)) : null,
    hits: row.settled_at ? row.hits : null,
    resettlements: Math.max(0, row.settle_n - 1),
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

/** The request's content, for telling a replay (same hash) from a reused id (another one). */
function requestHash(input: PlaceLotteryTicketRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([input.drawId, input.betType, input.prizeMode ?? null, [...input.selections].sort(), input.unitStake, input.expectedTotal]))
    .digest('hex');
}

/**
 * Ticket placement (issue 24): the request's own shape checked here, then decided in a batch
 * (placement-batch.ts) under the draw's lock, stored before money moves, its stake debited through
 * the provider protocol. A refused debit leaves the ticket refused with its code and nothing taken.
 */
export function createTicketService(deps: { db: Db; logger: Logger; money: LotteryMoney; now: () => Date; placementLanes?: number; placementBatch?: number }) {
  const { db } = deps;
  const batcher = createPlacementBatcher({ db, logger: deps.logger, money: deps.money, now: deps.now, ...(deps.placementLanes ? { lanes: deps.placementLanes } : {}), ...(deps.placementBatch ? { maxBatch: deps.placementBatch } : {}) });

  function answer(row: repository.TicketRow): LotteryTicket {
    if (row.status === 'refused') throw new AppError((row.refusal_code ?? 'lottery.provider_unavailable') as ErrorCode, 'the ticket was refused', { ticketId: row.id.toString() });
    return ticketView(row);
  }

  /** Refuses tickets whose debit did not happen, taking their exposure back. */
  async function refuse(refusals: ReadonlyArray<{ id: bigint; code: ErrorCode }>): Promise<void> {
    const moved = await repository.refuseTickets(db, refusals);
    if (moved.length === 0) return;
    const rows = await repository.findTickets(db, moved);
    const families = new Map<string, LotteryFamily>();
    for (const row of rows) if (!families.has(row.game_code)) families.set(row.game_code, (await findGame(db, row.game_code))!.family);
    await repository.addExposure(
      db,
      rows.flatMap((row) => {
        const cents = exposurePerNumber({ family: families.get(row.game_code)!, betType: row.bet_type, selections: row.selections, unitStakeCents: BigInt(row.unit_stake_cents), odds: row.odds });
        return row.selections.map((number) => ({ drawId: BigInt(row.draw_id), number, cents: -cents, tickets: -1 }));
      }),
    );
  }

  async function refundAndRefuse(row: { id: bigint; member_id: bigint; game_code: string; vendor_code: string }): Promise<boolean> {
    try {
      const [refund] = await deps.money.refundMany([{ memberId: BigInt(row.member_id), ticketId: BigInt(row.id), vendorCode: row.vendor_code, gameCode: row.game_code }]);
      if (!refund!.ok) throw new Error(`rollback refused: ${refund!.status} ${refund!.code}`);
      await refuse([{ id: BigInt(row.id), code: 'lottery.provider_unavailable' }]);
      return true;
    } catch (error) {
      deps.logger.error({ err: error, ticketId: row.id.toString() }, 'lottery refund not delivered; ticket left pending');
      return false;
    }
  }

  async function debitRefused(ticketId: bigint, memberId: bigint, result: Extract<MoneyCallResult, { ok: false }>): Promise<never> {
    if (result.code === 'INSUFFICIENT_FUNDS') {
      await refuse([{ id: ticketId, code: 'lottery.insufficient_funds' }]);
      throw new AppError('lottery.insufficient_funds', 'the balance does not cover the ticket', { ticketId: ticketId.toString() });
    }
    if (result.code === 'PLAYER_BLOCKED' || result.code === 'LIMIT_REACHED') {
      // A responsible-gaming limit (issue 27) has its own message.
      let code: ErrorCode = result.code === 'LIMIT_REACHED' ? 'lottery.limit_reached' : 'lottery.play_refused';
      try {
        if (result.code === 'PLAYER_BLOCKED') await deps.money.assertAgeVerified(memberId);
      } catch {
        code = 'lottery.not_verified';
      }
      await refuse([{ id: ticketId, code }]);
      throw new AppError(code, `bet refused: ${result.code}`, { ticketId: ticketId.toString() });
    }
    const row = (await repository.findTicket(db, { id: ticketId }))!;
    const game = (await findGame(db, row.game_code))!;
    await refundAndRefuse({ id: ticketId, member_id: memberId, game_code: row.game_code, vendor_code: game.vendor_code });
    throw new AppError('lottery.provider_unavailable', `bet refused: ${result.status} ${result.code}`, { ticketId: ticketId.toString() });
  }

  async function place(memberId: bigint, input: PlaceLotteryTicketRequest): Promise<LotteryTicket> {
    const unitStakeCents = parseCents(input.unitStake);
    const expectedTotalCents = parseCents(input.expectedTotal);
    if (unitStakeCents === undefined || unitStakeCents <= 0n || expectedTotalCents === undefined) throw new AppError('lottery.stake_invalid');
    const outcome = await batcher.submit({ memberId, input, requestHash: requestHash(input), unitStakeCents, expectedTotalCents });
    if (outcome.kind === 'existing') return answer((await repository.findTicket(db, { memberId, requestId: input.requestId }))!);
    const { debit } = outcome;
    if ('error' in debit) {
      deps.logger.error({ err: debit.error, ticketId: outcome.id.toString() }, 'lottery debit failed; refunding');
      const row = (await repository.findTicket(db, { id: outcome.id }))!;
      await refundAndRefuse({ id: row.id, member_id: memberId, game_code: row.game_code, vendor_code: (await findGame(db, row.game_code))!.vendor_code });
      throw new AppError('lottery.provider_unavailable', 'the stake could not be taken', { ticketId: outcome.id.toString() });
    }
    if (!debit.result.ok) return debitRefused(outcome.id, memberId, debit.result);
    return ticketView((await repository.findTicket(db, { id: outcome.id }))!);
  }

  async function get(memberId: bigint, id: bigint): Promise<LotteryTicket> {
    const row = await repository.findTicket(db, { id });
    if (!row || BigInt(row.member_id) !== memberId) throw new AppError('lottery.ticket_not_found');
    return ticketView(row);
  }

  async function list(memberId: bigint, query: { status: 'open' | 'settled'; gameCode?: string; limit: number }): Promise<LotteryTicket[]> {
    return (await repository.listTickets(db, memberId, { settled: query.status === 'settled', limit: query.limit, ...(query.gameCode ? { gameCode: query.gameCode } : {}) })).map(ticketView);
  }

  /** Tickets abandoned mid-placement: the bet rolled back (harmless if it never arrived), the ticket refused. */
  async function recoverPending(olderThanMs = PENDING_GRACE_MS, limit = 200): Promise<{ refused: number; stillPending: number }> {
    const counts = { refused: 0, stillPending: 0 };
    for (const row of await repository.stalePending(db, new Date(deps.now().getTime() - olderThanMs), limit)) {
      if (await refundAndRefuse(row)) counts.refused += 1;
      else counts.stillPending += 1;
    }
    return counts;
  }

  return { place, get, list, recoverPending, recent: (memberId: bigint, limit = 10) => repository.recentGames(db, memberId, limit) };
}

export type TicketService = ReturnType<typeof createTicketService>;
