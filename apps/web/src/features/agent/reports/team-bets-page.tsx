import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardsIcon, type SelectOption } from '@app/ui';
import { GAME_TYPES, type GameType, type TeamBet } from '@app/contracts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import { RoundStatusChip, useGameTypeLabel } from '../../betting/index.ts';
import '../../betting/components/betting.css';
import { EmptyState, SignedAmount } from '../../wallet/index.ts';
import { fetchTeamBets } from '../api/agent.api.ts';
import { teamBetsQueryOptions } from '../api/agent.queries.ts';
import { CsvButton } from './csv-button.tsx';
import { allPages, csvMoney, type CsvLanguage } from './csv.ts';
import { DataTable, type Column } from './data-table.tsx';
import { PeriodLabel } from './period-filter.tsx';
import { Pager, ReportBody, Stat, useAgentFormat } from './report-kit.tsx';
import { TeamListFilters, useTeamListFilters } from './team-list-filters.tsx';
import { usePeriod } from './use-period.ts';

export const TEAM_BETS_PAGE_SIZE = 20;
type TypeChoice = GameType | 'all';

/** personalHistoryCopy in the agent centre: the team's game rounds, with the period's totals. */
export function TeamBetsPage() {
  const { t, i18n } = useTranslation(['agent', 'betting']);
  const token = useSessionToken();
  const period = usePeriod('today');
  const list = useTeamListFilters<GameType>();
  const filters = { period: period.selection ?? { period: 'today' as const }, account: list.account, gameType: list.type, pageNo: list.pageNo, pageSize: TEAM_BETS_PAGE_SIZE, language: currentLanguage(i18n) };
  const page = useQuery(teamBetsQueryOptions(token, filters, period.selection !== null));
  const format = useAgentFormat(page.data?.period.timeZone);
  const typeLabel = useGameTypeLabel();
  const typeOptions: SelectOption<TypeChoice>[] = [{ value: 'all', label: t('bets.allTypes') }, ...GAME_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))];

  const columns: Column<TeamBet>[] = [
    { id: 'account', header: t('bets.columns.account'), cell: (row) => <strong>{row.account}</strong> },
    { id: 'time', wrap: true, header: t('bets.columns.time'), cell: (row) => <time dateTime={row.openedAt}>{format.dateTime(row.openedAt)}</time> },
    {
      id: 'game',
      header: t('bets.columns.game'),
      cell: (row) => (
        <span className="betting-game" title={t('bets.roundRef', { roundId: row.roundId })}>
          <span className="betting-game__name">{row.gameName}</span>
          <span className="betting-game__vendor">{row.vendor}</span>
        </span>
      ),
    },
    { id: 'type', header: t('bets.columns.type'), cell: (row) => typeLabel(row.gameType) },
    { id: 'stake', header: t('bets.columns.stake'), numeric: true, cell: (row) => format.money(row.stake) },
    { id: 'payout', header: t('bets.columns.payout'), numeric: true, cell: (row) => format.money(row.payout) },
    { id: 'validBet', header: t('bets.columns.validBet'), numeric: true, cell: (row) => format.money(row.validBet) },
    { id: 'profitLoss', header: t('bets.columns.profitLoss'), numeric: true, cell: (row) => <SignedAmount amount={row.profitLoss} format={format} /> },
    { id: 'status', header: t('bets.columns.status'), cell: (row) => <RoundStatusChip status={row.status} /> },
  ];

  /** Every round the filters find (not only this page), for a spreadsheet. */
  const csvOf = async (language: CsvLanguage) => {
    const rows = await allPages((pageNo, pageSize) => fetchTeamBets({ ...filters, pageNo, pageSize }));
    const resolved = page.data?.period;
    return {
      fileName: `${t('csv.files.bets')}_${resolved?.from ?? ''}_${resolved?.to ?? ''}.csv`,
      header: [
        t('bets.columns.account'),
        t('bets.columns.time'),
        t('bets.columns.game'),
        t('csv.vendor'),
        t('csv.round'),
        t('bets.columns.type'),
        ...(['stake', 'payout', 'validBet', 'profitLoss'] as const).map((name) => t('csv.inReais', { label: t(`bets.columns.${name}`) })),
        t('bets.columns.status'),
      ],
      rows: rows.map((row) => [
        row.account,
        format.dateTime(row.openedAt),
        row.gameName,
        row.vendor,
        row.roundId,
        typeLabel(row.gameType),
        ...[row.stake, row.payout, row.validBet, row.profitLoss].map((amount) => csvMoney(amount, language)),
        t(`betting:status.${row.status}`),
      ]),
    };
  };

  return (
    <div className="wallet-page" data-testid="team-bets">
      <TeamListFilters period={period} filters={list} typeLabel={t('bets.typeLabel')} typeOptions={typeOptions} testIdPrefix="bets" />
      {period.selection === null ? null : (
        <ReportBody query={page} testId="bets-results">
          {(data) => (
            <>
              <p className="agent-report-meta">
                <PeriodLabel period={data.period} format={format} />
                <CsvButton build={csvOf} disabled={page.isPlaceholderData || data.total === 0} testId="bets-csv" />
              </p>
              <div className="agent-stats agent-stats--four" aria-label={t('bets.totalsTitle')} data-testid="bets-totals">
                <Stat label={t('bets.columns.stake')} value={format.money(data.totals.stake)} testId="bets-total-stake" />
                <Stat label={t('bets.columns.payout')} value={format.money(data.totals.payout)} testId="bets-total-payout" />
                <Stat label={t('bets.columns.validBet')} value={format.money(data.totals.validBet)} testId="bets-total-validBet" />
                <Stat
                  label={t('bets.columns.profitLoss')}
                  value={<SignedAmount amount={data.totals.profitLoss} format={format} />}
                  hint={t('figures.profitLossHint')}
                  testId="bets-total-profitLoss"
                  tone="highlight"
                />
              </div>
              <section className="wallet-card">
                {data.content.length === 0 ? (
                  <EmptyState testId="bets-empty" icon={<CardsIcon size={22} />}>
                    {t('bets.empty')}
                  </EmptyState>
                ) : (
                  <DataTable columns={columns} rows={data.content} rowKey={(row) => `${row.vendor}:${row.roundId}`} testId="bets-table" rowTestId="bet-row" />
                )}
                <Pager page={data} totalLabel={t('bets.total', { count: data.total })} onPage={list.setPageNo} disabled={page.isFetching} testId="bets-pager" />
              </section>
            </>
          )}
        </ReportBody>
      )}
    </div>
  );
}
