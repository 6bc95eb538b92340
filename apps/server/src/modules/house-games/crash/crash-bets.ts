import { CRASH_GAME_CODE, type CrashMyBet, type CrashPlayer } from '@app/contracts';
import { crashBetFate, crashWin, hundredthsAt } from '@app/house-games';
import { AppError, formatCents, maskName, parseCents } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { HouseSessions } from '../house-session.ts';
import { ProviderUnreachable } from '../provider-client.ts';
import { HOUSE_VENDOR_CODE } from '../slot-tables.ts';
import { crashBetTransaction, crashRoundRef, type CrashClosing } from './crash-closing.ts';
import * as repository from './crash.repository.ts';
import { CRASH_LIMITS, CRASH_TOPIC } from './crash-settings.ts';

export function myBetView(bet: repository.CrashBetRow): CrashMyBet {
  return {
    id: bet.id.toString(),
    roundId: bet.round_id.toString(),
    amount: formatCents(bet.amount),
    autoCashOut: bet.auto_cash_out === null ? null : formatCents(bet.auto_cash_out),
    status: bet.status,
    cashOut: bet.cash_out === null ? null : formatCents(bet.cash_out),
    win: bet.win === null ? null : formatCents(bet.win),
    createdAt: bet.created_at.toISOString(),
  };
}

export function playerView(bet: repository.CrashBetRow, name: string): CrashPlayer {
  return {
    betId: bet.id.toString(),
    name: maskName(name),
    amount: formatCents(bet.amount),
    cashOut: bet.cash_out === null ? null : formatCents(bet.cash_out),
    win: bet.status === 'cashed' && bet.win !== null ? formatCents(bet.win) : null,
  };
}

/**
 * Bets and cash-outs, taken by whichever API process the player reaches. Both are decided under a
 * lock on the round row and by the database's clock, so they agree with the leader (which locks
 * the same row to change phase) on what happened first, whichever process runs the leader.
 */
