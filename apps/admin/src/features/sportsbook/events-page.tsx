import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SPORTSBOOK_EVENT_STATUSES, type SportsbookAdminEventRow } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import type { Column } from '../../shared/components/data-table.tsx';
import { Page } from '../../shared/components/page.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { eventName } from './book-text.ts';
import { CreateEventDialog } from './create-event-dialog.tsx';
import { useSportsbookEvents } from './sportsbook.api.ts';
import './sportsbook.css';

const PAGE_SIZE = 25;

/** Events and markets (sportsbook.read): the book's events, live first; new events by hand (sportsbook.trade). */
export default function EventsPage() {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const mayTrade = useSession().can('sportsbook.trade');
  const [text, setText] = useState('');
  const [filter, setFilter] = useState({ q: '', status: '', page: 1 });
  const [creating, setCreating] = useState(false);
  const query = useSportsbookEvents(filter);
  const language = i18n.language;
  const columns: Column<SportsbookAdminEventRow>[] = [
    { key: 'start', header: t('events.columns.start'), cell: (row) => <span className="sb-nowrap">{formatDateTime(row.startAt, language)}</span> },
    { key: 'event', header: t('events.columns.event'), cell: (row) => <Link to={`/sportsbook/events/${encodeURIComponent(row.id)}`} data-testid={`sb-event-link-${row.id}`}>{eventName(row)}</Link> },
    { key: 'competition', header: t('events.columns.competition'), cell: (row) => <span className="bo-small">{language === 'en' ? `${row.sport.nameEn} · ${row.tournament.nameEn}` : `${row.sport.namePt} · ${row.tournament.namePt}`}<br /><span className="bo-muted">{t('common.producer')}: {row.producer}</span></span> },
    {
      key: 'status',
      header: t('events.columns.status'),
      cell: (row) => (
        <span className="sb-nowrap">
          <span className={`sb-badge sb-badge--${row.status}`}>{t(`status.${row.status}`)}</span>
          {row.status === 'live' && row.homeScore !== null ? ` ${row.homeScore}–${row.awayScore}` : ''}
        </span>
      ),
    },
    { key: 'markets', header: t('events.columns.markets'), cell: (row) => row.markets },
    { key: 'tickets', header: t('events.columns.tickets'), cell: (row) => row.openTickets },
  ];
  return (
    <Page
      title={t('events.title')}
      testId="sb-events-page"
      actions={mayTrade ? <Button onClick={() => setCreating(true)} data-testid="sb-event-new">{t('events.new')}</Button> : undefined}
    >
      <p className="bo-muted">{t('events.explain')}</p>
      <form
        className="bo-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...filter, q: text.trim(), page: 1 });
        }}
      >
        <TextField label={t('events.search')} value={text} maxLength={80} onChange={(event) => setText(event.target.value)} data-testid="sb-events-search" />
        <SelectField
          label={t('events.columns.status')}
          value={filter.status}
          onValueChange={(status) => setFilter({ ...filter, status, page: 1 })}
          options={[{ value: '', label: t('common.all') }, ...SPORTSBOOK_EVENT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
          data-testid="sb-events-status"
        />
        <Button type="submit" variant="outline">{t('common.search')}</Button>
      </form>
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="sb-events" empty={t('events.empty')} pageNo={filter.page} pageSize={PAGE_SIZE} onPage={(page) => setFilter({ ...filter, page })} />
      {creating ? <CreateEventDialog onClose={() => setCreating(false)} /> : null}
    </Page>
  );
}
