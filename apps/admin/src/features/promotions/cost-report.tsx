import { useTranslation } from 'react-i18next';
import type { PromotionCost } from '@app/contracts';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { QueryState } from '../../shared/components/page.tsx';
import { formatMoney } from '../../shared/format.ts';
import { useCostReport } from './promotions.api.ts';

/**
 * What each promotion cost: the rewards it issued and what became of them, the cash paid, and the
 * bonus money granted — converted, forfeited, expired or still in wagering (the bonus module's
 * grants). Net cost is what left the house as cash: cash paid plus bonus converted.
 */
export function CostReport() {
  const { t, i18n } = useTranslation('admin-promotions');
  const query = useCostReport();
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const tally = (value: { count: number; amount: string }) => t('costs.tally', { count: value.count, amount: money(value.amount) });
  /** Several figures in one cell, each with its label (and test id), so the table fits a laptop screen. */
  const lines = (items: readonly [testId: string, label: string, value: string][]) => (
    <dl className="pr-cost-lines">
      {items.map(([testId, label, value]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
  const columns: Column<PromotionCost>[] = [
    {
      key: 'promotion',
      header: t('costs.columns.promotion'),
      rowHeader: true,
      cell: (row) => (
        <span>
          <strong>{row.title}</strong>
          <br />
          <span className="bo-muted bo-small">
            {t(`type.${row.type}`)} · {t(`status.${row.status}`)}
          </span>
        </span>
      ),
    },
    { key: 'budget', header: t('costs.columns.budget'), numeric: true, testId: 'cost-budget', cell: (row) => <span className="pr-nowrap">{money(row.spent)} / {money(row.budget)}</span> },
    {
      key: 'rewards',
      header: t('costs.columns.rewards'),
      numeric: true,
      cell: (row) =>
        lines([
          ['cost-issued', t('costs.rewards.issued'), tally(row.issued)],
          ['cost-claimed', t('costs.rewards.claimed'), tally(row.claimed)],
          ['cost-expired', t('costs.rewards.expired'), tally(row.expired)],
        ]),
    },
    { key: 'cashPaid', header: t('costs.columns.cashPaid'), numeric: true, testId: 'cost-cashPaid', cell: (row) => <span className="pr-nowrap">{money(row.cashPaid)}</span> },
    {
      key: 'bonus',
      header: t('costs.columns.bonus'),
      numeric: true,
      cell: (row) =>
        lines([
          ['cost-bonusGranted', t('costs.bonus.granted'), money(row.bonusGranted)],
          ['cost-bonusConverted', t('costs.bonus.converted'), money(row.bonusConverted)],
          ['cost-bonusForfeited', t('costs.bonus.forfeited'), money(row.bonusForfeited)],
          ['cost-bonusExpired', t('costs.bonus.expired'), money(row.bonusExpired)],
          ['cost-bonusOpen', t('costs.bonus.open'), money(row.bonusOpen)],
        ]),
    },
    { key: 'netCost', header: t('costs.columns.netCost'), numeric: true, testId: 'cost-netCost', cell: (row) => <strong className="pr-nowrap">{money(row.netCost)}</strong> },
  ];

  return (
    <section className="pr-costs" data-testid="promotion-costs" aria-labelledby="promotion-costs-title">
      <h2 id="promotion-costs-title">{t('costs.title')}</h2>
      <p className="bo-muted pr-note">{t('costs.explain')}</p>
      <QueryState query={query}>{() => <DataTable rows={query.data?.list ?? []} columns={columns} rowKey={(row) => row.promotionId} testId="promotion-costs-table" empty={t('costs.empty')} />}</QueryState>
    </section>
  );
}
