import type { MinesPlayResponse, MinesTable } from '@app/contracts';
import { isCell, isMineCount, MINES_CELLS, MINES_COUNT_RANGE, MINES_GAME, minesMultiplier, newMinesBoard, revealCell, type MinesBoard } from '@app/house-games';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { RoundRow } from '../house-games.repository.ts';
import { MINI_BET } from '../house-games.service.ts';
import type { PaidRounds } from '../paid-round.ts';
import { HOUSE_VENDOR_CODE, type CatalogueGame } from '../slot-tables.ts';
import * as repository from './mines.repository.ts';
import { isStoredMinesOutcome, MINES_MAX_WIN, minesPayout, minesRoundView, storedOutcome, type StoredMinesOutcome } from './mines-view.ts';

const TARGET = { vendor: HOUSE_VENDOR_CODE, gameCode: MINES_GAME.code } as const;

/** What a move did: the round as it is now, and whether it closed it (its win is then to be delivered). */
interface Move {
  row: RoundRow;
  outcome: StoredMinesOutcome;
  closed: boolean;
}

/**
 * Mines on the house game server. The board is fixed by the round's seeds when the round starts
 * (bet through the provider API like every house round); reveals and the cash-out then change only
 * the stored round, each under a lock on its row, so two requests never both close it. A round
 * that closes (cash-out, a mine, the last safe cell) gets its closing win delivered like any
 * other round: 0 for a mine, bet × multiplier otherwise.
 */
