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
  const figure = (key: keyof PromotionCost & string, label: string, read: (row: PromotionCost) => string): Column<PromotionCost> => ({
    key,
    header: label,
    numeric: true,
    testId: `cost-${key}`,
    cell: (row) => <span className="pr-nowrap">{read(row)}</span>,
  });
  const columns: Column<PromotionCost>[] = [
    {
      key: 'promotion',
      header: t('costs.columns.promotion'),
      rowHeader: true,
      cell: (row) => (
        <span>
          <strong>{row.title}</strong>
          <br />
          <span className="bo-muted bo-small">{t(`type.${row.type}`)} · {t(`status.${row.status}`)}</span>
        </span>
      ),
    },
    figure('budget', t('costs.columns.budget'), (row) => `${money(row.spent)} / ${money(row.budget)}`),
    figure('issued', t('costs.columns.issued'), (row) => tally(row.issued)),
    figure('claimed', t('costs.columns.claimed'), (row) => tally(row.claimed)),
    figure('expired', t('costs.columns.expired'), (row) => tally(row.expired)),
    figure('cashPaid', t('costs.columns.cashPaid'), (row) => money(row.cashPaid)),
    figure('bonusGranted', t('costs.columns.bonusGranted'), (row) => money(row.bonusGranted)),
    figure('bonusConverted', t('costs.columns.bonusConverted'), (row) => money(row.bonusConverted)),
    figure('bonusForfeited', t('costs.columns.bonusForfeited'), (row) => money(row.bonusForfeited)),
    figure('bonusExpired', t('costs.columns.bonusExpired'), (row) => money(row.bonusExpired)),
    figure('bonusOpen', t('costs.columns.bonusOpen'), (row) => money(row.bonusOpen)),
    { ...figure('netCost', t('costs.columns.netCost'), (row) => money(row.netCost)), cell: (row) => <strong className="pr-nowrap">{money(row.netCost)}</strong> },
  ];

  return (
    <section className="pr-costs" data-testid="promotion-costs" aria-labelledby="promotion-costs-title">
      <h2 id="promotion-costs-title">{t('costs.title')}</h2>
      <p className="bo-muted bo-small">{t('costs.explain')}</p>
      <QueryState query={query}>{() => <DataTable rows={query.data?.list ?? []} columns={columns} rowKey={(row) => row.promotionId} testId="promotion-costs-table" empty={t('costs.empty')} />}</QueryState>
    </section>
  );
}
