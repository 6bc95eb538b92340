import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PointsRate } from '@app/contracts';
import { intlLocaleOf } from '@app/i18n';
import { Spinner } from '@app/ui';
import { LoadFailed, TitledCard, useWalletFormat, WalletTable } from '../../wallet/index.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { pointsConfigQueryOptions } from '../api/points.api.ts';

/** The rules and the exchange-rate table (spec §9: points never expire; earned by deposit and play). */
export function PointsRules() {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const format = useWalletFormat('R$');
  const config = useQuery(pointsConfigQueryOptions());
  if (config.isError) return <LoadFailed error={config.error} onRetry={() => void config.refetch()} retrying={config.isFetching} />;
  if (!config.data) return <Spinner label={t('common:loading')} layout="block" />;
  const { convert } = config.data;
  const number = (value: string) => new Intl.NumberFormat(intlLocaleOf(currentLanguage(i18n)), { maximumFractionDigits: 4 }).format(Number(value));
  return (
    <div className="stack">
      <TitledCard titleId="points-rules-title" title={t('pages:pointMall.rules.title')}>
        <ul className="points-rules" data-testid="points-rules">
          <li>{t('pages:pointMall.rules.earn')}</li>
          <li>{t('pages:pointMall.rules.never')}</li>
          <li>{t('pages:pointMall.rules.rounding')}</li>
          <li>{t('pages:pointMall.rules.redeem')}</li>
          <li data-testid="points-rules-convert">
            {convert.enabled ? t('pages:pointMall.rules.convert', { points: format.points(convert.convertPoints), amount: format.money(convert.convertAmount), min: format.points(convert.minPoints) }) : t('pages:pointMall.rules.convertOff')}
          </li>
        </ul>
      </TitledCard>
      <TitledCard titleId="points-rates-title" title={t('pages:pointMall.rules.ratesTitle')} hint={t('pages:pointMall.rules.ratesHint')}>
        <WalletTable<PointsRate>
          testId="points-rates"
          rows={config.data.rates}
          rowKey={(row) => row.source}
          columns={[
            { key: 'source', header: t('pages:pointMall.rules.product'), cell: (row) => t(`pages:pointMall.rateSources.${row.source}`), rowHeader: true },
            { key: 'ratio', header: t('pages:pointMall.rules.ratio'), cell: (row) => t('pages:pointMall.rules.ratioValue', { points: number(row.pointsPerReal) }), numeric: true, testId: 'points-rate' },
          ]}
        />
      </TitledCard>
    </div>
  );
}
