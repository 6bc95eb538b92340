import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Checkbox, UserIcon } from '@app/ui';
import type { Downline } from '@app/contracts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { EmptyState } from '../../wallet/index.ts';
import type { DownlineFilters } from '../api/agent.api.ts';
import { downlinesQueryOptions } from '../api/agent.queries.ts';
import { DataTable, type Column } from './data-table.tsx';
import { DownlineStatusChip, useLevelLabel } from './downline-labels.tsx';
import { DownlineSummaryDialog } from './downline-summary-dialog.tsx';
import { AccountSearch, Pager, ReportBody, useAccountTypeLabel, useAgentFormat } from './report-kit.tsx';

export const DOWNLINE_PAGE_SIZE = 20;

/** downlineManagmentView: everyone in the team, searchable; a line opens that member's summary. */
export function DownlineManagementPage() {
  const { t } = useTranslation('agent');
  const token = useSessionToken();
  const [filters, setFilters] = useState<DownlineFilters>({ search: '', directOnly: false, pageNo: 1, pageSize: DOWNLINE_PAGE_SIZE });
  const [selected, setSelected] = useState<Downline | null>(null);
  const page = useQuery(downlinesQueryOptions(token, filters));
  const format = useAgentFormat();
  const typeLabel = useAccountTypeLabel();
  const levelLabel = useLevelLabel();

  const columns: Column<Downline>[] = [
    {
      id: 'account',
      header: t('downlines.columns.account'),
      cell: (row) => (
        <button type="button" className="agent-link" onClick={() => setSelected(row)} data-testid="downline-open" data-account={row.account}>
          <span className="agent-link__main">{row.account}</span>
          {row.nickname && row.nickname !== row.account ? <span className="agent-link__sub">{row.nickname}</span> : null}
        </button>
      ),
    },
    { id: 'type', header: t('downlines.columns.type'), cell: (row) => typeLabel(row.type) },
    { id: 'level', header: t('downlines.columns.level'), cell: (row) => levelLabel(row.level) },
    { id: 'upline', header: t('downlines.columns.upline'), cell: (row) => row.upline ?? t('downlines.noUpline') },
    { id: 'teamSize', header: t('downlines.columns.teamSize'), numeric: true, cell: (row) => format.points(String(row.teamSize)) },
    { id: 'status', header: t('downlines.columns.status'), cell: (row) => <DownlineStatusChip status={row.status} /> },
    { id: 'createdAt', wrap: true, header: t('downlines.columns.createdAt'), cell: (row) => <time dateTime={row.createdAt}>{format.dateTime(row.createdAt)}</time> },
  ];

  return (
    <div className="wallet-page" data-testid="downline-management">
      <section className="wallet-card wallet-filters agent-filters" aria-label={t('filters.label')}>
        <AccountSearch
          value={filters.search}
          onSearch={(search) => setFilters((current) => ({ ...current, search, pageNo: 1 }))}
          label={t('downlines.search')}
          testId="downline-search"
        />
        <Checkbox
          className="agent-filters__switch"
          label={t('downlines.directOnly')}
          checked={filters.directOnly}
          onChange={(event) => setFilters((current) => ({ ...current, directOnly: event.target.checked, pageNo: 1 }))}
          data-testid="downline-direct-only"
        />
      </section>
      <ReportBody query={page} testId="downline-results">
        {(data) => (
          <section className="wallet-card">
            {data.content.length === 0 ? (
              <EmptyState testId="downlines-empty" icon={<UserIcon size={22} />}>
                {filters.search || filters.directOnly ? t('downlines.emptyFiltered') : t('downlines.empty')}
              </EmptyState>
            ) : (
              <DataTable columns={columns} rows={data.content} rowKey={(row) => row.account} testId="downline-table" rowTestId="downline-row" />
            )}
            <Pager
              page={data}
              totalLabel={t('downlines.total', { count: data.total })}
              onPage={(pageNo) => setFilters((current) => ({ ...current, pageNo }))}
              disabled={page.isFetching}
              testId="downline-pager"
            />
          </section>
        )}
      </ReportBody>
      {selected ? <DownlineSummaryDialog downline={selected} onClose={() => setSelected(null)} /> : null}
    </div>
  );
}
