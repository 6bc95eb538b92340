import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveMe, LiveTableState } from '@app/contracts';
import { isApiError } from '../../../shared/api-client.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { useSession } from '../../account/index.ts';
import { applyBalanceChange, walletBalanceQueryOptions, walletKeys } from '../../wallet/index.ts';
import { remainingMs, useLiveNow } from '../api/live-clock.ts';
import { liveKeys, liveMeQueryOptions, placeLiveBet } from '../api/live.api.ts';
import * as board from './board-state.ts';

export type Viewer = 'resolving' | 'visitor' | 'trial' | 'member';

/**
 * The member's side of a table: the chips on the board not yet confirmed (board-state.ts), the
 * confirmed ones (GET /me for the round), sending them (one request at a time, one requestId per
 * submission kept for a retry after a lost answer), the balance and the last refusal.
 */
export function useLiveBoard(state: LiveTableState) {
  const queryClient = useQueryClient();
  const session = useSession();
  const token = session.token;
  const viewer: Viewer = session.isResolving ? 'resolving' : !session.isLoggedIn ? 'visitor' : session.isTrial ? 'trial' : 'member';
  const code = state.table.code;
  const me = useQuery({ ...liveMeQueryOptions(code, token), enabled: token !== null && viewer === 'member' });
  const wallet = useQuery({ ...walletBalanceQueryOptions(token), enabled: viewer === 'member' });
  const round = state.round;
  const roundId = round?.id ?? null;
  const betting = state.table.status === 'open' && round?.phase === 'betting';
  const now = useLiveNow(250, betting);
  const windowOpen = betting && round !== null && remainingMs(round.bettingEndsAt, now) > 0;

  // The board belongs to a round: a new round starts clean (chips left unconfirmed were for a closed window).
  const [held, setHeld] = useState<{ roundId: string | null; board: board.BoardState }>({ roundId, board: board.EMPTY_BOARD });
  // Chips not confirmed when the window closed were never sent: they leave the board with it.
  const boardState = held.roundId === roundId && windowOpen ? held.board : board.EMPTY_BOARD;
  const setBoardState = (update: (old: board.BoardState) => board.BoardState) =>
    setHeld((old) => ({ roundId, board: update(old.roundId === roundId ? old.board : board.EMPTY_BOARD) }));
  const [chip, setChip] = useState<bigint>(() => board.centsOf(state.table.chips[1] ?? state.table.chips[0] ?? '1.00'));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ roundId: string | null; error: unknown } | null>(null);
  const busy = useRef(false);
  /** One per submission, kept (with its round) for a retry after a lost answer. */
  const requestId = useRef<{ roundId: string; id: string } | null>(null);
  /** What this tab last confirmed, for repeat before /me has the round in its recent list. */
  const [lastConfirmed, setLastConfirmed] = useState<{ roundId: string; chips: board.BoardChip[] } | null>(null);

  const confirmed = board.chipsOfBets((me.data?.current ?? []).filter((bet) => bet.roundId === roundId));
  const pendingChips = board.pendingChips(boardState);
  const fromServer = board.lastRoundChips([...(me.data?.recent ?? []), ...(me.data?.current ?? [])], roundId);
  const repeatChips = fromServer.length > 0 ? fromServer : lastConfirmed && lastConfirmed.roundId !== roundId ? lastConfirmed.chips : [];
  const problems = board.limitProblems(pendingChips, confirmed, state.table.limits);
  const balance = wallet.data?.cash ?? null;
  const pendingTotal = board.totalOf(pendingChips);
  const insufficient = balance !== null && board.centsOf(balance) < pendingTotal;
  const canEdit = viewer === 'member' && windowOpen && !pending;
  const canConfirm = canEdit && pendingChips.length > 0 && problems.length === 0 && !insufficient;

  const edit = (update: (old: board.BoardState) => board.BoardState) => {
    if (!canEdit) return;
    setError(null);
    setBoardState(update);
  };

  const confirm = async () => {
    if (busy.current || !canConfirm || !round) return;
    busy.current = true;
    setPending(true);
    setError(null);
    if (requestId.current?.roundId !== round.id) requestId.current = { roundId: round.id, id: newRequestId() };
    const sent = boardState;
    try {
      const answer = await placeLiveBet(code, { roundId: round.id, requestId: requestId.current.id, chips: board.toWireChips(sent) });
      requestId.current = null;
      setLastConfirmed({ roundId: round.id, chips: [...confirmed, ...board.chipsOfBets([answer.bet])] });
      queryClient.setQueryData<LiveMe>(liveKeys.me(code, token), (old) =>
        old ? { ...old, current: [...old.current.filter((bet) => bet.id !== answer.bet.id), answer.bet] } : { current: [answer.bet], recent: [] },
      );
      setHeld({ roundId: round.id, board: board.EMPTY_BOARD });
      applyBalanceChange(queryClient, { cash: answer.balance });
    } catch (failure) {
      // Only an answer that never arrived may have left a bet behind: keep the requestId for the retry.
      if (!isApiError(failure) || failure.status === 0 || failure.status >= 500) void queryClient.invalidateQueries({ queryKey: liveKeys.me(code, token) });
      else requestId.current = null;
      if (isApiError(failure) && failure.code === 'live.insufficient_funds') void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
      setError({ roundId: round.id, error: failure });
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return {
    viewer,
    chip,
    setChip,
    windowOpen,
    pendingChips,
    pendingTotals: board.totalsBySpot(pendingChips),
    confirmedTotals: board.totalsBySpot(confirmed),
    pendingTotal,
    confirmedTotal: board.totalOf(confirmed),
    problems,
    insufficient,
    balance,
    canEdit,
    canConfirm,
    canUndo: canEdit && boardState.actions.length > 0,
    canRepeat: canEdit && repeatChips.length > 0,
    pending,
    error: error && error.roundId === roundId ? error.error : null,
    me: me.data ?? null,
    place: (spot: string) => edit((old) => board.placeChip(old, spot, chip)),
    undo: () => edit(board.undo),
    clear: () => edit(board.clear),
    double: () => edit(board.double),
    repeat: () => edit((old) => board.repeat(old, repeatChips)),
    confirm,
  };
}

export type LiveBoardControl = ReturnType<typeof useLiveBoard>;
