import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MinesPlayResponse, MinesRound, MinesTable, WalletBalance } from '@app/contracts';
import { MINES_CELLS } from '@app/house-games';
import { errorCodeOf } from '../../../shared/error-message.ts';
import { useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { walletBalanceQueryOptions, walletKeys } from '../../wallet/index.ts';
import { toCents } from '../slot/slot-money.ts';
import { usePace } from '../slot/use-pace.ts';
import { cashOutMines, fetchMinesTable, revealMinesCell, startMines } from './mines.api.ts';
import { HISTORY_SIZE } from './use-mini-session.ts';
import { useMiniStake } from './use-mini-stake.ts';

/** Keyed by token: the table carries the member's round in progress. */
export const minesKeys = {
  table: (token: string | null) => ['house', 'mines', token] as const,
};

/** Three mines: the usual first choice (1,125× on the first cell, an 88 % chance). */
export const DEFAULT_MINE_COUNT = 3;

/** The request under way, if any: the board shows which cell is being opened. */
export type MinesPending = { kind: 'start' } | { kind: 'reveal'; cell: number } | { kind: 'cashout' } | null;

/** Answers that mean the board on screen is not the server's: read the round in progress again. */
const STALE_ROUND_CODES = new Set(['house.round_in_progress', 'house.round_closed', 'house.round_not_found']);

/**
 * One player's Mines session: the table (with the round in progress, resumed on opening), the
 * stake and mine count, one request at a time (a double click sends once), the wallet balance,
 * the operator's pace between rounds, and the last finished rounds.
 */
export function useMinesSession() {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const table = useQuery({ queryKey: minesKeys.table(token), queryFn: ({ signal }) => fetchMinesTable(signal), enabled: token !== null, staleTime: 60_000 });
  const wallet = useQuery(walletBalanceQueryOptions(token));
  const data = table.data;
  const stake = useMiniStake(data);
  const [mineCount, setMineCount] = useState(DEFAULT_MINE_COUNT);
  const [round, setRound] = useState<MinesRound | null>(null);
  const [pending, setPending] = useState<MinesPending>(null);
  const [history, setHistory] = useState<MinesRound[]>([]);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);
  const { paced, startPace } = usePace();

  // Resume the round in progress the server answered with the table (once per round, adjusting
  // state while rendering so the board never shows a frame without it).
  const [resumedId, setResumedId] = useState<string | null>(null);
  const current = data?.current ?? null;
  if (current && current.id !== resumedId) {
    setResumedId(current.id);
    if (round?.id !== current.id) {
      setRound(current);
      setMineCount(current.mineCount);
    }
  }

  function apply(answer: MinesPlayResponse) {
    const next = answer.round;
    const over = next.state !== 'playing';
    setRound(next);
    // The cached table must not offer a finished round to resume.
    queryClient.setQueryData<MinesTable>(minesKeys.table(token), (old) => (old ? { ...old, current: over ? null : next } : old));
    if (answer.balance !== null) {
      queryClient.setQueryData<WalletBalance>(walletKeys.balance(token), (old) => (old ? { ...old, cash: answer.balance! } : old));
    } else if (over) {
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
    }
    if (over) setHistory((old) => [next, ...old.filter((item) => item.id !== next.id)].slice(0, HISTORY_SIZE));
  }

  async function run(kind: NonNullable<MinesPending>, call: () => Promise<MinesPlayResponse>) {
    if (busy.current) return;
    busy.current = true;
    setPending(kind);
    setError(null);
    try {
      apply(await call());
    } catch (failure) {
      setError(failure);
      if (STALE_ROUND_CODES.has(errorCodeOf(failure))) void table.refetch();
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
    } finally {
      busy.current = false;
      setPending(null);
    }
  }

  const playing = round?.state === 'playing';
  const amount = stake.amount;
  const insufficient = !playing && wallet.data !== undefined && amount !== null && toCents(wallet.data.cash) < toCents(amount);

  /** Bets the stake on a new board with the chosen number of mines. */
  const start = () => {
    if (busy.current || playing || paced || !data?.playable) return;
    if (amount === null) {
      stake.amountRef.current?.focus();
      return;
    }
    void run({ kind: 'start' }, () => startMines({ amount, mines: mineCount, requestId: newRequestId() })).finally(() => startPace(data.minSpinIntervalMs));
  };

  const reveal = (cell: number) => {
    if (!round || !playing || round.revealed.includes(cell)) return;
    void run({ kind: 'reveal', cell }, () => revealMinesCell({ roundId: round.id, cell }));
  };

  /** A cell not opened yet, chosen with the browser's CSPRNG (a convenience: the board is already fixed). */
  const revealRandom = () => {
    if (!round || !playing) return;
    const closed = Array.from({ length: MINES_CELLS }, (_, cell) => cell).filter((cell) => !round.revealed.includes(cell));
    const [random = 0] = crypto.getRandomValues(new Uint32Array(1));
    const cell = closed[random % closed.length];
    if (cell !== undefined) reveal(cell);
  };

  const cashOut = () => {
    if (!round || round.cashOut === null) return;
    void run({ kind: 'cashout' }, () => cashOutMines({ roundId: round.id }));
  };

  return {
    table,
    ...stake,
    mineCount,
    setMineCount,
    round,
    playing,
    pending,
    history,
    error,
    balance: wallet.data?.cash ?? null,
    insufficient,
    paced,
    canStart: Boolean(data?.playable) && !playing && pending === null && !paced && !insufficient,
    start,
    reveal,
    revealRandom,
    cashOut,
    reducedMotion,
  };
}

export type MinesSession = ReturnType<typeof useMinesSession>;
