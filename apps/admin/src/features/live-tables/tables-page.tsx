import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BACCARAT_SPOTS, ROULETTE_BET_TYPES, type LiveAdminTable } from '@app/contracts';
import { Button } from '@app/ui';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { LimitsDialog } from './limits-dialog.tsx';
import { useLiveTables } from './live.api.ts';
import { useTableName } from './live-text.ts';
import { useSpotName } from './result-view.tsx';
import { NewShoeDialog, StatusDialog } from './table-dialogs.tsx';
import './live.css';

/** Limits in the game's own order (the database keeps JSON keys in its own). */
const orderedLimits = (table: LiveAdminTable) => {
  const order: readonly string[] = table.game === 'baccarat' ? BACCARAT_SPOTS : ROULETTE_BET_TYPES;
  return Object.entries(table.limits.perType).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
};

type Dialog = { kind: 'status' | 'limits' | 'shoe'; table: LiveAdminTable } | null;

/** Live tables (live.read): status, round in play, shoe, limits, window; open/close, limits and a new shoe (live.manage). */
export default function TablesPage() {
  const { t, i18n } = useTranslation('admin-live');
  const query = useLiveTables();
  const tableName = useTableName();
  const spotName = useSpotName();
  const mayManage = useSession().can('live.manage');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState('');
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const done = (text: string) => {
    setDialog(null);
    setNotice(text);
  };
  const columns: Column<LiveAdminTable>[] = [
    { key: 'table', header: t('tables.columns.table'), cell: (table) => <span><strong className="lv-nowrap">{tableName(table)}</strong><br /><span className="lv-small bo-muted"><span className="lv-nowrap">{table.code}</span> · {t(`game.${table.game}`)}<br />{t('tables.played', { count: table.roundsPlayed })}</span></span> },
    {
      key: 'status',
      header: t('tables.columns.status'),
      cell: (table) => (
        <span>
          <span className={`lv-badge lv-badge--${table.status}`} data-testid={`lv-table-status-${table.code}`}>{t(`status.${table.status}`)}</span>
          <br />
          <span className="lv-small lv-nowrap" title={t('tables.columns.betting')}>{t('tables.window', { seconds: table.bettingSeconds })}</span>
        </span>
      ),
    },
    {
      key: 'round',
      header: t('tables.columns.round'),
      cell: (table) => (table.currentRound ? <Link to={`/live/rounds/${table.currentRound.id}`} className="lv-nowrap">{t('tables.roundOf', { number: table.currentRound.number, phase: t(`phase.${table.currentRound.phase}`) })}</Link> : <span className="bo-muted">{t('tables.noRound')}</span>),
    },
    {
      key: 'shoe',
      header: t('tables.columns.shoe'),
      cell: (table) => (table.shoe ? <span><span className="lv-mono lv-nowrap" title={table.shoe.hash}>{table.shoe.hash.slice(0, 12)}…</span><br /><span className="lv-small">{t('tables.shoeOf', { hands: table.shoe.handsPlayed, cards: table.shoe.cardsLeft })}</span></span> : t('tables.noShoe')),
    },
    {
      key: 'limits',
      header: t('tables.columns.limits'),
      cell: (table) => (
        <span className="lv-limits lv-limits--column">
          {orderedLimits(table).map(([type, limit]) => (
            <span key={type}>{spotName(type)}: {money(limit.min)}–{money(limit.max)}</span>
          ))}
          <strong className="lv-nowrap">{t('tables.roundMax', { amount: money(table.limits.roundMax) })}</strong>
        </span>
      ),
    },
    ...(mayManage
      ? [
          {
            key: 'actions',
            header: t('tables.columns.actions'),
            cell: (table: LiveAdminTable) => (
              <span className="lv-actions">
                <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'status', table })} data-testid={`lv-table-toggle-${table.code}`}>{t(table.status === 'open' ? 'tables.close' : 'tables.open')}</Button>
                <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'limits', table })} data-testid={`lv-table-edit-${table.code}`}>{t('tables.edit')}</Button>
                {table.game === 'baccarat' && table.shoe ? <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'shoe', table })} data-testid={`lv-table-shoe-${table.code}`}>{t('tables.newShoe')}</Button> : null}
              </span>
            ),
          },
        ]
      : []),
  ];
  const close = () => setDialog(null);
  return (
    <Page title={t('tables.title')} testId="lv-tables-page">
      <p className="bo-muted">{t('tables.explain')}</p>
      {notice ? <p className="lv-notice" role="status" data-testid="lv-tables-notice">{notice}</p> : null}
      <QueryState query={query}>{() => <DataTable rows={query.data?.tables ?? []} columns={columns} rowKey={(table) => table.code} testId="lv-tables" empty={t('tables.empty')} />}</QueryState>
      {dialog?.kind === 'status' ? <StatusDialog table={dialog.table} onClose={close} onDone={done} /> : null}
      {dialog?.kind === 'limits' ? <LimitsDialog table={dialog.table} onClose={close} onDone={done} /> : null}
      {dialog?.kind === 'shoe' ? <NewShoeDialog table={dialog.table} onClose={close} onDone={done} /> : null}
    </Page>
  );
}
