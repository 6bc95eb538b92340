import { useRef, useState } from 'react';
import type { Contract, ContractDecision } from '@app/contracts';
import { useDecideContract } from '../api/contracts.queries.ts';

export type Decision = ContractDecision['decision'];

/** What an offer or a downline shows of the decisions: the one on its way, whether any is, and each contract's error. */
export type DecisionState = Pick<ReturnType<typeof useContractDecision>, 'pendingFor' | 'isPending' | 'errorFor'>;

/**
 * Accept, reject, terminate or withdraw, at most one at a time: a second click (a double click,
 * or another offer's button) while a decision is on its way is ignored before React re-renders.
 * The error is kept with the contract it belongs to, so each offer shows only its own.
 */
export function useContractDecision() {
  const decide = useDecideContract();
  const inFlight = useRef(false);
  const [target, setTarget] = useState<{ id: string; decision: Decision } | null>(null);

  return {
    decide: (contract: Pick<Contract, 'id'>, decision: Decision, onDone?: (contract: Contract) => void) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setTarget({ id: contract.id, decision });
      decide.mutate(
        { id: contract.id, decision },
        {
          onSuccess: (response) => onDone?.(response.contract),
          onSettled: () => {
            inFlight.current = false;
          },
        },
      );
    },
    /** The decision in flight for this contract, if any. */
    pendingFor: (id: string): Decision | null => (decide.isPending && target?.id === id ? target.decision : null),
    isPending: decide.isPending,
    errorFor: (id: string): unknown => (target?.id === id ? decide.error : null),
  };
}
