import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlotOutcome, SlotTable, WalletBalance } from '@app/contracts';
import { newRequestId } from '../../../shared/request-id.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { walletBalanceQueryOptions, walletKeys } from '../../wallet/index.ts';
import { demoSpinSlot, fetchSlotTable, spinSlot } from './slot.api.ts';
import { fromCents, times, toCents } from './slot-money.ts';
import { usePace } from './use-pace.ts';

/** Fun credits a demo session starts with (no real money). */
export const DEMO_START_BALANCE = '2000.00';
/** The reels turn at least this long, so a fast answer still reads as a spin. */
const MIN_SPIN_MS = 700;

export type SlotPhase = 'idle' | 'spinning' | 'result';

export interface SlotRound {
  id: string | null;
  outcome: SlotOutcome;
}

/**
 * One player's session at a slot: the table, the bet, the spin (one request at a time, each with
 * its own idempotency key), the balance (the wallet's, or fun credits in demo mode) and the pace
 * the operator set between spins.
 */
export function useSlotSession(vendor: string, gameCode: string, demo: boolean) {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const table = useQuery({ queryKey: ['house', 'table', vendor, gameCode], queryFn: ({ signal }) => fetchSlotTable(vendor, gameCode, signal), enabled: token !== null, staleTime: 60_000 });
  const wallet = useQuery({ ...walletBalanceQueryOptions(token), enabled: token !== null && !demo });
  const [lineBet, setLineBet] = useState<string | null>(null);
  const [phase, setPhase] = useState<SlotPhase>('idle');
  const [round, setRound] = useState<SlotRound | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [demoBalance, setDemoBalance] = useState(DEMO_START_BALANCE);
  const busy = useRef(false);

  const data = table.data;
  const chosenBet = lineBet ?? data?.lineBets[0] ?? null;
  const totalBet = data && chosenBet ? times(chosenBet, data.lines) : null;
  const balance = demo ? demoBalance : (wallet.data?.cash ?? null);

  const { paced, startPace } = usePace();

  const spin = useCallback(async () => {
    if (busy.current || !data || !chosenBet || !totalBet) return;
    busy.current = true;
    setError(null);
    setPhase('spinning');
    const started = Date.now();
    try {
      const answer = demo ? await demoSpinSlot(vendor, gameCode, { lineBet: chosenBet }) : await spinSlot(vendor, gameCode, { lineBet: chosenBet, requestId: newRequestId() });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, MIN_SPIN_MS - (Date.now() - started))));
      setRound({ id: 'id' in answer.round ? answer.round.id : null, outcome: answer.round });
      if ('balance' in answer) {
        queryClient.setQueryData<WalletBalance>(walletKeys.balance(token), (old) => (old ? { ...old, cash: answer.balance } : old));
      } else {
        setDemoBalance((old) => fromCents(toCents(old) - toCents(answer.round.totalBet) + toCents(answer.round.totalWin)));
      }
      setPhase('result');
    } catch (failure) {
      setError(failure);
      setPhase('idle');
      if (!demo) void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
    } finally {
      busy.current = false;
      startPace(data.minSpinIntervalMs);
    }
  }, [data, chosenBet, totalBet, demo, vendor, gameCode, queryClient, token, startPace]);

  const insufficient = balance !== null && totalBet !== null && toCents(balance) < toCents(totalBet);
  return {
    table,
    lineBet: chosenBet,
    setLineBet,
    totalBet,
    balance,
    phase,
    round,
    error,
    spin,
    canSpin: Boolean(data?.playable) && phase !== 'spinning' && !paced && chosenBet !== null,
    paced,
    insufficient,
    resetDemo: () => setDemoBalance(DEMO_START_BALANCE),
  };
}

export type SlotSession = ReturnType<typeof useSlotSession>;
export type { SlotTable };
