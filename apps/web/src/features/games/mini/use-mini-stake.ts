import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n.ts';
import { fromCents, toCents } from '../slot/slot-money.ts';
import { amountInputText, amountProblem, clampAmount, parseAmount, scaleAmount } from './mini-math.ts';

/** The stake a session starts with (R$ 1,00), kept inside the table's limits. */
const DEFAULT_AMOUNT_CENTS = 100n;

/**
 * The stake of a mini game (the one-step games and Mines): typed in either notation, halved,
 * doubled, and checked against the table's limits as it is typed.
 */
export function useMiniStake(limits: { minBet: string; maxBet: string } | undefined) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [typed, setTyped] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const defaultCents = limits ? clampAmount(DEFAULT_AMOUNT_CENTS, limits.minBet, limits.maxBet) : DEFAULT_AMOUNT_CENTS;
  const amountText = typed ?? amountInputText(defaultCents, language);
  const cents = parseAmount(amountText, language);
  const problem = limits ? amountProblem(cents, limits.minBet, limits.maxBet) : null;

  const scale = (factor: 'half' | 'double') => {
    if (!limits) return;
    const base = cents !== null && cents > 0n ? cents : toCents(limits.minBet);
    setTyped(amountInputText(scaleAmount(base, factor, limits.minBet, limits.maxBet), language));
  };

  return {
    amountText,
    setAmountText: setTyped,
    amountRef,
    /** The stake as the wire text ("1.50"), or null while what is typed is not a valid stake. */
    amount: problem === null && cents !== null ? fromCents(cents) : null,
    amountCents: cents,
    amountProblem: problem,
    halve: () => scale('half'),
    double: () => scale('double'),
  };
}

export type MiniStake = ReturnType<typeof useMiniStake>;
