import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTTERY_PRIZE_MODES, type LotteryAdminOddsRow } from '@app/contracts';
import { Button, SelectField } from '@app/ui';
import type { Column } from '../../shared/components/data-table.tsx';
import { DataTable } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { useLotteryGames, useLotteryOdds } from './lottery.api.ts';
import { oddsText, useGameName, useLotteryText } from './lottery-text.ts';
import { OddsDialog } from './odds-dialog.tsx';
import './lottery.css';

/** Odds tables (lottery.read): per prize mode, game and bet type; edit one (lottery.manage). */
export default function OddsPage() {
  const { t, i18n } = useTranslation('admin-lottery');
  const { t: admin } = useTranslation('admin');
  const games = useLotteryGames();
  const gameName = useGameName();
  const { betTypeName, prizeKeyName } = useLotteryText();
  const [filter, setFilter] = useState({ gameCode: '', prizeMode: '' });
  const query = useLotteryOdds(filter);
  const mayManage = useSession().can('lottery.manage');
  const [editing, setEditing] = useState<LotteryAdminOddsRow | null>(null);
  const [notice, setNotice] = useState('');
  const nameOf = (code: string) => {
    const game = games.data?.games.find((each) => each.code === code);
    return game ? gameName(game) : code;
  };
  const rowId = (row: LotteryAdminOddsRow) => `${row.gameCode}-${row.prizeMode}-${row.betType}`;
  const columns: Column<LotteryAdminOddsRow>[] = [
    { key: 'game', header: t('odds.columns.game'), cell: (row) => nameOf(row.gameCode) },
    { key: 'mode', header: t('odds.columns.mode'), cell: (row) => row.prizeMode },
    { key: 'bet', header: t('odds.columns.betType'), cell: (row) => <span><strong>{betTypeName(row.betType)}</strong>{row.enabled ? null : <> <span className="lt-badge lt-badge--off">{t('games.disabled')}</span></>}</span> },
    {
      key: 'odds',
      header: t('odds.columns.odds'),
      cell: (row) => (
        <span className="lt-odds" data-testid={`lt-odds-${rowId(row)}`}>
          {Object.entries(row.odds).map(([key, value]) => (
            <span key={key}>{prizeKeyName(key)}: <strong className="lt-num">{oddsText(value, i18n.language)}</strong></span>
          ))}
        </span>
      ),
    },
    { key: 'updated', header: t('odds.columns.updated'), cell: (row) => <span className="lt-small">{row.updatedBy ? t('odds.by', { when: formatDateTime(row.updatedAt, i18n.language), who: row.updatedBy }) : formatDateTime(row.updatedAt, i18n.language)}</span> },
    ...(mayManage ? [{ key: 'edit', header: t('games.columns.actions'), hiddenHeader: true, cell: (row: LotteryAdminOddsRow) => <Button size="sm" variant="outline" onClick={() => setEditing(row)} data-testid={`lt-odds-edit-${rowId(row)}`}>{t('odds.edit')}</Button> }] : []),
  ];
  return (
    <Page title={t('odds.title')} testId="lt-odds-page">
      <p className="bo-muted">{t('odds.explain')}</p>
      <div className="bo-filters">
        <SelectField label={t('odds.game')} value={filter.gameCode} onValueChange={(gameCode) => setFilter({ ...filter, gameCode })} options={[{ value: '', label: admin('common.all') }, ...(games.data?.games ?? []).map((game) => ({ value: game.code, label: gameName(game) }))]} data-testid="lt-odds-game" />
        <SelectField label={t('odds.prizeMode')} value={filter.prizeMode} onValueChange={(prizeMode) => setFilter({ ...filter, prizeMode })} options={[{ value: '', label: admin('common.all') }, ...LOTTERY_PRIZE_MODES.map((mode) => ({ value: mode, label: mode }))]} data-testid="lt-odds-mode" />
      </div>
      {notice ? <p className="lt-notice" role="status" data-testid="lt-odds-notice">{notice}</p> : null}
      <QueryState query={query}>{() => <DataTable rows={query.data?.tables ?? []} columns={columns} rowKey={rowId} testId="lt-odds" empty={t('odds.empty')} />}</QueryState>
      {editing ? <OddsDialog table={editing} gameName={nameOf(editing.gameCode)} onClose={() => setEditing(null)} onDone={(text) => { setEditing(null); setNotice(text); }} /> : null}
    </Page>
  );
}
