import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@app/contracts';
import { Button } from '@app/ui';
import { Badge } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { longDay, ReportTable, type ReportColumn } from '../reports/index.ts';
import { useDashboard } from './dashboard.api.ts';
import './dashboard.css';

/** A pending withdrawal waiting this long is late (the queue's service level, payments area). */
const WITHDRAWAL_LATE_MINUTES = 30;

function Tile({ label, value, detail, tone, testId }: { label: string; value: ReactNode; detail?: ReactNode; tone?: 'bad'; testId: string }) {
  return (
    <div className="bo-card bo-tile" data-testid={testId}>
      <span className="bo-tile__label">{label}</span>
      <span className={tone ? `bo-tile__value bo-tile__value--${tone}` : 'bo-tile__value'} data-testid={`${testId}-value`}>
        {value}
      </span>
      {detail ? <span className="bo-tile__detail">{detail}</span> : null}
    </div>
  );
}

type Product = Dashboard['products'][number];

/** The console's home: today's figures (site time zone), bets per product, the ledger check and the system's state. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation('admin-reports');
  const query = useDashboard();
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  const productColumns: ReportColumn<Product>[] = [
    { key: 'type', header: t('columns.productType'), cell: (row) => t(`productTypes.${row.productType}`, { defaultValue: row.productType }) },
    { key: 'rounds', header: t('columns.rounds'), numeric: true, hideOnPhone: true, cell: (row) => count(row.rounds) },
    { key: 'bets', header: t('columns.bets'), numeric: true, cell: (row) => money(row.bets) },
    { key: 'wins', header: t('columns.wins'), numeric: true, hideOnPhone: true, cell: (row) => money(row.wins) },
    { key: 'ggr', header: t('columns.ggr'), numeric: true, cell: (row) => money(row.ggr) },
  ];

  return (
    <Page
      title={t('dashboard.title')}
      testId="dashboard-page"
      actions={
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="dashboard-refresh">
          {t('dashboard.refresh')}
        </Button>
      }
    >
      <QueryState query={query}>
        {() => {
          const board = query.data!;
          const pending = board.withdrawalsPending;
          const late = pending.oldestWaitingMinutes !== null && pending.oldestWaitingMinutes >= WITHDRAWAL_LATE_MINUTES;
          const ledgerTone = board.ledgerCheck.status === 'ok' ? 'ok' : board.ledgerCheck.status === 'problems' ? 'bad' : 'warn';
          return (
            <>
              <p className="bo-dash__meta" data-testid="dashboard-day">
                {t('dashboard.day', { day: longDay(board.day, i18n.language), timeZone: board.timeZone, time: formatDateTime(board.generatedAt, i18n.language) })}
              </p>
              <div className="bo-tiles bo-tiles--dash">
                <Tile testId="tile-registrations" label={t('dashboard.registrations')} value={count(board.registrations)} />
                <Tile
                  testId="tile-active"
                  label={t('dashboard.activePlayers')}
                  value={count(board.activePlayers.total)}
                  detail={t('dashboard.activeDetail', { bettors: count(board.activePlayers.bettors), loggedIn: count(board.activePlayers.loggedIn) })}
                />
                <Tile testId="tile-deposits" label={t('dashboard.deposits')} value={money(board.deposits.sum)} detail={t('dashboard.depositsDetail', { count: board.deposits.count })} />
                <Tile
                  testId="tile-withdrawals"
                  label={t('dashboard.withdrawalsPending')}
                  value={money(pending.sum)}
                  tone={late ? 'bad' : undefined}
                  detail={
                    <>
                      {t('dashboard.withdrawalsDetail', { count: pending.count, reviewing: pending.reviewing })}
                      <br />
                      {pending.oldestWaitingMinutes === null ? t('dashboard.noneWaiting') : t('dashboard.oldestWaiting', { minutes: pending.oldestWaitingMinutes })}
                    </>
                  }
                />
                <Tile
                  testId="tile-ggr"
                  label={t('dashboard.ggr')}
                  value={money(board.play.ggr)}
                  tone={board.play.ggr.startsWith('-') ? 'bad' : undefined}
                  detail={t('dashboard.ggrDetail', { bets: money(board.play.bets), wins: money(board.play.wins), rounds: count(board.play.rounds) })}
                />
              </div>
              <div className="bo-dash__grid">
                <section className="bo-card bo-dash__products" data-testid="dashboard-products">
                  <h2 className="bo-dash__section-title">{t('dashboard.products')}</h2>
                  {board.products.length === 0 ? (
                    <p className="bo-empty">{t('dashboard.noPlay')}</p>
                  ) : (
                    <ReportTable columns={productColumns} rows={board.products} rowKey={(row) => row.productType} testId="products" />
                  )}
                </section>
                <div className="bo-dash__side">
                  <section className="bo-card" data-testid="dashboard-ledger">
                    <h2 className="bo-dash__section-title">{t('dashboard.ledger')}</h2>
                    <dl className="bo-status">
                      <dt>{t('dashboard.ledgerStatus')}</dt>
                      <dd>
                        <Badge tone={ledgerTone} testId="ledger-status">
                          {t(`ledgerStatus.${board.ledgerCheck.status}`)}
                        </Badge>
                      </dd>
                      <dt>{t('dashboard.ledgerLastRun')}</dt>
                      <dd>{formatDateTime(board.ledgerCheck.finishedAt, i18n.language)}</dd>
                      {board.ledgerCheck.journals !== null ? (
                        <>
                          <dt>{t('dashboard.ledgerChecked')}</dt>
                          <dd>{t('dashboard.ledgerCounts', { journals: count(board.ledgerCheck.journals), entries: count(board.ledgerCheck.entries ?? 0) })}</dd>
                        </>
                      ) : null}
                      {board.ledgerCheck.problems > 0 ? (
                        <>
                          <dt>{t('dashboard.ledgerProblems')}</dt>
                          <dd>{count(board.ledgerCheck.problems)}</dd>
                        </>
                      ) : null}
                    </dl>
                    <p className="bo-dash__hint">{t('dashboard.ledgerHint')}</p>
                  </section>
                  <section className="bo-card" data-testid="dashboard-system">
                    <h2 className="bo-dash__section-title">{t('dashboard.system')}</h2>
                    <dl className="bo-status">
                      <dt>{t('dashboard.maintenance')}</dt>
                      <dd>
                        <Badge tone={board.system.maintenance ? 'bad' : 'ok'} testId="system-maintenance">
                          {board.system.maintenance ? t('dashboard.on') : t('dashboard.off')}
                        </Badge>
                      </dd>
                      <dt>{t('dashboard.regionRules')}</dt>
                      <dd>
                        <Badge tone="neutral">{board.system.regionRules ? t('dashboard.on') : t('dashboard.off')}</Badge>
                      </dd>
                      <dt>{t('dashboard.worker')}</dt>
                      <dd>
                        <Badge tone={board.system.workerAlive ? 'ok' : 'bad'} testId="system-worker">
                          {board.system.workerAlive ? t('dashboard.workerAlive') : board.system.workerSeenAt ? t('dashboard.workerSilent') : t('dashboard.workerNever')}
                        </Badge>
                      </dd>
                      <dt>{t('dashboard.workerSeen')}</dt>
                      <dd>{formatDateTime(board.system.workerSeenAt, i18n.language)}</dd>
                      <dt>{t('dashboard.rolledUntil')}</dt>
                      <dd>{formatDateTime(board.system.reportsRolledUntil, i18n.language)}</dd>
                    </dl>
                  </section>
                </div>
              </div>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