export function createMinesService(deps: {
  db: Db;
  logger: Logger;
  rounds: PaidRounds;
  minSpinIntervalMs: number;
  catalogueGame: (vendor: string, gameCode: string) => Promise<CatalogueGame | undefined>;
}) {
  const { db, rounds } = deps;

  async function catalogueEntry(): Promise<CatalogueGame> {
    const entry = await deps.catalogueGame(HOUSE_VENDOR_CODE, MINES_GAME.code);
    if (!entry) throw new AppError('house.game_not_found', 'no such game');
    return entry;
  }

  function outcomeOf(row: RoundRow): StoredMinesOutcome {
    if (!isStoredMinesOutcome(row.outcome)) throw new Error(`house round ${row.id} is not a Mines round`);
    return row.outcome;
  }

  /** Limits, RTP and the member's round in progress (opening the game resumes it). */
  async function table(memberId: bigint): Promise<MinesTable> {
    const entry = await catalogueEntry();
    const current = await repository.findPlayingRound(db, memberId);
    return {
      gameCode: MINES_GAME.code,
      names: MINES_GAME.name,
      minBet: formatCents(MINI_BET.min),
      maxBet: formatCents(MINI_BET.max),
      rtp: 99,
      mineCounts: { min: MINES_COUNT_RANGE.min, max: MINES_COUNT_RANGE.max },
      cells: MINES_CELLS,
      minSpinIntervalMs: deps.minSpinIntervalMs,
      playable: entry.playable,
      // A round whose bet is not confirmed yet cannot be played; the settle job refunds it if it never is.
      current: current?.bet_transaction_id ? minesRoundView(current, outcomeOf(current)) : null,
    };
  }

  /** Takes the bet and fixes the board; one round in progress per member. */
  async function start(memberId: bigint, input: { amount: string; mines: number; requestId: string }): Promise<MinesPlayResponse> {
    if (!(await catalogueEntry()).playable) throw new AppError('house.game_unavailable', 'this game is not available now');
    if (!isMineCount(input.mines)) throw new AppError('house.mines_invalid', 'choose 1 to 24 mines', { field: 'mines', ...MINES_COUNT_RANGE });
    const bet = parseCents(input.amount);
    if (bet === undefined || bet < MINI_BET.min || bet > MINI_BET.max) throw new AppError('house.bet_invalid', 'the bet is outside the table limits', { field: 'amount', min: formatCents(MINI_BET.min), max: formatCents(MINI_BET.max) });

    const target = { ...TARGET, requestId: input.requestId };
    const guard = async (tx: DbExecutor) => {
      const current = await repository.findPlayingRound(tx, memberId);
      if (current) throw new AppError('house.round_in_progress', 'a Mines round is in progress', { roundId: current.id.toString() });
    };
    const taken = await rounds.takeRound(memberId, target, (stream) => ({ outcome: storedOutcome(bet, newMinesBoard(stream, input.mines)), bet, win: 0n }), { status: 'playing', guard });
    const balance = await rounds.placeBet(memberId, target, taken);
    const view = minesRoundView({ id: taken.id, bet, status: 'playing', server_seed_hash: taken.fairness.serverSeedHash, client_seed: taken.fairness.clientSeed, nonce: taken.fairness.nonce }, taken.outcome);
    return { round: view, balance };
  }

  /**
   * One move under the round's row lock: `move` answers the next board, or undefined when the
   * request changes nothing (a replay), which then answers the round as it is. A board that is
   * cashed out or lost moves the round to 'open' with its win fixed; a refunded one stays
   * 'playing' until its rollback lands (which marks it failed), so no win is ever sent for it.
   */
  async function play(memberId: bigint, roundId: string, move: (board: MinesBoard, row: RoundRow) => MinesBoard | undefined): Promise<Move> {
    return db.transaction().execute(async (tx) => {
      const row = await repository.lockMinesRound(tx, memberId, BigInt(roundId));
      // A round whose bet was never confirmed was never the player's to play.
      if (!row || (row.status === 'playing' && !row.bet_transaction_id)) throw new AppError('house.round_not_found', 'no such round');
      const outcome = outcomeOf(row);
      const next = row.status === 'playing' ? move(outcome.result, row) : undefined;
      if (!next) return { row, outcome, closed: false };
      const nextOutcome = storedOutcome(row.bet, next);
      const closed = next.state === 'cashed_out' || next.state === 'lost';
      const status = closed ? 'open' : 'playing';
      const win = parseCents(nextOutcome.win)!;
      await repository.saveBoard(tx, row.id, { outcome: nextOutcome, win, status, lastActionAt: new Date() });
      return { row: { ...row, status, win }, outcome: nextOutcome, closed };
    });
  }

  /** Delivers the closing win of a round a move just closed (then the jackpot step); answers the balance. */
  async function finish(memberId: bigint, move: Move): Promise<string | null> {
    if (!move.closed) return null;
    const jackpotHit = await rounds.jackpotDrawOf(move.row);
    return rounds.closeRound(memberId, TARGET, { id: move.row.id, bet: move.row.bet, win: move.row.win, jackpotHit });
  }

  const answer = (move: Move, balance: string | null): MinesPlayResponse => ({ round: minesRoundView(move.row, move.outcome), balance });

  async function reveal(memberId: bigint, input: { roundId: string; cell: number }): Promise<MinesPlayResponse> {
    if (!isCell(input.cell)) throw new AppError('house.cell_invalid', 'cells are 0–24', { field: 'cell', min: 0, max: MINES_CELLS - 1 });
    const move = await play(memberId, input.roundId, (board, row) => {
      const result = revealCell(board, input.cell);
      if (!result.changed) return undefined;
      // A board whose cash-out reaches the maximum win is cashed out there: nothing more to win.
      const next = result.board;
      if (next.state === 'playing' && minesPayout(row.bet, minesMultiplier(next.mineCount, next.revealed.length)) >= MINES_MAX_WIN) return { ...next, state: 'cashed_out' as const };
      return next;
    });
    // Picking a cell already shown (a double click, a replay) answers the round; a new cell of a finished round is refused.
    const board = move.outcome.result;
    if (!move.closed && board.state !== 'playing' && board.hit !== input.cell && !board.revealed.includes(input.cell)) {
      throw new AppError('house.round_closed', 'the round is over');
    }
    return answer(move, await finish(memberId, move));
  }

  async function cashOut(memberId: bigint, input: { roundId: string }): Promise<MinesPlayResponse> {
    const move = await play(memberId, input.roundId, (board) => {
      if (board.state !== 'playing') return undefined;
      if (board.revealed.length === 0) throw new AppError('house.cash_out_unavailable', 'reveal a cell before cashing out');
      return { ...board, state: 'cashed_out' };
    });
    return answer(move, await finish(memberId, move));
  }

  /**
   * The abandoned-round policy (run by the settle job): a round with no move for `idleMs` is
   * cashed out at its multiplier, or its bet is returned (rolled back) when nothing was revealed;
   * a round whose bet was never confirmed after `unconfirmedMs` is rolled back.
   */
  async function closeAbandoned(idleMs: number, unconfirmedMs: number, limit = 200): Promise<{ cashedOut: number; refunded: number; failed: number }> {
    const now = Date.now();
    const stale = await repository.findStalePlayingRounds(db, { idleBefore: new Date(now - idleMs), unconfirmedBefore: new Date(now - unconfirmedMs) }, limit);
    const counts = { cashedOut: 0, refunded: 0, failed: 0 };
    for (const round of stale) {
      try {
        if (!round.bet_transaction_id) {
          counts[(await rounds.refund(round)) ? 'refunded' : 'failed'] += 1;
          continue;
        }
        const move = await play(round.member_id, round.id.toString(), (board, locked) => {
          // The player may have moved since the round was listed: only a round still idle is closed.
          if (now - (locked.last_action_at ?? locked.created_at).getTime() < idleMs) return undefined;
          if (board.state === 'playing' && board.revealed.length > 0) return { ...board, state: 'cashed_out' };
          // Nothing revealed: the board is closed as refunded; the rollback below (retried on the
          // next run if the provider API is down) returns the bet and marks the round failed.
          if (board.state === 'playing') return { ...board, state: 'refunded' };
          return undefined;
        });
        if (move.outcome.result.state === 'refunded') {
          counts[(await rounds.refund(move.row)) ? 'refunded' : 'failed'] += 1;
        } else if (move.closed) {
          await finish(round.member_id, move);
          counts.cashedOut += 1;
        }
      } catch (error) {
        deps.logger.error({ err: error, roundId: round.id.toString() }, 'abandoned Mines round not closed');
        counts.failed += 1;
      }
    }
    return counts;
  }

  return { table, start, reveal, cashOut, closeAbandoned };
}

export type MinesService = ReturnType<typeof createMinesService>;
