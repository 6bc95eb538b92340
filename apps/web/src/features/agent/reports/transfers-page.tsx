import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AgentTransferPage } from '@app/contracts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { EmptyState, SignedAmount, UplineTransfer, walletBalanceQueryOptions } from '../../wallet/index.ts';
import { agentKeys, agentTransfersQueryOptions } from '../api/agent.queries.ts';
import { DataTable, type Column } from './data-table.tsx';
import { PeriodFilter, PeriodLabel } from './period-filter.tsx';
import { Pager, ReportBody, useAgentFormat } from './report-kit.tsx';
import { usePeriod } from './use-period.ts';

export const TRANSFERS_PAGE_SIZE = 20;
type Row = AgentTransferPage['content'][number];

/**
 * agentTransfers: the transfer form the member centre has (to the upline, and to a downline for
 * agents), with the agent's own transfers up and down the tree below it, by period and paged.
 */
export function TransfersPage() {
  const { t } = useTranslation('agent');
  const token = useSessionToken();
  const period = usePeriod('thisMonth');
  const [pageNo, setPageNo] = useState(1);
  const filters = { period: period.selection ?? { period: 'thisMonth' as const }, pageNo, pageSize: TRANSFERS_PAGE_SIZE };
  const page = useQuery(agentTransfersQueryOptions(token, filters, period.selection !== null));
  const format = useAgentFormat(page.data?.period.timeZone);
  useRefreshOnNewBalance(token);

  const columns: Column<Row>[] = [
    { id: 'time', wrap: true, header: t('transfers.columns.time'), cell: (row) => <time dateTime={row.createdAt}>{format.dateTime(row.createdAt)}</time> },
    { id: 'direction', header: t('transfers.columns.direction'), cell: (row) => <span data-testid="transfer-direction">{t(`transfers.directions.${row.direction}`)}</span> },
    { id: 'counterpart', header: t('transfers.columns.counterpart'), cell: (row) => <strong data-testid="transfer-counterpart">{row.counterpart}</strong> },
    { id: 'amount', header: t('transfers.columns.amount'), numeric: true, cell: (row) => <SignedAmount amount={row.amount} format={format} /> },
    { id: 'balanceAfter', header: t('transfers.columns.balanceAfter'), numeric: true, cell: (row) => format.money(row.balanceAfter) },
  ];

  return (
    <div className="wallet-page" data-testid="agent-transfers">
      <UplineTransfer />
      <section className="wallet-card" aria-labelledby="transfers-history-title">
        <h2 className="wallet-card__title" id="transfers-history-title">
          {t('transfers.historyTitle')}
        </h2>
        <div className="wallet-filters">
          <PeriodFilter control={period} onChange={() => setPageNo(1)} testId="transfers-period" />
        </div>
      </section>
      {period.selection === null ? null : (
        <ReportBody query={page} testId="transfers-results">
          {(data) => (
            <section className="wallet-card">
              <p className="agent-report-meta">
                <PeriodLabel period={data.period} format={format} />
              </p>
              {data.content.length === 0 ? (
                <EmptyState testId="transfers-empty">{t('transfers.empty')}</EmptyState>
              ) : (
                <DataTable columns={columns} rows={data.content} rowKey={(row) => row.id} testId="transfers-table" rowTestId="transfer-row" />
              )}
              <Pager page={data} totalLabel={t('transfers.total', { count: data.total })} onPage={setPageNo} disabled={page.isFetching} testId="transfers-pager" />
            </section>
          )}
        </ReportBody>
      )}
    </div>
  );
}

/** A transfer made with the form above changes the balance: the list then has a new line to show. */
function useRefreshOnNewBalance(token: string | null) {
  const queryClient = useQueryClient();
  const balance = useQuery(walletBalanceQueryOptions(token)).data?.cash;
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current !== undefined && balance !== undefined && seen.current !== balance) {
      void queryClient.invalidateQueries({ queryKey: agentKeys.transferLists(token) });
    }
    seen.current = balance;
  }, [balance, queryClient, token]);
}
