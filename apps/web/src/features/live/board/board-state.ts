import { formatCents, parseCents } from '@app/kernel';
import type { LiveChip, LiveLimits, LiveMyBet } from '@app/contracts';

/**
 * The betting board's chips not yet confirmed, as a stack of actions so that undo takes back
 * the last thing done (one chip, a double, a repeat) rather than one chip of a double. Pure
 * functions: the board component keeps the state, the tests check the maths.
 */
export interface BoardChip {
  spot: string;
  cents: bigint;
}

export type BoardAction = readonly BoardChip[];

export interface BoardState {
  actions: readonly BoardAction[];
}

export const EMPTY_BOARD: BoardState = { actions: [] };

export function placeChip(board: BoardState, spot: string, cents: bigint): BoardState {
  if (cents <= 0n) return board;
  return { actions: [...board.actions, [{ spot, cents }]] };
}

export function undo(board: BoardState): BoardState {
  return board.actions.length === 0 ? board : { actions: board.actions.slice(0, -1) };
}

export function clear(): BoardState {
  return EMPTY_BOARD;
}

/** Every spot's unconfirmed total again, as one action: the totals double and one undo halves them back. */
export function double(board: BoardState): BoardState {
  const totals = totalsBySpot(board.actions.flat());
  if (totals.size === 0) return board;
  return { actions: [...board.actions, [...totals].map(([spot, cents]) => ({ spot, cents }))] };
}

/** The last round's confirmed chips placed again, as one action (nothing when there were none). */
export function repeat(board: BoardState, lastRound: readonly BoardChip[]): BoardState {
  return lastRound.length === 0 ? board : { actions: [...board.actions, lastRound.map((chip) => ({ ...chip }))] };
}

/** Sum per spot, in the order spots were first played. */
export function totalsBySpot(chips: readonly BoardChip[]): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const chip of chips) totals.set(chip.spot, (totals.get(chip.spot) ?? 0n) + chip.cents);
  return totals;
}

export function pendingChips(board: BoardState): BoardChip[] {
  return board.actions.flat();
}

export function totalOf(chips: readonly BoardChip[]): bigint {
  return chips.reduce((sum, chip) => sum + chip.cents, 0n);
}

/** What the POST sends: one chip per spot with its total as wire money ("12.50"). */
export function toWireChips(board: BoardState): LiveChip[] {
  return [...totalsBySpot(pendingChips(board))].map(([spot, cents]) => ({ spot, amount: formatCents(cents) }));
}

export function centsOf(amount: string): bigint {
  return parseCents(amount.trim()) ?? 0n;
}

/** The chips of the member's confirmed bets (LiveMyBet.chips), as board chips. */
export function chipsOfBets(bets: readonly LiveMyBet[]): BoardChip[] {
  return bets.filter((bet) => bet.status !== 'failed' && bet.status !== 'refunded').flatMap((bet) => bet.chips.map((chip) => ({ spot: chip.spot, cents: centsOf(chip.amount) })));
}

/**
 * The chips to repeat: the member's confirmed bets of the most recent round before `currentRoundId`
 * (recent bets are the last rounds'; the newest round first or not, the highest round id wins).
 */
export function lastRoundChips(recent: readonly LiveMyBet[], currentRoundId: string | null): BoardChip[] {
  const earlier = recent.filter((bet) => bet.roundId !== currentRoundId);
  if (earlier.length === 0) return [];
  const latest = earlier.reduce((best, bet) => (BigInt(bet.roundId) > BigInt(best) ? bet.roundId : best), earlier[0]!.roundId);
  return chipsOfBets(earlier.filter((bet) => bet.roundId === latest));
}

/** The limit a spot falls under: a baccarat spot is its own type; a roulette spot's type is before the colon. */
export function betTypeOf(spot: string): string {
  return spot.split(':')[0] ?? spot;
}

export type LimitProblem = { kind: 'min' | 'max'; spot: string; limit: string } | { kind: 'round_max'; limit: string } | { kind: 'neighbours_split'; spot: string };

/**
 * What the server would refuse, checked before sending: each spot's total (confirmed and new)
 * inside its type's limits, the round's total under roundMax, a neighbours bet divisible by 5
 * centavos (it is split over five numbers).
 */
export function limitProblems(pending: readonly BoardChip[], confirmed: readonly BoardChip[], limits: LiveLimits): LimitProblem[] {
  const problems: LimitProblem[] = [];
  const confirmedTotals = totalsBySpot(confirmed);
  for (const [spot, cents] of totalsBySpot(pending)) {
    const limit = limits.perType[betTypeOf(spot)];
    const onSpot = cents + (confirmedTotals.get(spot) ?? 0n);
    if (limit && onSpot < centsOf(limit.min)) problems.push({ kind: 'min', spot, limit: limit.min });
    if (limit && onSpot > centsOf(limit.max)) problems.push({ kind: 'max', spot, limit: limit.max });
    if (betTypeOf(spot) === 'neighbours' && cents % 5n !== 0n) problems.push({ kind: 'neighbours_split', spot });
  }
  if (totalOf(pending) + totalOf(confirmed) > centsOf(limits.roundMax)) problems.push({ kind: 'round_max', limit: limits.roundMax });
  return problems;
}
