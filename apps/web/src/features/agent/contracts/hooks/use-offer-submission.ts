import { useRef, useState } from 'react';
import type { Contract, ContractOffer } from '@app/contracts';
import { isApiError } from '../../../../shared/api-client.ts';
import { newRequestId } from '../../../../shared/request-id.ts';
import { isDefinitiveAnswer } from '../../../wallet/index.ts';
import { useOfferContract } from '../api/contracts.queries.ts';

export type OfferInput = Pick<ContractOffer, 'kind' | 'downline' | 'tiers'>;

/** Spec §4: the downline holds a contract in force; the agent must say the new one replaces it. */
export const REPLACE_UNCONFIRMED = 'agents.replace_unconfirmed';

/**
 * Sends contract offers so that none is sent twice: a click while one is in flight is ignored
 * (checked synchronously, before React re-renders the disabled button), and the requestId is kept
 * across retries of the same content until a definitive answer. When the server answers
 * agents.replace_unconfirmed the offer waits in `replacing` for the agent's confirmation, then
 * goes again with confirmReplace (new content, so a new requestId).
 */
export function useOfferSubmission() {
  const offer = useOfferContract();
  const inFlight = useRef(false);
  const attempt = useRef<{ requestId: string; content: string } | null>(null);
  const onSent = useRef<((contract: Contract) => void) | undefined>(undefined);
  const [replacing, setReplacing] = useState<OfferInput | null>(null);

  const send = (input: OfferInput, confirmReplace: boolean) => {
    if (inFlight.current) return;
    const content = JSON.stringify({ ...input, confirmReplace });
    if (attempt.current?.content !== content) attempt.current = { requestId: newRequestId(), content };
    inFlight.current = true;
    offer.mutate(
      { ...input, confirmReplace, requestId: attempt.current.requestId },
      {
        onSuccess: ({ contract }) => {
          attempt.current = null;
          setReplacing(null);
          onSent.current?.(contract);
        },
        onError: (error) => {
          if (isDefinitiveAnswer(error)) attempt.current = null;
          if (!confirmReplace && isApiError(error) && error.code === REPLACE_UNCONFIRMED) setReplacing(input);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const awaitingConfirmation = replacing !== null;
  return {
    submit: (input: OfferInput, onSuccess?: (contract: Contract) => void) => {
      onSent.current = onSuccess;
      setReplacing(null);
      send(input, false);
    },
    /** The agent confirmed that the new contract replaces the one in force once accepted. */
    confirmReplace: () => {
      if (replacing) send(replacing, true);
    },
    cancelReplace: () => {
      setReplacing(null);
      offer.reset();
    },
    replacing,
    isPending: offer.isPending,
    // The replace question is asked in its own dialog, not shown as an error under the form.
    error: awaitingConfirmation && isApiError(offer.error) && offer.error.code === REPLACE_UNCONFIRMED ? null : offer.error,
    reset: offer.reset,
  };
}
