import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ChevronLeftIcon, Chips, CoinsIcon } from '@app/ui';
import type { ProfitLossReport } from '@app/contracts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { EmptyState, SignedAmount } from '../../wallet/index.ts';
import type { ProfitLossFilters } from '../api/agent.api.ts';
import { profitLossQueryOptions } from '../api/agent.queries.ts';
import { CsvButton } from './csv-button.tsx';
import { csvMoney, type CsvLanguage } from './csv.ts';
import { DataTable, type Column } from './data-table.tsx';
import { PeriodFilter, PeriodLabel } from './period-filter.tsx';
import { ReportBody, useAgentFormat } from './report-kit.tsx';
import { usePeriod } from './use-period.ts';

type Row = ProfitLossReport['rows'][number];
type GroupBy = ProfitLossFilters['groupBy'];

/**
 * palStatementsAgentCopy: the team's result by member (the agent's own play, then each direct
 * downline with its whole team; a team opens into its own members) or by day.
 */
export function ProfitLossPage() {
  const { t } = useTranslation('agent');
  const token = useSessionToken();
  const period = usePeriod('today');
  const [groupBy, setGroupBy] = useState<GroupBy>('member');
  // The downlines drilled into, outermost first; empty is the agent's own tree.
  const [trail, setTrail] = useState<string[]>([]);
  const filters: ProfitLossFilters = { period: period.selection ?? { period: 'today' }, groupBy, account: trail.at(-1) ?? '' };
  const report = useQuery(profitLossQueryOptions(token, filters, period.selection !== null));
  const format = useAgentFormat(report.data?.period.timeZone);
  const count = (value: number) => format.points(String(value));

  const label = (row: Row) => {
    if (row.scope === 'day') return <span data-testid="pl-day">{format.day(row.key)}</span>;
    if (row.scope === 'self' || row.teamSize === 0) {
      // The agent's own play, or a downline with no team of its own: nothing to open.
      return (
        <span className="agent-link agent-link--static">
          <span className="agent-link__main">{row.key}</span>
          <span className="agent-link__sub">{row.scope === 'self' ? t('pl.self') : t('pl.noTeam')}</span>
        </span>
      );
    }
    return (
      <button type="button" className="agent-link" onClick={() => setTrail((current) => [...current, row.key])} data-testid="pl-drill" data-account={row.key}>
        <span className="agent-link__main">{row.key}</span>
        <span className="agent-link__sub">{t('pl.openTeam')}</span>
      </button>
    );
  };

  const columns: Column<Row>[] = [
    { id: 'key', header: groupBy === 'day' ? t('pl.columns.day') : t('pl.columns.member'), cell: label },
    ...(groupBy === 'member' ? [{ id: 'teamSize', header: t('pl.columns.teamSize'), numeric: true, cell: (row: Row) => (row.scope === 'team' ? count(row.teamSize) : '—') }] : []),
    { id: 'bets', header: t('figures.bets'), numeric: true, cell: (row) => count(row.figures.bets) },
    { id: 'stake', header: t('figures.stake'), numeric: true, cell: (row) => format.money(row.figures.stake) },
    { id: 'validBet', header: t('figures.validBet'), numeric: true, cell: (row) => format.money(row.figures.validBet) },
    { id: 'payout', header: t('figures.payout'), numeric: true, cell: (row) => format.money(row.figures.payout) },
    { id: 'profitLoss', header: t('figures.profitLoss'), numeric: true, cell: (row) => <SignedAmount amount={row.figures.profitLoss} format={format} /> },
    { id: 'deposits', header: t('figures.deposits'), numeric: true, cell: (row) => format.money(row.figures.deposits) },
    { id: 'withdrawals', header: t('figures.withdrawals'), numeric: true, cell: (row) => format.money(row.figures.withdrawals) },
  ];

  const totalCells = (total: ProfitLossReport['total']) => ({
    key: <strong>{t('pl.total')}</strong>,
    bets: count(total.bets),
    stake: format.money(total.stake),
    validBet: format.money(total.validBet),
    payout: format.money(total.payout),
    profitLoss: <SignedAmount amount={total.profitLoss} format={format} testId="pl-total-profitLoss" />,
    deposits: format.money(total.deposits),
    withdrawals: format.money(total.withdrawals),
  });

  /** The report as shown (same rows and total), one line per row, for a spreadsheet. */
  const csvOf = (data: ProfitLossReport, language: CsvLanguage) => {
    const figures = (value: ProfitLossReport['total']) => [value.bets, ...(['stake', 'validBet', 'payout', 'profitLoss', 'deposits', 'withdrawals'] as const).map((name) => csvMoney(value[name], language))];
    const byMember = groupBy === 'member';
    return {
      fileName: `${t('csv.files.profitLoss')}_${data.root}_${data.period.from}_${data.period.to}.csv`,
      header: [
        byMember ? t('pl.columns.member') : t('pl.columns.day'),
        ...(byMember ? [t('pl.columns.teamSize')] : []),
        ...(['bets', 'stake', 'validBet', 'payout', 'profitLoss', 'deposits', 'withdrawals'] as const).map((name) => (name === 'bets' ? t('figures.bets') : t('csv.inReais', { label: t(`figures.${name}`) }))),
      ],
      rows: [
        ...data.rows.map((row) => [row.key, ...(byMember ? [row.scope === 'team' ? row.teamSize : ''] : []), ...figures(row.figures)]),
        [t('pl.total'), ...(byMember ? [''] : []), ...figures(data.total)],
      ],
    };
  };

  return (
    <div className="wallet-page" data-testid="profit-loss">
      <section className="wallet-card wallet-filters agent-filters" aria-label={t('filters.label')}>
        <PeriodFilter control={period} />
        <div className="range-filter agent-groupby">
          <span className="range-filter__label" aria-hidden="true">
            {t('pl.groupBy')}
          </span>
          <Chips
            label={t('pl.groupBy')}
            value={groupBy}
            onChange={setGroupBy}
            items={[
              { id: 'member', label: t('pl.byMember'), testId: 'pl-by-member' },
              { id: 'day', label: t('pl.byDay'), testId: 'pl-by-day' },
            ]}
          />
        </div>
      </section>
      <nav className="agent-breadcrumb" aria-label={t('pl.breadcrumb')} data-testid="pl-breadcrumb">
        {trail.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => setTrail((current) => current.slice(0, -1))} data-testid="pl-back">
            <ChevronLeftIcon size={16} />
            {t('pl.back')}
          </Button>
        ) : null}
        <ol className="agent-breadcrumb__list">
          {[null, ...trail].map((account, index) => {
            const isLast = index === trail.length;
            const text = account ?? t('pl.myTeam');
            return (
              <li key={account ?? '/'} className="agent-breadcrumb__item">
                {isLast ? (
                  <span aria-current="page" data-testid="pl-crumb-current">
                    {text}
                  </span>
                ) : (
                  <button type="button" className="agent-link" onClick={() => setTrail(trail.slice(0, index))} data-testid="pl-crumb">
                    {text}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {period.selection === null ? null : (
        <ReportBody query={report} testId="pl-results">
          {(data) => (
            <section className="wallet-card">
              <p className="agent-report-meta">
                <PeriodLabel period={data.period} format={format} />
                <span>{t('pl.rootHint', { account: data.root })}</span>
                <CsvButton build={(language) => csvOf(data, language)} disabled={report.isPlaceholderData} testId="pl-csv" />
              </p>
              {data.rows.length === 0 ? (
                <EmptyState testId="pl-empty" icon={<CoinsIcon size={22} />}>
                  {t('pl.empty')}
                </EmptyState>
              ) : (
                <DataTable columns={columns} rows={data.rows} rowKey={(row) => `${row.scope}:${row.key}`} testId="pl-table" rowTestId="pl-row" footer={totalCells(data.total)} />
              )}
            </section>
          )}
        </ReportBody>
      )}
    </div>
  );
}
