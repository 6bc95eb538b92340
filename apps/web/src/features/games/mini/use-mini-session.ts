import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MiniGameCode, WalletBalance } from '@app/contracts';
import { useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { walletBalanceQueryOptions, walletKeys } from '../../wallet/index.ts';
import { fromCents, toCents } from '../slot/slot-money.ts';
import { fetchMiniTable, playMini } from './mini.api.ts';
import type { MiniRound } from './mini-math.ts';
import { usePace } from '../slot/use-pace.ts';
import { useMiniStake } from './use-mini-stake.ts';

/** Chips in the "last results" strip. */
export const HISTORY_SIZE = 10;

export const miniKeys = {
  table: (gameCode: MiniGameCode) => ['house', 'mini', gameCode] as const,
};

/**
 * idle: nothing played yet · playing: the request is out · revealing: the answer is in and the
 * game animates it (balance and history wait for the animation) · result: the round is shown.
 */
export type MiniPhase = 'idle' | 'playing' | 'revealing' | 'result';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One player's session at a mini game, shared by dice, limbo and plinko: the table, the stake
 * (typed, halved, doubled, checked against the limits), one round at a time (each with its own
 * idempotency key), the wallet balance, the operator's pace between rounds and the last results.
 */
export function useMiniSession(gameCode: MiniGameCode) {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const table = useQuery({ queryKey: miniKeys.table(gameCode), queryFn: ({ signal }) => fetchMiniTable(gameCode, signal), enabled: token !== null, staleTime: 60_000 });
  const wallet = useQuery(walletBalanceQueryOptions(token));
  const [phase, setPhase] = useState<MiniPhase>('idle');
  const [round, setRound] = useState<MiniRound | null>(null);
  const [history, setHistory] = useState<MiniRound[]>([]);
  const [error, setError] = useState<unknown>(null);
  /** While a result is revealed: the balance with the stake taken and the win not yet added. */
  const [heldBalance, setHeldBalance] = useState<string | null>(null);
  const busy = useRef(false);

  const data = table.data;
  const stake = useMiniStake(data);
  const { amount, amountRef } = stake;
  const balance = heldBalance ?? wallet.data?.cash ?? null;

  const { paced, startPace } = usePace();

  /**
   * Plays one round with the game's parameters; `revealMs` is how long the game animates the
   * result (0 without motion). A second call while one is under way does nothing (a double
   * click plays once).
   */
  const play = useCallback(
    async (params: Record<string, string | number>, revealMs: number | ((round: MiniRound) => number)) => {
      if (busy.current || !data?.playable) return;
      if (amount === null) {
        amountRef.current?.focus();
        return;
      }
      busy.current = true;
      const hadRound = round !== null;
      setError(null);
      setPhase('playing');
      try {
        const answer = await playMini(gameCode, { amount, params, requestId: newRequestId() });
        setHeldBalance(fromCents(toCents(answer.balance) - toCents(answer.round.win)));
        setRound(answer.round);
        setPhase('revealing');
        const wait = typeof revealMs === 'function' ? revealMs(answer.round) : revealMs;
        if (wait > 0) await sleep(wait);
        queryClient.setQueryData<WalletBalance>(walletKeys.balance(token), (old) => (old ? { ...old, cash: answer.balance } : old));
        setHeldBalance(null);
        setHistory((old) => [answer.round, ...old].slice(0, HISTORY_SIZE));
        setPhase('result');
      } catch (failure) {
        setError(failure);
        setHeldBalance(null);
        setPhase(hadRound ? 'result' : 'idle');
        void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
      } finally {
        busy.current = false;
        startPace(data.minSpinIntervalMs);
      }
    },
    [data, amount, amountRef, round, gameCode, queryClient, token, startPace],
  );

  const inPlay = phase === 'playing' || phase === 'revealing';
  const insufficient = wallet.data !== undefined && amount !== null && toCents(wallet.data.cash) < toCents(amount);
  return {
    gameCode,
    table,
    ...stake,
    balance,
    phase,
    inPlay,
    round,
    /** The shown round once its animation has finished. */
    revealed: phase === 'result' ? round : null,
    history,
    error,
    play,
    canPlay: Boolean(data?.playable) && !inPlay && !paced && !insufficient,
    paced,
    insufficient,
    reducedMotion,
  };
}

export type MiniSession = ReturnType<typeof useMiniSession>;
