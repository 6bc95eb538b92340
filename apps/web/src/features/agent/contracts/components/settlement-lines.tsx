import { useTranslation } from 'react-i18next';
import type { SettlementLine } from '@app/contracts';
import { PHONE_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import { LineStatusBadge } from './status-badge.tsx';

export type SettlementSide = 'received' | 'paid';

interface LinesProps {
  lines: readonly SettlementLine[];
  side: SettlementSide;
  format: ContractFormat;
}

/** Who is on the other side of a line: the payer of money received (null = the platform), the downline paid. */
function useCounterparty(side: SettlementSide) {
  const { t } = useTranslation('contracts');
  return (line: SettlementLine) => (side === 'received' ? (line.payer ?? t('party.platform')) : line.agent);
}

/** Settlement lines: a table on wide screens, stacked cards on phones. */
export function SettlementLines(props: LinesProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  return isPhone ? <LineCards {...props} /> : <LineTable {...props} />;
}

function LineTable({ lines, side, format }: LinesProps) {
  const { t } = useTranslation('contracts');
  const counterparty = useCounterparty(side);
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table contract-lines" data-testid="settlement-table">
        <thead>
          <tr>
            <th scope="col">{t('records.columns.period')}</th>
            <th scope="col">{side === 'received' ? t('records.columns.payer') : t('records.columns.agent')}</th>
            <th scope="col" className="is-numeric">
              {t('records.columns.base')}
            </th>
            <th scope="col" className="is-numeric">
              {t('records.columns.active')}
            </th>
            <th scope="col" className="is-numeric">
              {t('records.columns.rate')}
            </th>
            <th scope="col" className="is-numeric">
              {t('records.columns.gross')}
            </th>
            <th scope="col" className="is-numeric">
              {t('records.columns.childrenGross')}
            </th>
            <th scope="col" className="is-numeric">
              {t('records.columns.net')}
            </th>
            <th scope="col" className="is-numeric">
              {t('records.columns.amount')}
            </th>
            <th scope="col">{t('records.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-testid="settlement-line" data-status={line.status}>
              <td>
                {format.period(line.periodStart, line.periodEnd)}
                {line.version > 1 ? <span className="contract-table__sub">{t('records.delta', { version: line.version })}</span> : null}
              </td>
              <td data-testid="line-counterparty">{counterparty(line)}</td>
              <td className="is-numeric">{format.money(line.base)}</td>
              <td className="is-numeric">{format.count(line.activeMembers)}</td>
              <td className="is-numeric">{format.rate(line.rate)}</td>
              <td className="is-numeric">{format.money(line.gross)}</td>
              <td className="is-numeric">{format.money(line.childrenGross)}</td>
              <td className="is-numeric">{format.money(line.net)}</td>
              <td className="is-numeric">
                <span className="amount" data-testid="line-amount">
                  {format.money(line.amount)}
                </span>
              </td>
              <td>
                <LineStatusBadge status={line.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LineCards({ lines, side, format }: LinesProps) {
  const { t } = useTranslation('contracts');
  const counterparty = useCounterparty(side);
  return (
    <ul className="history-cards" data-testid="settlement-cards">
      {lines.map((line) => (
        <li key={line.id} className="history-card" data-testid="settlement-line" data-status={line.status}>
          <div className="history-card__top">
            <span className="history-card__type">{format.period(line.periodStart, line.periodEnd)}</span>
            <span className="amount" data-testid="line-amount">
              {format.money(line.amount)}
            </span>
          </div>
          <div className="history-card__meta">
            <span data-testid="line-counterparty">
              {side === 'received' ? t('records.columns.payer') : t('records.columns.agent')}: {counterparty(line)}
            </span>
            <LineStatusBadge status={line.status} />
          </div>
          <div className="history-card__meta">
            <span>
              {t('records.columns.base')}: {format.money(line.base)}
            </span>
            <span>
              {t('records.columns.rate')}: {format.rate(line.rate)}
            </span>
            <span>
              {t('records.columns.active')}: {format.count(line.activeMembers)}
            </span>
          </div>
          <div className="history-card__meta">
            <span>
              {t('records.columns.gross')}: {format.money(line.gross)}
            </span>
            <span>
              {t('records.columns.childrenGross')}: {format.money(line.childrenGross)}
            </span>
            <span>
              {t('records.columns.net')}: {format.money(line.net)}
            </span>
            {line.version > 1 ? <span>{t('records.delta', { version: line.version })}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
