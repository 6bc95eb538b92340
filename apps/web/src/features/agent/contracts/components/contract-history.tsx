import { useTranslation } from 'react-i18next';
import type { Contract } from '@app/contracts';
import type { Column } from '@app/ui';
import { PHONE_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query.ts';
import { EmptyState, WalletTable } from '../../../wallet/index.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import { topRates } from '../tiers.ts';
import { HistoryCard } from './history-card.tsx';
import { ContractStatusBadge } from './status-badge.tsx';

interface HistoryProps {
  history: readonly Contract[];
  /** The logged-in agent's account: a contract to it came from its upline, others went to a downline. */
  me: string;
  format: ContractFormat;
}

/** Every version offered, accepted, replaced or ended, for this kind, newest first as sent. */
export function ContractHistory({ history, me, format }: HistoryProps) {
  const { t } = useTranslation('contracts');
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (history.length === 0) return <EmptyState testId="history-empty">{t('history.empty')}</EmptyState>;
  const party = (contract: Contract) =>
    contract.downline !== me
      ? t('history.to', { account: contract.downline })
      : contract.upline
        ? t('history.from', { account: contract.upline })
        : t('history.fromPlatform');
  const rates = (contract: Contract) => topRates(contract.kind, contract.tiers).map(format.rate).join(' / ');
  const ended = (contract: Contract) => (contract.endedAt ? format.dateTime(contract.endedAt) : contract.decidedAt ? format.dateTime(contract.decidedAt) : '—');

  if (isPhone) {
    return (
      <ul className="history-cards" data-testid="contract-history">
        {history.map((contract) => (
          <HistoryCard
            key={contract.id}
            attributes={{ 'data-testid': 'history-contract' }}
            title={party(contract)}
            aside={<ContractStatusBadge status={contract.status} />}
            lines={[
              <>
                <span>{t('history.version', { version: contract.version })}</span>
                <span>{t('history.topRate', { rate: rates(contract) })}</span>
              </>,
              <>
                <span>{t('history.offered', { time: format.dateTime(contract.offeredAt) })}</span>
                {contract.endedBy ? <span>{t('history.endedBy', { who: contract.endedBy })}</span> : null}
              </>,
            ]}
          />
        ))}
      </ul>
    );
  }
  const columns: Column<Contract>[] = [
    { key: 'party', header: t('history.columns.party'), cell: party },
    { key: 'version', header: t('history.columns.version'), numeric: true, cell: (contract) => contract.version },
    { key: 'topRate', header: t('history.columns.topRate'), numeric: true, cell: rates },
    {
      key: 'status',
      header: t('history.columns.status'),
      cell: (contract) => (
        <>
          <ContractStatusBadge status={contract.status} />
          {contract.endedBy ? <span className="contract-table__sub">{t('history.endedBy', { who: contract.endedBy })}</span> : null}
        </>
      ),
    },
    { key: 'offered', header: t('history.columns.offered'), cell: (contract) => format.dateTime(contract.offeredAt) },
    { key: 'decided', header: t('history.columns.decided'), cell: ended },
  ];
  return (
    <WalletTable columns={columns} rows={history} rowKey={(contract) => contract.id} testId="contract-history" rowAttributes={() => ({ 'data-testid': 'history-contract' })} />
  );
}
