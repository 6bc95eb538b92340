import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Deposit, WithdrawalPage } from '@app/contracts';
import { depositFixture, depositPageFixture, withdrawalFixture, withdrawalPageFixture, withdrawOptionsFixture } from '../../../test/payments-fixtures.ts';
import { paymentsKeys } from '../api/payments.queries.ts';
import { createPaymentsRealtime } from './payments-realtime.ts';

const PAGE = { pageNo: 1, pageSize: 10 };

function seededClient() {
  sessionStorage.setItem('token', 'tok-1');
  const queryClient = new QueryClient();
  queryClient.setQueryData(paymentsKeys.deposit('tok-1', 'dep-1'), depositFixture());
  queryClient.setQueryData(paymentsKeys.depositList('tok-1', PAGE), depositPageFixture([depositFixture()]));
  queryClient.setQueryData(paymentsKeys.withdrawalList('tok-1', PAGE), withdrawalPageFixture([withdrawalFixture(), withdrawalFixture({ id: 'wd-2' })]));
  queryClient.setQueryData(paymentsKeys.withdrawOptions('tok-1'), withdrawOptionsFixture());
  queryClient.setQueryData(paymentsKeys.depositOptions('tok-1'), {});
  return queryClient;
}

const isStale = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

describe('payments realtime handler', () => {
  it('patches the deposit status at once and marks the deposit views stale', () => {
    const queryClient = seededClient();
    createPaymentsRealtime(queryClient).onMessage?.({ type: 'payments.deposit_changed', id: 'dep-1', status: 'credited' });
    expect(queryClient.getQueryData<Deposit>(paymentsKeys.deposit('tok-1', 'dep-1'))?.status).toBe('credited');
    expect(isStale(queryClient, paymentsKeys.deposit('tok-1', 'dep-1'))).toBe(true);
    expect(isStale(queryClient, paymentsKeys.depositList('tok-1', PAGE))).toBe(true);
    expect(isStale(queryClient, paymentsKeys.withdrawOptions('tok-1'))).toBe(false);
    expect(isStale(queryClient, paymentsKeys.depositOptions('tok-1'))).toBe(false);
  });

  it('patches the one withdrawal that changed, then re-reads the list and what may be withdrawn', () => {
    const queryClient = seededClient();
    createPaymentsRealtime(queryClient).onMessage?.({ type: 'payments.withdrawal_changed', id: 'wd-2', status: 'rejected' });
    const page = queryClient.getQueryData<WithdrawalPage>(paymentsKeys.withdrawalList('tok-1', PAGE));
    expect(page?.content.map((row) => row.status)).toEqual(['reviewing', 'rejected']);
    expect(isStale(queryClient, paymentsKeys.withdrawalList('tok-1', PAGE))).toBe(true);
    expect(isStale(queryClient, paymentsKeys.withdrawOptions('tok-1'))).toBe(true);
    expect(isStale(queryClient, paymentsKeys.deposit('tok-1', 'dep-1'))).toBe(false);
  });

  it('re-reads what may be withdrawn when the balance changes, and everything after a reconnect only', () => {
    const queryClient = seededClient();
    const handler = createPaymentsRealtime(queryClient);
    handler.onMessage?.({ type: 'wallet.balance_changed', cash: '10.00', bonus: '0.00' });
    expect(isStale(queryClient, paymentsKeys.withdrawOptions('tok-1'))).toBe(true);
    expect(isStale(queryClient, paymentsKeys.deposit('tok-1', 'dep-1'))).toBe(false);
    handler.onOpen?.(false);
    expect(isStale(queryClient, paymentsKeys.deposit('tok-1', 'dep-1'))).toBe(false);
    handler.onOpen?.(true);
    expect(isStale(queryClient, paymentsKeys.deposit('tok-1', 'dep-1'))).toBe(true);
    expect(isStale(queryClient, paymentsKeys.depositOptions('tok-1'))).toBe(true);
  });
});
