import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { SPORTSBOOK_TICKET_STATUSES, type SportsbookAdminTicketRowSchema } from '@app/contracts';
import { Button, Checkbox, SelectField, TextField } from '@app/ui';
import type { Column } from '../../shared/components/data-table.tsx';
import { Page } from '../../shared/components/page.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useTickets, type TicketFilter } from './sportsbook.api.ts';
import './sportsbook.css';

type Row = z.infer<typeof SportsbookAdminTicketRowSchema>;
const PAGE_SIZE = 25;

/** Tickets (sportsbook.read): by member, status, event, dates, minimum stake or flag; newest first. */
export default function TicketsPage() {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const [params] = useSearchParams();
  const initial: TicketFilter = { account: '', status: '', eventId: params.get('eventId') ?? '', from: '', to: '', minStake: '', flagged: params.get('flagged') === 'true' ? 'true' : '', page: 1 };
  const [draft, setDraft] = useState(initial);
  const [filter, setFilter] = useState(initial);
  const query = useTickets(filter);
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const set = (key: keyof TicketFilter) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const columns: Column<Row>[] = [
    { key: 'id', header: t('tickets.columns.id'), cell: (row) => <Link to={`/sportsbook/tickets/${row.id}`} data-testid={`sb-ticket-link-${row.id}`}>#{row.id}</Link> },
    { key: 'member', header: t('tickets.columns.member'), cell: (row) => row.account },
    { key: 'at', header: t('tickets.columns.at'), cell: (row) => <span className="sb-nowrap">{formatDateTime(row.createdAt, i18n.language)}</span> },
    { key: 'type', header: t('tickets.columns.type'), cell: (row) => `${row.betType} · ${row.legs}` },
    { key: 'stake', header: t('tickets.columns.stake'), cell: (row) => <span className="sb-nowrap">{money(row.totalStake)}</span> },
    { key: 'potential', header: t('tickets.columns.potential'), cell: (row) => <span className="sb-nowrap">{money(row.potentialReturn)}</span> },
    { key: 'return', header: t('tickets.columns.return'), cell: (row) => (row.return === null ? '—' : <span className="sb-nowrap">{money(row.return)}</span>) },
    {
      key: 'status',
      header: t('tickets.columns.status'),
      cell: (row) => (
        <span>
          <span className={`sb-badge sb-badge--${row.status}`}>{t(`ticketStatus.${row.status}`)}</span>
          {row.needsResettlement ? <><br /><span className="bo-small bo-error">{t('tickets.flag', { reason: row.reviewReason ?? '' })}</span></> : null}
        </span>
      ),
    },
  ];
  return (
    <Page title={t('tickets.title')} testId="sb-tickets-page">
      <form
        className="bo-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...draft, account: draft.account.trim(), eventId: draft.eventId.trim(), minStake: draft.minStake.trim().replace(',', '.'), page: 1 });
        }}
      >
        <TextField label={t('tickets.account')} value={draft.account} maxLength={40} onChange={set('account')} data-testid="sb-tickets-account" />
        <SelectField label={t('tickets.columns.status')} value={draft.status} onValueChange={(status) => setDraft({ ...draft, status })} options={[{ value: '', label: t('common.all') }, ...SPORTSBOOK_TICKET_STATUSES.map((value) => ({ value, label: t(`ticketStatus.${value}`) }))]} data-testid="sb-tickets-status" />
        <TextField label={t('tickets.event')} value={draft.eventId} maxLength={120} onChange={set('eventId')} data-testid="sb-tickets-event" />
        <TextField label={t('tickets.from')} type="date" value={draft.from} onChange={set('from')} data-testid="sb-tickets-from" />
        <TextField label={t('tickets.to')} type="date" value={draft.to} onChange={set('to')} data-testid="sb-tickets-to" />
        <TextField label={t('tickets.minStake')} inputMode="decimal" value={draft.minStake} maxLength={15} onChange={set('minStake')} data-testid="sb-tickets-min-stake" />
        <Checkbox label={t('tickets.flagged')} checked={draft.flagged === 'true'} onChange={(e) => setDraft({ ...draft, flagged: e.target.checked ? 'true' : '' })} data-testid="sb-tickets-flagged" />
        <Button type="submit" variant="outline" data-testid="sb-tickets-search">{t('common.search')}</Button>
      </form>
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="sb-tickets" empty={t('tickets.empty')} pageNo={filter.page} pageSize={PAGE_SIZE} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
