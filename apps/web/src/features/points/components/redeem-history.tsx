import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Redemption } from '@app/contracts';
import { Spinner } from '@app/ui';
import { useSession } from '../../account/index.ts';
import { LoadFailed, TitledCard, useWalletFormat, WalletTable } from '../../wallet/index.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { redemptionsQueryOptions } from '../api/points.api.ts';

/** Redeem history: reference number, apply time, type, name, quantity and status (spec §3, §4). */
export function RedeemHistory() {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const { token } = useSession();
  const format = useWalletFormat('R$');
  const history = useQuery(redemptionsQueryOptions(token, currentLanguage(i18n)));
  if (history.isError) return <LoadFailed error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />;
  if (!history.data) return <Spinner label={t('common:loading')} layout="block" />;
  return (
    <TitledCard titleId="points-history-title" title={t('pages:pointMall.history.title')}>
      <WalletTable<Redemption>
        testId="points-redemptions"
        rows={history.data.list}
        rowKey={(row) => row.id}
        empty={t('pages:pointMall.history.empty')}
        rowAttributes={(row) => ({ 'data-status': row.status })}
        columns={[
          { key: 'reference', header: t('pages:pointMall.history.reference'), cell: (row) => row.reference, testId: 'points-redemption-reference' },
          {
            key: 'status',
            header: t('pages:pointMall.history.status'),
            testId: 'points-redemption-status',
            cell: (row) => (
              <span className="points-status">
                <span className={`points-chip points-chip--${row.status}`}>{t(`pages:pointMall.status.${row.status}`)}</span>
                {row.reason ? <span className="points-status__reason">{` — ${row.reason}`}</span> : null}
              </span>
            ),
          },
          { key: 'name', header: t('pages:pointMall.history.name'), cell: (row) => row.name },
          { key: 'quantity', header: t('pages:pointMall.history.quantity'), cell: (row) => row.quantity, numeric: true },
          { key: 'points', header: t('pages:pointMall.history.points'), cell: (row) => format.points(row.points), numeric: true },
          { key: 'type', header: t('pages:pointMall.history.type'), cell: (row) => t(`pages:pointMall.kinds.${row.kind}`) },
          { key: 'time', header: t('pages:pointMall.history.time'), cell: (row) => format.dateTime(row.createdAt) },
        ]}
      />
    </TitledCard>
  );
}
