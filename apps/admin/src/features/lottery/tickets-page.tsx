import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOTTERY_TICKET_STATUSES, type LotteryAdminTicketRow } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import type { Column } from '../../shared/components/data-table.tsx';
import { Page } from '../../shared/components/page.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useLotteryTickets, type TicketFilter } from './lottery.api.ts';
import { useLotteryText } from './lottery-text.ts';
import './lottery.css';

const PAGE_SIZE = 25;

/** Tickets (lottery.read) of a draw or a member, by status, newest first, with their return. */
export default function TicketsPage() {
  const { t, i18n } = useTranslation('admin-lottery');
  const { t: admin } = useTranslation('admin');
  const { betTypeName } = useLotteryText();
  const { t: errors } = useTranslation('errors');
  const [params] = useSearchParams();
  const initial: TicketFilter = { drawId: params.get('drawId') ?? '', member: params.get('member') ?? '', status: '', page: 1 };
  const [draft, setDraft] = useState(initial);
  const [filter, setFilter] = useState(initial);
  const query = useLotteryTickets(filter);
  const money = (amount: string) => <span className="lt-nowrap">{formatMoney(amount, i18n.language)}</span>;
  const drawIdInvalid = draft.drawId.trim() !== '' && !/^\d{1,18}$/.test(draft.drawId.trim());
  const columns: Column<LotteryAdminTicketRow>[] = [
    { key: 'id', header: t('tickets.columns.id'), cell: (row) => `#${row.id}` },
    { key: 'member', header: t('tickets.columns.member'), cell: (row) => row.member },
    { key: 'draw', header: t('tickets.columns.draw'), cell: (row) => <Link to={`/lottery/draws/${row.drawId}`}>{row.gameCode} · {row.drawNo}</Link> },
    { key: 'bet', header: t('tickets.columns.bet'), cell: (row) => <span>{betTypeName(row.betType)} · {row.prizeMode}<br /><span className="lt-small bo-muted">{t('tickets.combos', { count: row.combinations })}</span></span> },
    { key: 'selections', header: t('tickets.columns.selections'), cell: (row) => <span className="lt-num">{row.selections.join(' ')}</span> },
    { key: 'stake', header: t('tickets.columns.stake'), cell: (row) => money(row.totalStake), numeric: true },
    {
      key: 'status',
      header: t('tickets.columns.status'),
      cell: (row) => (
        <span>
          <span className={`lt-badge lt-badge--${row.status}`}>{t(`ticketStatus.${row.status}`)}</span>
          {row.resettlements > 0 ? <><br /><span className="lt-small">{t('tickets.resettled', { count: row.resettlements })}</span></> : null}
        </span>
      ),
    },
    { key: 'return', header: t('tickets.columns.return'), cell: (row) => (row.return === null ? '—' : money(row.return)), numeric: true },
    { key: 'at', header: t('tickets.columns.at'), cell: (row) => <span className="lt-nowrap">{formatDateTime(row.createdAt, i18n.language)}</span> },
  ];
  return (
    <Page title={t('tickets.title')} testId="lt-tickets-page">
      <form
        className="bo-filters"
        onSubmit={(event) => {
          event.preventDefault();
          if (!drawIdInvalid) setFilter({ drawId: draft.drawId.trim(), member: draft.member.trim(), status: draft.status, page: 1 });
        }}
      >
        <TextField label={t('tickets.drawId')} inputMode="numeric" value={draft.drawId} maxLength={18} error={drawIdInvalid ? errors('lottery_console.id_invalid') : undefined} onChange={(e) => setDraft({ ...draft, drawId: e.target.value })} data-testid="lt-tickets-draw" />
        <TextField label={t('tickets.member')} value={draft.member} maxLength={64} onChange={(e) => setDraft({ ...draft, member: e.target.value })} data-testid="lt-tickets-member" />
        <SelectField label={t('tickets.status')} value={draft.status} onValueChange={(status) => setDraft({ ...draft, status })} options={[{ value: '', label: admin('common.all') }, ...LOTTERY_TICKET_STATUSES.map((value) => ({ value, label: t(`ticketStatus.${value}`) }))]} data-testid="lt-tickets-status" />
        <Button type="submit" variant="outline" data-testid="lt-tickets-search">{admin('common.search')}</Button>
      </form>
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="lt-tickets" empty={t('tickets.empty')} pageNo={filter.page} pageSize={PAGE_SIZE} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
