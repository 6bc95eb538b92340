import { useTranslation } from 'react-i18next';
import type { SettlementLine } from '@app/contracts';
import type { Column } from '@app/ui';
import { PHONE_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query.ts';
import { WalletTable } from '../../../wallet/index.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import { CardFigure, HistoryCard } from './history-card.tsx';
import { LineStatusBadge } from './status-badge.tsx';
import './settlement-lines.css';

export type SettlementSide = 'received' | 'paid';

interface LinesProps {
  lines: readonly SettlementLine[];
  side: SettlementSide;
  format: ContractFormat;
}

/**
 * Who pays a line (docs/agent-commissions.md "Who pays"): the platform for an operator-granted
 * contract, else the upline who offered it, which is the caller itself on the "paid" side.
 */
function usePayer(side: SettlementSide) {
  const { t } = useTranslation('contracts');
  return (line: SettlementLine) => (line.paidBy === 'platform' || line.payer === null ? t('party.platform') : side === 'paid' ? t('records.you') : line.payer);
}

/** The status, and for a line that pays nothing, why (a team that won is not "no tier reached"). */
function LineState({ line }: { line: SettlementLine }) {
  const { t } = useTranslation('contracts');
  return (
    <>
      <LineStatusBadge status={line.status} />
      {line.outcome ? (
        <span className="contract-line-outcome" data-testid="line-outcome" data-outcome={line.outcome}>
          {t(`records.outcome.${line.outcome}`)}
        </span>
      ) : null}
    </>
  );
}

/** Settlement lines: a table on wide screens, stacked cards on phones. */
export function SettlementLines(props: LinesProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  return isPhone ? <LineCards {...props} /> : <LineTable {...props} />;
}

function LineTable({ lines, side, format }: LinesProps) {
  const { t } = useTranslation('contracts');
  const payer = usePayer(side);
  const money = (key: 'base' | 'gross' | 'childrenGross' | 'net'): Column<SettlementLine> => ({
    key,
    header: t(`records.columns.${key}`),
    numeric: true,
    cell: (line) => format.money(line[key]),
  });
  const columns: Column<SettlementLine>[] = [
    {
      key: 'period',
      header: t('records.columns.period'),
      cell: (line) => (
        <>
          {format.period(line.periodStart, line.periodEnd)}
          {line.version > 1 ? <span className="contract-table__sub">{t('records.delta', { version: line.version })}</span> : null}
        </>
      ),
    },
    ...(side === 'paid' ? [{ key: 'agent', header: t('records.columns.agent'), testId: 'line-agent', cell: (line: SettlementLine) => line.agent }] : []),
    { key: 'payer', header: t('records.columns.payer'), testId: 'line-payer', cell: payer },
    money('base'),
    { key: 'active', header: t('records.columns.active'), numeric: true, cell: (line) => format.count(line.activeMembers) },
    { key: 'rate', header: t('records.columns.rate'), numeric: true, cell: (line) => format.rate(line.rate) },
    money('gross'),
    money('childrenGross'),
    money('net'),
    {
      key: 'amount',
      header: t('records.columns.amount'),
      numeric: true,
      cell: (line) => (
        <span className="amount" data-testid="line-amount">
          {format.money(line.amount)}
        </span>
      ),
    },
    { key: 'status', header: t('records.columns.status'), cell: (line) => <LineState line={line} /> },
  ];
  return (
    <WalletTable
      className="contract-lines"
      columns={columns}
      rows={lines}
      rowKey={(line) => line.id}
      testId="settlement-table"
      rowAttributes={(line) => ({ 'data-testid': 'settlement-line', 'data-status': line.status })}
    />
  );
}

function LineCards({ lines, side, format }: LinesProps) {
  const { t } = useTranslation('contracts');
  const payer = usePayer(side);
  return (
    <ul className="history-cards" data-testid="settlement-cards">
      {lines.map((line) => (
        <HistoryCard
          key={line.id}
          attributes={{ 'data-testid': 'settlement-line', 'data-status': line.status }}
          title={format.period(line.periodStart, line.periodEnd)}
          aside={
            <span className="amount" data-testid="line-amount">
              {format.money(line.amount)}
            </span>
          }
          lines={[
            <>
              {side === 'paid' ? (
                <CardFigure label={t('records.columns.agent')} testId="line-agent">
                  {line.agent}
                </CardFigure>
              ) : null}
              <CardFigure label={t('records.columns.payer')} testId="line-payer">
                {payer(line)}
              </CardFigure>
            </>,
            <>
              <CardFigure label={t('records.columns.base')}>{format.money(line.base)}</CardFigure>
              <CardFigure label={t('records.columns.rate')}>{format.rate(line.rate)}</CardFigure>
              <CardFigure label={t('records.columns.active')}>{format.count(line.activeMembers)}</CardFigure>
            </>,
            <>
              <CardFigure label={t('records.columns.gross')}>{format.money(line.gross)}</CardFigure>
              <CardFigure label={t('records.columns.childrenGross')}>{format.money(line.childrenGross)}</CardFigure>
              <CardFigure label={t('records.columns.net')}>{format.money(line.net)}</CardFigure>
              {line.version > 1 ? <span>{t('records.delta', { version: line.version })}</span> : null}
            </>,
            <span className="settlement-card__state">
              <LineState line={line} />
            </span>,
          ]}
        />
      ))}
    </ul>
  );
}
