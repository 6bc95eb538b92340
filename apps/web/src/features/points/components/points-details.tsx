import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PointsMovement } from '@app/contracts';
import { Spinner } from '@app/ui';
import { useSession } from '../../account/index.ts';
import { LoadFailed, TitledCard, useWalletFormat, WalletTable } from '../../wallet/index.ts';
import { pointsMovementsQueryOptions } from '../api/points.api.ts';

/** Points details: every earning and spending with its source, newest first. */
export function PointsDetails() {
  const { t } = useTranslation(['pages', 'common']);
  const { token } = useSession();
  const format = useWalletFormat('R$');
  const movements = useQuery(pointsMovementsQueryOptions(token));
  if (movements.isError) return <LoadFailed error={movements.error} onRetry={() => void movements.refetch()} retrying={movements.isFetching} />;
  if (!movements.data) return <Spinner label={t('common:loading')} layout="block" />;
  return (
    <TitledCard titleId="points-details-title" title={t('pages:pointMall.details.title')} hint={t('pages:pointMall.details.hint')}>
      <WalletTable<PointsMovement>
        testId="points-movements"
        rows={movements.data.list}
        rowKey={(row) => row.id}
        empty={t('pages:pointMall.details.empty')}
        rowAttributes={(row) => ({ 'data-source': row.source })}
        columns={[
          { key: 'time', header: t('pages:pointMall.details.time'), cell: (row) => format.dateTime(row.createdAt) },
          { key: 'source', header: t('pages:pointMall.details.source'), cell: (row) => t(`pages:pointMall.sources.${row.source}`), testId: 'points-movement-source' },
          { key: 'amount', header: t('pages:pointMall.details.points'), cell: (row) => <PointsAmount amount={row.amount} text={format.points(row.amount.replace('-', ''))} />, numeric: true, testId: 'points-movement-amount' },
          { key: 'basis', header: t('pages:pointMall.details.basis'), cell: (row) => (row.basis === null ? '—' : format.money(row.basis)), numeric: true },
          { key: 'reference', header: t('pages:pointMall.details.reference'), cell: (row) => referenceOf(row) },
        ]}
      />
    </TitledCard>
  );
}

/** "+50" in green for an earning, "−100" in red for a spending. */
function PointsAmount({ amount, text }: { amount: string; text: string }) {
  const debit = amount.startsWith('-');
  return <span className={`amount ${debit ? 'amount--debit' : 'amount--credit'}`}>{`${debit ? '\u2212' : '+'}${text}`}</span>;
}

/** What a member can recognise: the deposit's number, the redemption's or conversion's reference; play is summed per pass, so its source says it all. */
function referenceOf(row: PointsMovement): string {
  if (row.source === 'play') return '—';
  if (row.source === 'deposit') return `#${row.reference}`;
  return row.reference;
}
