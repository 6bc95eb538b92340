import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOTTERY_DRAW_STATUSES, type LotteryAdminDrawRow } from '@app/contracts';
import { SelectField } from '@app/ui';
import type { Column } from '../../shared/components/data-table.tsx';
import { Page } from '../../shared/components/page.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useLotteryDraws, useLotteryGames, type DrawFilter } from './lottery.api.ts';
import { useGameName } from './lottery-text.ts';
import './lottery.css';

const PAGE_SIZE = 25;

/** Draws (lottery.read) by game and status, with tickets, stake, potential payout and what was paid. */
export default function DrawsPage() {
  const { t, i18n } = useTranslation('admin-lottery');
  const { t: admin } = useTranslation('admin');
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<DrawFilter>({ gameCode: params.get('gameCode') ?? '', status: params.get('status') ?? '', page: 1 });
  const query = useLotteryDraws(filter);
  const games = useLotteryGames();
  const gameName = useGameName();
  const money = (amount: string) => <span className="lt-nowrap">{formatMoney(amount, i18n.language)}</span>;
  const nameOf = (code: string) => {
    const game = games.data?.games.find((each) => each.code === code);
    return game ? gameName(game) : code;
  };
  const columns: Column<LotteryAdminDrawRow>[] = [
    { key: 'draw', header: t('draws.columns.draw'), cell: (row) => <Link to={`/lottery/draws/${row.id}`} data-testid={`lt-draw-link-${row.id}`}>{row.drawNo}</Link> },
    { key: 'game', header: t('draws.columns.game'), cell: (row) => nameOf(row.gameCode) },
    { key: 'status', header: t('draws.columns.status'), cell: (row) => <span className={`lt-badge lt-badge--${row.status}`}>{t(`status.${row.status}`)}</span> },
    { key: 'drawAt', header: t('draws.columns.drawAt'), cell: (row) => <span className="lt-nowrap">{formatDateTime(row.drawAt, i18n.language)}</span> },
    { key: 'tickets', header: t('draws.columns.tickets'), cell: (row) => row.tickets, numeric: true },
    { key: 'stake', header: t('draws.columns.stake'), cell: (row) => money(row.stake), numeric: true },
    { key: 'potential', header: t('draws.columns.potential'), cell: (row) => <strong>{money(row.potentialPayout)}</strong>, numeric: true },
    { key: 'paid', header: t('draws.columns.paid'), cell: (row) => money(row.paid), numeric: true },
  ];
  return (
    <Page title={t('draws.title')} testId="lt-draws-page">
      <div className="bo-filters">
        <SelectField label={t('draws.game')} value={filter.gameCode} onValueChange={(gameCode) => setFilter({ ...filter, gameCode, page: 1 })} options={[{ value: '', label: admin('common.all') }, ...(games.data?.games ?? []).map((game) => ({ value: game.code, label: gameName(game) }))]} data-testid="lt-draws-game" />
        <SelectField label={t('draws.status')} value={filter.status} onValueChange={(status) => setFilter({ ...filter, status, page: 1 })} options={[{ value: '', label: admin('common.all') }, ...LOTTERY_DRAW_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]} data-testid="lt-draws-status" />
      </div>
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="lt-draws" empty={t('draws.empty')} pageNo={filter.page} pageSize={PAGE_SIZE} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
