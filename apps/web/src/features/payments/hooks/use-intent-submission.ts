import { useRef } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { newRequestId } from '../../../shared/request-id.ts';
import { isDefinitiveAnswer } from '../../wallet/index.ts';

/**
 * Sends a money request (a deposit charge, a withdrawal) once per intent, as the wallet's
 * transfer form does: a click while one is in flight is ignored (checked synchronously, before
 * React re-renders the disabled button), and the requestId is kept across retries until a
 * definitive answer (success or 4xx) or a change in what is asked. After a network failure or a
 * 5xx the same id goes again, so the server answers with the first result instead of a second one.
 */
export function useIntentSubmission<TVariables extends { requestId: string }, TResult>(mutation: UseMutationResult<TResult, Error, TVariables>) {
  const inFlight = useRef(false);
  const attempt = useRef<{ requestId: string; content: string } | null>(null);

  const submit = (input: Omit<TVariables, 'requestId'>, onSuccess?: (result: TResult) => void) => {
    if (inFlight.current) return;
    const content = JSON.stringify(input);
    // Other content under the same id would be refused as a conflict: new content, new id.
    if (attempt.current?.content !== content) attempt.current = { requestId: newRequestId(), content };
    inFlight.current = true;
    mutation.mutate(
      // Omit<T, 'requestId'> plus the id is T again; TypeScript cannot see it through the generic.
      { ...input, requestId: attempt.current.requestId } as TVariables,
      {
        onSuccess: (result) => {
          attempt.current = null;
          onSuccess?.(result);
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

  return { submit, isPending: mutation.isPending, error: mutation.error, data: mutation.data, reset: mutation.reset };
}
