import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LotteryAdminGame } from '@app/contracts';
import { Button } from '@app/ui';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { GameDialog } from './game-dialog.tsx';
import { useLotteryGames, useUpdateGame } from './lottery.api.ts';
import { newRequestId, useGameName } from './lottery-text.ts';
import './lottery.css';

/** Games and schedules (lottery.read): draw times, close-before, default cap; switch and edit (lottery.manage). */
export default function GamesPage() {
  const { t, i18n } = useTranslation('admin-lottery');
  const query = useLotteryGames();
  const update = useUpdateGame();
  const gameName = useGameName();
  const mayManage = useSession().can('lottery.manage');
  const [editing, setEditing] = useState<LotteryAdminGame | null>(null);
  const [notice, setNotice] = useState('');
  const schedule = (game: LotteryAdminGame) =>
    game.intervalMinutes !== null ? (
      t('games.every', { minutes: game.intervalMinutes })
    ) : (
      <span className="lt-schedule">
        {game.schedule.map((slot) => (
          <span className="lt-chip" key={slot.weekday}>
            {t(`weekday.${slot.weekday as 0}`)} {slot.time}
          </span>
        ))}
      </span>
    );
  const toggle = (game: LotteryAdminGame) => {
    setNotice('');
    update.mutate({ code: game.code, body: { requestId: newRequestId(), enabled: !game.enabled } }, { onSuccess: () => setNotice(t('games.saved', { game: gameName(game) })) });
  };
  const columns: Column<LotteryAdminGame>[] = [
    { key: 'game', header: t('games.columns.game'), cell: (game) => <span><strong>{gameName(game)}</strong><br /><span className="lt-small bo-muted">{game.code} · {t(`family.${game.family}`)}</span></span> },
    { key: 'schedule', header: t('games.columns.schedule'), cell: schedule },
    { key: 'close', header: t('games.columns.closeBefore'), cell: (game) => t('games.seconds', { seconds: game.closeBeforeSeconds }), numeric: true },
    { key: 'cap', header: t('games.columns.cap'), cell: (game) => <span className="lt-nowrap">{formatMoney(game.numberLiability, i18n.language)}</span>, numeric: true },
    {
      key: 'next',
      header: t('games.columns.next'),
      cell: (game) =>
        game.nextDraw ? (
          <Link to={`/lottery/draws/${game.nextDraw.id}`} className="lt-nowrap">
            {formatDateTime(game.nextDraw.drawAt, i18n.language)} <span className={`lt-badge lt-badge--${game.nextDraw.status}`}>{t(`status.${game.nextDraw.status}`)}</span>
          </Link>
        ) : (
          t('games.none')
        ),
    },
    { key: 'state', header: t('games.columns.state'), cell: (game) => <span className={`lt-badge lt-badge--${game.enabled ? 'on' : 'off'}`} data-testid={`lt-game-state-${game.code}`}>{t(game.enabled ? 'games.enabled' : 'games.disabled')}</span> },
    ...(mayManage
      ? [
          {
            key: 'actions',
            header: t('games.columns.actions'),
            cell: (game: LotteryAdminGame) => (
              <span className="lt-actions" style={{ margin: 0 }}>
                <Button size="sm" variant="outline" onClick={() => setEditing(game)} data-testid={`lt-game-edit-${game.code}`}>{t('games.edit')}</Button>
                <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => toggle(game)} data-testid={`lt-game-toggle-${game.code}`}>{t(game.enabled ? 'games.disable' : 'games.enable')}</Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <Page title={t('games.title')} testId="lt-games-page">
      <p className="bo-muted">{t('games.explain')}</p>
      {notice ? <p className="lt-notice" role="status" data-testid="lt-games-notice">{notice}</p> : null}
      <ErrorLine error={update.error} testId="lt-games-error" />
      <QueryState query={query}>{() => <DataTable rows={query.data?.games ?? []} columns={columns} rowKey={(game) => game.code} testId="lt-games" empty={t('games.empty')} />}</QueryState>
      {editing ? <GameDialog game={editing} onClose={() => setEditing(null)} onDone={(text) => { setEditing(null); setNotice(text); }} /> : null}
    </Page>
  );
}
