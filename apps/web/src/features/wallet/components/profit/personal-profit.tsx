import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@app/ui';
import { useSession } from '../../../account/index.ts';
import { profitQueryOptions } from '../../api/wallet.queries.ts';
import { isRangeValid, MAX_PROFIT_DAYS } from '../../date-range.ts';
import { useDayRange } from '../../hooks/use-day-range.ts';
import { useWalletFormat } from '../../hooks/use-wallet-format.ts';
import { DateRangeFilter } from '../date-range-filter.tsx';
import { EmptyState, LoadFailed } from '../panel-states.tsx';
import { ProfitTable } from './profit-table.tsx';
import { ProfitTotals } from './profit-totals.tsx';
import '../wallet.css';
import './profit.css';

// 'casino': what the provider API files every vendor's bets and wins under (house games included).
const NAMED_PRODUCTS = ['casino', 'slots', 'live', 'sports', 'esports', 'fish', 'cards', 'lottery', 'crash', 'cockfight', 'other'] as const;
type NamedProduct = (typeof NAMED_PRODUCTS)[number];

function isNamedProduct(product: string): product is NamedProduct {
  return (NAMED_PRODUCTS as readonly string[]).includes(product);
}

/** Member centre → personal profit and loss: totals, then the same figures by product and by day. */
export function PersonalProfit() {
  const { t } = useTranslation(['wallet', 'errors', 'common']);
  const { token, member } = useSession();
  const dayRange = useDayRange();
  // Checked here first: the server refuses more than 93 days, and the player should not wait to learn it.
  const valid = isRangeValid(dayRange.range, MAX_PROFIT_DAYS);
  const report = useQuery(profitQueryOptions(token, dayRange.range, valid));
  const format = useWalletFormat(member?.currencySymbol ?? '', report.data?.timeZone);
  // Vendors may report products this build has no name for: show theirs rather than nothing.
  const productLabel = (product: string) => (isNamedProduct(product) ? t(`wallet:profit.products.${product}`) : product);

  return (
    <div className="wallet-page" data-testid="personal-profit">
      <section className="wallet-card wallet-filters" aria-label={t('wallet:range.label')}>
        <DateRangeFilter control={dayRange} error={valid ? null : t('errors:wallet.range_invalid')} />
      </section>
      {!valid ? null : report.data ? (
        <div className={report.isPlaceholderData ? 'wallet-results is-stale' : 'wallet-results'} aria-busy={report.isFetching}>
          <ProfitTotals total={report.data.total} format={format} />
          {report.data.total.count === 0 && report.data.days.length === 0 ? (
            <section className="wallet-card">
              <EmptyState testId="profit-empty">{t('wallet:profit.empty')}</EmptyState>
            </section>
          ) : (
            <div className="stack stack--gap-4">
              <ProfitTable
                title={t('wallet:profit.byProduct')}
                firstColumn={t('wallet:profit.product')}
                rows={report.data.products.map((line) => ({ key: line.product, label: productLabel(line.product), line }))}
                format={format}
                testId="profit-by-product"
              />
              <ProfitTable
                title={t('wallet:profit.byDay')}
                firstColumn={t('wallet:profit.date')}
                rows={report.data.days.map((line) => ({ key: line.date, label: format.day(line.date), line }))}
                format={format}
                testId="profit-by-day"
              />
            </div>
          )}
        </div>
      ) : report.isError ? (
        <section className="wallet-card">
          <LoadFailed error={report.error} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        </section>
      ) : (
        <Spinner label={t('common:loading')} layout="block" />
      )}
    </div>
  );
}