export function createCrashBets(deps: {
  db: Db;
  logger: Logger;
  bus: EventBus;
  sessions: HouseSessions;
  closing: CrashClosing;
  accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>;
  isPlayable: () => Promise<boolean>;
  cashOf: (memberId: bigint) => Promise<bigint>;
}) {
  const { db } = deps;

  async function announce(bet: repository.CrashBetRow): Promise<void> {
    const names = await deps.accountNamesOf([bet.member_id]);
    await deps.bus.publish(db, { type: 'crash.player', audience: { kind: 'topic', topic: CRASH_TOPIC }, data: { roundId: bet.round_id.toString(), player: playerView(bet, names.get(bet.member_id) ?? '?') } });
  }
  const announceQuietly = (bet: repository.CrashBetRow) => announce(bet).catch((error: unknown) => deps.logger.warn({ err: error }, 'crash player event not published'));

  function parseInput(input: { amount: string; autoCashOut: string | null }) {
    const amount = parseCents(input.amount);
    if (amount === undefined || amount < CRASH_LIMITS.minBet || amount > CRASH_LIMITS.maxBet) {
      throw new AppError('house.bet_invalid', 'the bet is outside the table limits', { field: 'amount', min: formatCents(CRASH_LIMITS.minBet), max: formatCents(CRASH_LIMITS.maxBet) });
    }
    let autoCashOut: bigint | null = null;
    if (input.autoCashOut !== null) {
      const parsed = parseCents(/^\d+$/.test(input.autoCashOut) ? `${input.autoCashOut}.00` : input.autoCashOut.replace(/\.(\d)$/, '.$10'));
      if (parsed === undefined || parsed < CRASH_LIMITS.minAutoCashOut || parsed > CRASH_LIMITS.maxMultiplier) {
        throw new AppError('house.bet_invalid', 'the automatic cash-out is outside the limits', { field: 'autoCashOut', min: formatCents(CRASH_LIMITS.minAutoCashOut), max: formatCents(CRASH_LIMITS.maxMultiplier) });
      }
      autoCashOut = parsed;
    }
    return { amount, autoCashOut };
  }

  /** A bet in the round now open for bets; replaying the requestId answers the same bet. */
  async function placeBet(memberId: bigint, input: { amount: string; autoCashOut: string | null; requestId: string }) {
    const { amount, autoCashOut } = parseInput(input);
    const replayed = await repository.findBetByRequest(db, memberId, input.requestId);
    if (replayed) return replayAnswer(replayed);
    if (!(await deps.isPlayable())) throw new AppError('house.game_unavailable', 'this game is not available now');

    const inserted = await db.transaction().execute(async (tx) => {
      const round = await repository.shareLiveRound(tx);
      if (!round || round.phase !== 'betting' || !round.betting_open) throw new AppError('crash.betting_closed', 'bets are closed for this round');
      const already = await tx.selectFrom('crash_bet').select('id').where('round_id', '=', round.id).where('member_id', '=', memberId).where('status', 'not in', ['failed', 'refunded']).executeTakeFirst();
      if (already) throw new AppError('crash.already_in_round', 'one bet per round');
      return repository.insertBet(tx, { roundId: round.id, memberId, requestId: input.requestId, amount, autoCashOut });
    }).catch((error: unknown) => {
      // Two requests at once: the unique keys answer (same requestId → the replay below; same round → one bet).
      if ((error as { code?: string }).code === '23505') return undefined;
      throw error;
    });
    if (!inserted) {
      const again = await repository.findBetByRequest(db, memberId, input.requestId);
      if (again) return replayAnswer(again);
      throw new AppError('crash.already_in_round', 'one bet per round');
    }

    const call = { playerId: memberId.toString(), transactionId: crashBetTransaction(inserted.id), roundId: crashRoundRef(inserted.round_id), gameCode: CRASH_GAME_CODE, amount: formatCents(amount) };
    let answer;
    try {
      answer = await deps.sessions.bet(HOUSE_VENDOR_CODE, memberId, call);
    } catch (error) {
      await refund(inserted);
      if (error instanceof AppError) throw error;
      if (error instanceof ProviderUnreachable) throw new AppError('house.provider_unavailable', error.message);
      throw error;
    }
    if (!answer.ok) {
      if (answer.code === 'INSUFFICIENT_FUNDS' || answer.code === 'PLAYER_BLOCKED' || answer.code === 'LIMIT_REACHED') {
        await repository.moveBet(db, inserted.id, 'pending', { status: 'failed' });
        if (answer.code === 'INSUFFICIENT_FUNDS') throw new AppError('house.insufficient_funds', 'not enough balance', { balance: answer.balance });
        if (answer.code === 'LIMIT_REACHED') throw new AppError('house.limit_reached', 'bet refused: LIMIT_REACHED');
        throw new AppError('house.play_refused', `bet refused: ${answer.code}`);
      }
      await refund(inserted);
      throw new AppError('house.provider_unavailable', `bet refused: ${answer.status} ${answer.code}`);
    }
    const placed = await repository.moveBet(db, inserted.id, 'pending', { status: 'placed', provider_bet_id: BigInt(answer.body.operatorTransactionId) });
    if (!placed) {
      // The round started before the bet was confirmed: the leader refunded it; make sure the refund lands.
      const current = await repository.findMemberBet(db, memberId, inserted.id);
      if (current?.status === 'refunded') await deps.closing.close(current).catch(() => undefined);
      throw new AppError('crash.betting_closed', 'bets closed before this bet was confirmed');
    }
    await announceQuietly(placed);
    return { bet: myBetView(placed), balance: answer.body.balance };
  }

  /** A pending bet whose call failed or is unknown: refunded (harmless if the bet never arrived). */
  async function refund(bet: repository.CrashBetRow): Promise<void> {
    const refunded = await repository.moveBet(db, bet.id, 'pending', { status: 'refunded' });
    if (!refunded) return;
    await deps.closing.close(refunded).catch((error: unknown) => deps.logger.error({ err: error, betId: bet.id.toString() }, 'crash refund not delivered yet; the leader retries it'));
  }

  async function replayAnswer(bet: repository.CrashBetRow) {
    if (bet.status === 'failed' || bet.status === 'refunded') throw new AppError('house.request_conflict', 'this requestId was already used');
    return { bet: myBetView(bet), balance: await balanceAfter(bet) };
  }

  /** Nothing new moved (a replay, or a win already delivered): the member's balance as it stands. */
  async function balanceAfter(bet: repository.CrashBetRow): Promise<string> {
    return formatCents(await deps.cashOf(bet.member_id));
  }

  /**
   * Cash out now, by the database's clock: the multiplier the curve shows at this instant, unless
   * the bet's automatic target (or the maximum) was reached first, or the round has crashed.
   */
  async function cashOut(memberId: bigint, betId: bigint) {
    const decided = await db.transaction().execute(async (tx) => {
      const bet = await repository.findMemberBet(tx, memberId, betId);
      if (!bet) throw new AppError('crash.bet_not_found', 'no such bet');
      const round = await repository.shareLiveRound(tx, bet.round_id);
      const locked = (await repository.lockBet(tx, memberId, betId))!;
      if (locked.status !== 'placed') return { bet: locked, changed: false };
      if (!round) return { bet: locked, changed: false };
      if (round.phase === 'betting') throw new AppError('crash.not_running', 'the round has not started');
      const now = hundredthsAt(Number(round.elapsed_ms));
      const fate = crashBetFate(locked.auto_cash_out, now, round.crash_point);
      if (fate.kind === 'lost') return { bet: locked, changed: false };
      const at = fate.kind === 'cashed' ? fate.at : now;
      const moved = await repository.moveBet(tx, locked.id, 'placed', { status: 'cashed', cash_out: at, win: crashWin(locked.amount, at) });
      return { bet: moved!, changed: true };
    });
    const { bet } = decided;
    // Still placed here means the curve had passed the crash point (the leader marks it lost).
    if (bet.status === 'placed' || bet.status === 'lost') throw new AppError('crash.too_late', 'the round crashed before the cash-out');
    if (bet.status !== 'cashed') throw new AppError('crash.bet_not_found', 'this bet is not in a round');
    if (decided.changed) await announceQuietly(bet);
    let balance: string | null = null;
    try {
      balance = (await deps.closing.close(bet)) ?? (await balanceAfter(bet));
    } catch (error) {
      // Decided and recorded: the leader's sweep delivers the win with the same transaction id.
      deps.logger.error({ err: error, betId: bet.id.toString() }, 'crash win not delivered yet');
    }
    return { bet: myBetView(bet), balance };
  }

  return { placeBet, cashOut, announce: announceQuietly };
}

export type CrashBets = ReturnType<typeof createCrashBets>;
