import type { QueryClient } from '@tanstack/react-query';
import type { Deposit, WithdrawalPage } from '@app/contracts';
import { getToken } from '../../../shared/session-token.ts';
import type { RealtimeHandler } from '../../../shared/ws-client.ts';
import { paymentsKeys } from '../api/payments.queries.ts';

/**
 * Deposit and withdrawal pushes. The server says which record changed and its new status: the
 * status is shown at once (the cached copy is patched), then the record is re-read for the rest
 * (credit time, receipt, time to pay). A balance push also changes what may be withdrawn. After a
 * reconnect everything is re-read, since changes made while offline sent nothing to this tab.
 */
export function createPaymentsRealtime(queryClient: QueryClient): RealtimeHandler {
  return {
    onOpen: (reconnected) => {
      if (reconnected) void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
    },
    onMessage: (message) => {
      const token = getToken();
      if (message.type === 'payments.deposit_changed') {
        const detail = paymentsKeys.deposit(token, message.id);
        queryClient.setQueryData<Deposit>(detail, (deposit) => (deposit ? { ...deposit, status: message.status } : deposit));
        void queryClient.invalidateQueries({ queryKey: paymentsKeys.deposits(token) });
      } else if (message.type === 'payments.withdrawal_changed') {
        queryClient.setQueriesData<WithdrawalPage>({ queryKey: paymentsKeys.withdrawals(token) }, (page) =>
          page ? { ...page, content: page.content.map((row) => (row.id === message.id ? { ...row, status: message.status } : row)) } : page,
        );
        void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawals(token) });
        // A rejected or failed payout returns the held money: the available amount changes.
        void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawOptions(token) });
      } else if (message.type === 'wallet.balance_changed') {
        void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawOptions(token) });
      }
    },
  };
}
