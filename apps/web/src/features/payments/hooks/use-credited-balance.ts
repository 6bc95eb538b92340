import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deposit } from '@app/contracts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { memberInfoQueryOptions } from '../../account/index.ts';
import { refreshMoney } from '../api/payments.queries.ts';

/**
 * The member's balance once it includes a credited deposit. The header is patched by
 * wallet.balance_changed, but the credit may have been learnt by polling (no socket): the money
 * views are re-read when the credit is seen, and a balance read before that is not shown as "new".
 * undefined while not credited or while the fresh balance is on its way.
 */
export function useCreditedBalance(deposit: Deposit | undefined): string | undefined {
  const queryClient = useQueryClient();
  const member = useQuery(memberInfoQueryOptions(useSessionToken()));
  const [seen, setSeen] = useState<{ id: string; at: number } | null>(null);
  const creditedId = deposit?.status === 'credited' ? deposit.id : null;

  useEffect(() => {
    if (creditedId === null) return;
    // The moment the money views are re-read is the line between an old and a fresh balance: it is
    // taken here, beside the refresh it dates, not during render (no clock reads in render).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSeen({ id: creditedId, at: Date.now() });
    refreshMoney(queryClient);
  }, [creditedId, queryClient]);

  if (creditedId === null || seen?.id !== creditedId) return undefined;
  const isFresh = !member.isFetching && member.dataUpdatedAt >= seen.at;
  return isFresh ? member.data?.balance : undefined;
}
