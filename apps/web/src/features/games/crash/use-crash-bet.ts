import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrashMe, CrashMyBet, CrashState } from '@app/contracts';
import { isApiError } from '../../../shared/api-client.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { useSession } from '../../account/index.ts';
import { applyBalanceChange, walletBalanceQueryOptions, walletKeys } from '../../wallet/index.ts';
import { fromCents, toCents } from '../slot/slot-money.ts';
import { amountInputText, amountProblem, clampAmount, parseAmount, scaleAmount, type AmountProblem } from '../mini/mini-math.ts';
import { cashOutCrash, placeCrashBet } from './crash.api.ts';
import { crashKeys, crashMeQueryOptions } from './crash.queries.ts';
import { isRiding, withCurrentBet } from './crash-state.ts';

/** The stake a visit starts with (R$ 1,00), kept inside the limits. */
const DEFAULT_AMOUNT_CENTS = 100n;

export type AutoProblem = 'invalid' | 'min' | 'max';
/** Who is looking: only a real member bets; visitors and trial accounts watch. */
export type Viewer = 'resolving' | 'visitor' | 'trial' | 'member';

/** An error belongs to the round it happened in: a new round starts with a clean panel. */
interface PanelError {
  roundId: string | null;
  error: unknown;
}

/**
 * The member's side of the crash screen: the stake and the automatic cash-out target as typed
 * (checked against the limits), the bet in the live round, placing it and cashing it out (one
 * request at a time, each bet with its own idempotency key), the balance and the last error.
 */
export function useCrashBet(state: CrashState) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const session = useSession();
  const token = session.token;
  const viewer: Viewer = session.isResolving ? 'resolving' : !session.isLoggedIn ? 'visitor' : session.isTrial ? 'trial' : 'member';
  const me = useQuery(crashMeQueryOptions(token, viewer === 'member'));
  const wallet = useQuery({ ...walletBalanceQueryOptions(token), enabled: viewer === 'member' });
  const [amountTyped, setAmountTyped] = useState<string | null>(null);
  const [autoText, setAutoText] = useState('');
  const [pending, setPending] = useState<'bet' | 'cashout' | null>(null);
  const [panelError, setPanelError] = useState<PanelError | null>(null);
  const busy = useRef(false);
  /** Kept for a retry after a lost answer, so a bet that did reach the server is not placed twice. */
  const requestId = useRef<string | null>(null);

  const { limits, round } = state;
  const amountText = amountTyped ?? amountInputText(clampAmount(DEFAULT_AMOUNT_CENTS, limits.minBet, limits.maxBet), language);
  const amountCents = parseAmount(amountText, language);
  const amountIssue: AmountProblem | null = amountProblem(amountCents, limits.minBet, limits.maxBet);
  const autoHundredths = autoText.trim() === '' ? null : parseAmount(autoText, language);
  const autoIssue: AutoProblem | null =
    autoText.trim() === '' ? null : autoHundredths === null ? 'invalid' : autoHundredths < toCents(limits.minAutoCashOut) ? 'min' : autoHundredths > toCents(limits.maxMultiplier) ? 'max' : null;

  const current = me.data?.current ?? null;
  const bet: CrashMyBet | null = current && round && current.roundId === round.id ? current : null;
  const balance = wallet.data?.cash ?? null;
  const insufficient = balance !== null && amountCents !== null && amountIssue === null && toCents(balance) < amountCents;
  const error = panelError && panelError.roundId === (round?.id ?? null) ? panelError.error : null;

  const setMyBet = (next: CrashMyBet) => queryClient.setQueryData<CrashMe>(crashKeys.me(token), (old) => withCurrentBet(old, next));
  const takeBalance = (cash: string | null) => {
    if (cash === null) void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
    else applyBalanceChange(queryClient, { cash });
  };

  const canBet = viewer === 'member' && state.playable && round?.phase === 'betting' && bet === null && amountIssue === null && autoIssue === null && !insufficient && pending === null;

  /** Places the bet; a second click while the first is out does nothing. */
  const placeBet = async () => {
    if (busy.current || !canBet || amountCents === null || !round) return;
    busy.current = true;
    setPending('bet');
    setPanelError(null);
    requestId.current ??= newRequestId();
    try {
      const answer = await placeCrashBet({ amount: fromCents(amountCents), autoCashOut: autoHundredths === null ? null : fromCents(autoHundredths), requestId: requestId.current });
      requestId.current = null;
      setMyBet(answer.bet);
      takeBalance(answer.balance);
    } catch (failure) {
      // Only an answer that never arrived may have left a bet behind; any other is final.
      if (!isApiError(failure) || failure.status === 0 || failure.status >= 500) void queryClient.invalidateQueries({ queryKey: crashKeys.me(token) });
      else requestId.current = null;
      setPanelError({ roundId: round.id, error: failure });
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  /** Cashes out at the server's multiplier of the moment the request arrives. */
  const cashOut = async () => {
    if (busy.current || !bet || !isRiding(bet, round)) return;
    busy.current = true;
    setPending('cashout');
    setPanelError(null);
    try {
      const answer = await cashOutCrash(bet.id);
      setMyBet(answer.bet);
      takeBalance(answer.balance);
    } catch (failure) {
      // Too late: the round had crashed by the server's clock, so the bet is lost.
      if (isApiError(failure) && failure.code === 'crash.too_late') setMyBet({ ...bet, status: 'lost', win: '0.00' });
      setPanelError({ roundId: bet.roundId, error: failure });
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  const scale = (factor: 'half' | 'double') => {
    const base = amountCents !== null && amountCents > 0n ? amountCents : toCents(limits.minBet);
    setAmountTyped(amountInputText(scaleAmount(base, factor, limits.minBet, limits.maxBet), language));
  };

  return {
    viewer,
    amountText,
    setAmountText: setAmountTyped,
    amountCents,
    amountIssue,
    autoText,
    setAutoText,
    autoIssue,
    halve: () => scale('half'),
    double: () => scale('double'),
    /** The member's bet in the live round (placed, cashed or lost), or null. */
    bet,
    riding: isRiding(bet, round),
    pending,
    canBet,
    placeBet,
    cashOut,
    balance,
    insufficient,
    error,
  };
}

export type CrashBetControl = ReturnType<typeof useCrashBet>;
