import { AppError, formatCents } from '@app/kernel';
import type { LiveBetRequest, LiveBetResponse, LiveMyBet } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { LiveMoney, MoneyCallResult } from '../money/live-money.ts';

type StakeAnswer = { result: MoneyCallResult; placed: boolean };
import type { LiveClosing } from '../rounds/closing.ts';
import type { LiveTableRow } from '../tables/tables.repository.ts';
import * as repository from './bets.repository.ts';
import { createBetBatcher } from './placement-batch.ts';
import { parseChips } from './validate-chips.ts';

export function myBetView(bet: repository.LiveBetRow): LiveMyBet {
  return {
    id: bet.id.toString(),
    roundId: bet.round_id.toString(),
    chips: bet.chips.map((chip) => ({ spot: chip.spot, amount: formatCents(BigInt(chip.amount)), win: chip.win === undefined ? null : formatCents(BigInt(chip.win)) })),
    amount: formatCents(bet.amount),
    status: bet.status,
    win: bet.win === null ? null : formatCents(bet.win),
    createdAt: bet.created_at.toISOString(),
  };
}

/** A batch's stakes in one handleMany, and the debited ones to placed in one update. */
function createStake(db: Db, money: LiveMoney) {
  return async (bets: readonly repository.LiveBetRow[]): Promise<StakeAnswer[]> => {
    const answers = await money.debitMany(bets.map((bet) => ({ memberId: bet.member_id, betId: bet.id, roundId: bet.round_id, gameCode: bet.table_code, amount: formatCents(bet.amount) })));
    const placed = await repository.markPlaced(
      db,
      bets.flatMap((bet, index) => {
        const answer = answers[index]!;
        return answer.ok ? [{ id: bet.id, providerBetId: BigInt(answer.operatorTransactionId) }] : [];
      }),
    );
    return answers.map((result, index) => ({ result, placed: placed.has(bets[index]!.id) }));
  };
}

/**
 * Bets (any API process): checked against the table (spots, amounts), decided in a batch under
 * the round's share lock by the database clock (placement-batch.ts), stored pending before money
 * moves, staked through the provider protocol as vendor LIVE, then placed. A bet the leader
 * refunded at the close while its stake was in flight is rolled back and answered betting_closed.
 */
export function createBetService(deps: { db: Db; logger: Logger; money: LiveMoney; closing: LiveClosing; table: (code: string) => Promise<LiveTableRow>; cashOf: (memberId: bigint) => Promise<bigint>; onPlaced: (tableCode: string, roundId: bigint) => void; maxBatch?: number }) {
  const { db } = deps;
  const batcher = createBetBatcher({ db, logger: deps.logger, stake: createStake(db, deps.money), ...(deps.maxBatch ? { maxBatch: deps.maxBatch } : {}) });

  async function replay(bet: repository.LiveBetRow): Promise<LiveBetResponse> {
    if (bet.status === 'failed' || bet.status === 'refunded') throw new AppError('live.request_conflict', 'this requestId was already used');
    return { bet: myBetView(bet), balance: formatCents(await deps.cashOf(bet.member_id)) };
  }

  async function undo(bet: repository.LiveBetRow): Promise<void> {
    const [refunded] = await repository.moveBets(db, [bet.id], 'pending', 'refunded');
    const current = refunded ?? (await repository.findByRequests(db, [{ memberId: bet.member_id, requestId: bet.request_id }]))[0];
    if (current?.status === 'refunded') await deps.closing.close([current]).catch((error: unknown) => deps.logger.error({ err: error, betId: bet.id.toString() }, 'live refund not delivered yet; the sweep retries'));
  }

  async function place(memberId: bigint, tableCode: string, input: LiveBetRequest): Promise<LiveBetResponse> {
    const table = await deps.table(tableCode);
    const stakes = parseChips(table.game, input.chips);
    const decision = await batcher.submit({ memberId, tableCode, roundId: BigInt(input.roundId), requestId: input.requestId, limits: table.limits, stakes });
    if (decision.kind === 'refused') throw decision.error;
    if (decision.kind === 'existing') return replay(decision.bet);
    const bet = decision.bet;
    if (!decision.staked.ok) {
      deps.logger.error({ err: decision.staked.error, betId: bet.id.toString() }, 'live stake failed; refunding');
      await undo(bet);
      throw new AppError('live.provider_unavailable', 'the stake could not be taken');
    }
    const { result: answer, placed } = decision.staked.value;
    if (!answer.ok) {
      if (answer.code === 'INSUFFICIENT_FUNDS' || answer.code === 'PLAYER_BLOCKED' || answer.code === 'LIMIT_REACHED') {
        await repository.moveBets(db, [bet.id], 'pending', 'failed');
        if (answer.code === 'INSUFFICIENT_FUNDS') throw new AppError('live.insufficient_funds', 'not enough balance', { balance: answer.balance ?? formatCents(await deps.cashOf(memberId)) });
        if (answer.code === 'LIMIT_REACHED') throw new AppError('live.limit_reached', 'bet refused: LIMIT_REACHED');
        throw new AppError('live.play_refused', `bet refused: ${answer.code}`);
      }
      await undo(bet);
      throw new AppError('live.provider_unavailable', `bet refused: ${answer.status} ${answer.code}`);
    }
    if (!placed) {
      // The window closed while the stake was in flight: the leader refunded it; make sure the rollback lands.
      await undo(bet);
      throw new AppError('live.betting_closed', 'bets closed before this bet was confirmed');
    }
    deps.onPlaced(tableCode, bet.round_id);
    return { bet: myBetView({ ...bet, status: 'placed' }), balance: answer.balance };
  }

  return { place };
}

export type BetService = ReturnType<typeof createBetService>;
