import { useRef } from 'react';
import type { AgentTransferRequest, AgentTransferResponse } from '@app/contracts';
import { isApiError } from '../../../shared/api-client.ts';
import { newRequestId } from '../../../shared/request-id.ts';
import { useAgentTransfer } from '../api/wallet.queries.ts';

export type TransferInput = Omit<AgentTransferRequest, 'requestId'>;

/**
 * A 4xx is the server's final word on that request (wrong password, not enough money): the next
 * attempt is a new submission. A network failure or a 5xx leaves it unknown whether the
 * transfer happened, so a retry of the same form must carry the same requestId: the server
 * then answers with the original result instead of moving the money twice.
 */
export function isDefinitiveAnswer(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/**
 * Submits agent transfers so that none is posted twice: a click while one is in flight is
 * ignored (checked synchronously, before React re-renders the disabled button), and the
 * requestId is kept across retries until a definitive answer or a change in the form.
 */
export function useTransferSubmission() {
  const transfer = useAgentTransfer();
  const inFlight = useRef(false);
  const attempt = useRef<{ requestId: string; content: string } | null>(null);

  const submit = (input: TransferInput, onSuccess?: (response: AgentTransferResponse) => void) => {
    if (inFlight.current) return;
    const content = JSON.stringify(input);
    // Different content under the same id would be refused as a conflict: new content, new id.
    if (attempt.current?.content !== content) attempt.current = { requestId: newRequestId(), content };
    inFlight.current = true;
    transfer.mutate(
      { ...input, requestId: attempt.current.requestId },
      {
        onSuccess: (response) => {
          attempt.current = null;
          onSuccess?.(response);
        },
        onError: (error) => {
          if (isDefinitiveAnswer(error)) attempt.current = null;
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return { submit, isPending: transfer.isPending, error: transfer.error, data: transfer.data, reset: transfer.reset };
}
