import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SETTLEMENT_LINE_STATUSES, type ContractKind } from '@app/contracts';
import { Button, Chips, Spinner } from '@app/ui';
import { useSession } from '../../../account/index.ts';
import { EmptyState, LoadFailed } from '../../../wallet/index.ts';
import { PeriodFilter, PeriodLabel } from '../../reports/period-filter.tsx';
import { usePeriod } from '../../reports/use-period.ts';
import { settlementsQueryOptions } from '../api/contracts.queries.ts';
import { useContractFormat } from '../hooks/use-contract-format.ts';
import { SettlementLines, type SettlementSide } from './settlement-lines.tsx';
import { LineStatusBadge } from './status-badge.tsx';

/** The settlement lines of one kind: what the agent received, or what it paid its downlines. */
export function SettlementRecords({ kind, currencySymbol }: { kind: ContractKind; currencySymbol: string }) {
  const { t } = useTranslation(['contracts', 'common']);
  const { token } = useSession();
  const [side, setSide] = useState<SettlementSide>('received');
  const [pageNo, setPageNo] = useState(1);
  const period = usePeriod('thisMonth');
  const selection = period.selection ?? { period: 'thisMonth' };
  const records = useQuery(settlementsQueryOptions(token, { kind, side, pageNo, ...selection }, period.selection !== null));
  const format = useContractFormat(currencySymbol, records.data?.period.timeZone);
  const page = records.data;
  const sides = (['received', 'paid'] as const).map((id) => ({ id, label: t(`contracts:records.sides.${id}`), testId: `records-${id}` }));

  return (
    <div className="contract-records" data-testid="settlement-records">
      <div className="wallet-card wallet-filters">
        <div className="range-filter contract-side">
          <span className="range-filter__label" aria-hidden="true">
            {t('contracts:records.sideLabel')}
          </span>
          <Chips
            items={sides}
            value={side}
            onChange={(next) => {
              setSide(next);
              setPageNo(1);
            }}
            label={t('contracts:records.sideLabel')}
          />
        </div>
        <PeriodFilter control={period} onChange={() => setPageNo(1)} />
      </div>
      {period.selection === null ? null : page ? (
        <div className={records.isPlaceholderData ? 'wallet-results is-stale' : 'wallet-results'} aria-busy={records.isFetching}>
          <div className="contract-totals">
            <span className="contract-totals__label">
              {side === 'received' ? t('contracts:records.totalReceived') : t('contracts:records.totalPaid')}
              <PeriodLabel period={page.period} format={format} />
            </span>
            <strong className="contract-totals__value amount" data-testid="records-total">
              {format.money(page.totals.amount)}
            </strong>
          </div>
          {page.content.length === 0 ? (
            <EmptyState testId="records-empty">{side === 'received' ? t('contracts:records.emptyReceived') : t('contracts:records.emptyPaid')}</EmptyState>
          ) : (
            <>
              <SettlementLines lines={page.content} side={side} format={format} />
              <p className="wallet-card__hint">{side === 'received' ? t('contracts:records.amountHintReceived') : t('contracts:records.amountHintPaid')}</p>
              <p className="wallet-card__hint" data-testid="records-payer-hint">
                {t('contracts:records.payerHint')}
              </p>
            </>
          )}
          {page.totalPages > 1 ? (
            <nav className="contract-pager" aria-label={t('contracts:records.paging')}>
              <Button variant="outline" size="sm" disabled={records.isFetching || page.pageNum <= 1} onClick={() => setPageNo(page.pageNum - 1)} data-testid="records-previous">
                {t('contracts:records.previous')}
              </Button>
              <span className="contract-pager__page">{t('contracts:records.page', { page: page.pageNum, pages: page.totalPages })}</span>
              <Button variant="outline" size="sm" disabled={records.isFetching || page.pageNum >= page.totalPages} onClick={() => setPageNo(page.pageNum + 1)} data-testid="records-next">
                {t('contracts:records.next')}
              </Button>
            </nav>
          ) : null}
        </div>
      ) : records.isError ? (
        <LoadFailed error={records.error} onRetry={() => void records.refetch()} retrying={records.isFetching} />
      ) : (
        <Spinner label={t('common:loading')} layout="block" />
      )}
      <dl className="contract-legend" data-testid="records-legend">
        {SETTLEMENT_LINE_STATUSES.map((status) => (
          <div key={status} className="contract-legend__item">
            <dt>
              <LineStatusBadge status={status} />
            </dt>
            <dd>{t(`contracts:records.statusHelp.${status}`)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
