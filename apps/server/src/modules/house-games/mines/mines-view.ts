import type { MinesOutcome, MinesRound } from '@app/contracts';
import { boardMultiplier, formatMultiplier, minesMultiplier, payout, safeCells, type MinesBoard } from '@app/house-games';
import { formatCents } from '@app/kernel';
import type { RoundRow } from '../house-games.repository.ts';

/** A Mines round's outcome as stored in house_round.outcome: the whole board, mines included. */
export interface StoredMinesOutcome {
  kind: 'mines';
  bet: string;
  /** The closing multiplier ("0.0000" while in progress or lost). */
  multiplier: string;
  /** The closing win ("0.00" while in progress or lost). */
  win: string;
  result: MinesBoard;
}

export function isStoredMinesOutcome(outcome: unknown): outcome is StoredMinesOutcome {
  return typeof outcome === 'object' && outcome !== null && (outcome as { kind?: unknown }).kind === 'mines';
}

/**
 * The most a Mines round pays (R$ 1.000.000,00, the same bound as plinko's and crash's 1000× on the
 * largest bet): deep boards multiply by millions, and a house must know its worst round. A reveal
 * that reaches it cashes the round out there.
 */
export const MINES_MAX_WIN = 100_000_000n;

/** What the board pays on `bet` at `multiplier`, never above MINES_MAX_WIN. */
export function minesPayout(bet: bigint, multiplier: bigint): bigint {
  const win = payout(bet, multiplier);
  return win > MINES_MAX_WIN ? MINES_MAX_WIN : win;
}

/** The stored outcome of a board: its closing multiplier and win follow from its state. */
export function storedOutcome(bet: bigint, board: MinesBoard): StoredMinesOutcome {
  const multiplier = boardMultiplier(board);
  return { kind: 'mines', bet: formatCents(bet), multiplier: formatMultiplier(multiplier), win: formatCents(minesPayout(bet, multiplier)), result: board };
}

/** Whether the mines must stay hidden: the round can still be played. */
function inProgress(outcome: StoredMinesOutcome, status: RoundRow['status']): boolean {
  return outcome.result.state === 'playing' && status === 'playing';
}

/** HouseRound.outcome of a Mines round: the mines only once it can no longer be played. */
export function publicMinesOutcome(outcome: StoredMinesOutcome, status: RoundRow['status']): MinesOutcome {
  return { ...outcome, result: { ...outcome.result, mines: inProgress(outcome, status) ? null : outcome.result.mines } };
}

/** The player's view: the multiplier earned so far, the next one, what a cash-out pays now. */
export function minesRoundView(row: Pick<RoundRow, 'id' | 'bet' | 'status' | 'server_seed_hash' | 'client_seed' | 'nonce'>, outcome: StoredMinesOutcome): MinesRound {
  const board = outcome.result;
  const playing = inProgress(outcome, row.status);
  const reveals = board.revealed.length;
  const current = playing ? (reveals > 0 ? minesMultiplier(board.mineCount, reveals) : 0n) : null;
  return {
    id: row.id.toString(),
    bet: formatCents(row.bet),
    mineCount: board.mineCount,
    revealed: board.revealed,
    hit: board.hit,
    mines: playing ? null : board.mines,
    state: board.state,
    multiplier: current === null ? outcome.multiplier : formatMultiplier(current),
    nextMultiplier: playing && reveals < safeCells(board.mineCount) ? formatMultiplier(minesMultiplier(board.mineCount, reveals + 1)) : null,
    cashOut: current !== null && current > 0n ? formatCents(minesPayout(row.bet, current)) : null,
    win: outcome.win,
    fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce },
  };
}
