import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SportsbookAdminFeedHealth } from '@app/contracts';
import { DataTable } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useFeedHealth } from './sportsbook.api.ts';
import './sportsbook.css';

/** The feed's health (sportsbook.read): per producer, recent refusals, flagged tickets, the settlement backlog. */
export default function FeedPage() {
  const { t } = useTranslation('admin-sportsbook');
  const query = useFeedHealth();
  return (
    <Page title={t('feed.title')} testId="sb-feed-page">
      <p className="bo-muted">{t('feed.explain')}</p>
      <QueryState query={query}>{() => <FeedBody health={query.data!} />}</QueryState>
    </Page>
  );
}

function FeedBody({ health }: { health: SportsbookAdminFeedHealth }) {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const language = i18n.language;
  return (
    <>
      <DataTable
        rows={health.producers}
        rowKey={(row) => row.producer}
        testId="sb-feed-producers"
        empty={t('feed.empty')}
        columns={[
          { key: 'producer', header: t('feed.columns.producer'), cell: (row) => <strong>{row.producer}</strong> },
          { key: 'last', header: t('feed.columns.last'), cell: (row) => (row.lastMessageAt ? formatDateTime(row.lastMessageAt, language) : <span className="bo-muted">{t('feed.never')}</span>) },
          { key: 'rate', header: t('feed.columns.rate'), cell: (row) => row.messagesPerMinute.toLocaleString(language) },
          { key: 'stale', header: t('feed.columns.stale'), cell: (row) => row.staleLastHour },
          { key: 'refused', header: t('feed.columns.refused'), cell: (row) => (row.refusedLastHour > 0 ? <span className="bo-error">{row.refusedLastHour}</span> : 0) },
          { key: 'lag', header: t('feed.columns.lag'), cell: (row) => (row.lagMs === null ? '—' : t('feed.lagMs', { ms: row.lagMs.toLocaleString(language) })) },
          { key: 'events', header: t('feed.columns.events'), cell: (row) => row.events },
        ]}
      />
      <p className="sb-note" data-testid="sb-feed-flagged">
        {t('feed.flagged', { count: health.flaggedTickets })} · <Link to="/sportsbook/tickets?flagged=true">{t('feed.seeFlagged')}</Link>
      </p>
      <p className="sb-note">{t('feed.backlog', { count: health.settlementBacklog })}</p>
      <h2 className="sb-section-title">{t('feed.refusals')}</h2>
      <DataTable
        rows={health.recentRefusals}
        rowKey={(row) => `${row.at}-${row.producer}-${row.code}-${row.eventId ?? ''}`}
        testId="sb-feed-refusals"
        empty={t('feed.noRefusals')}
        columns={[
          { key: 'at', header: t('feed.columns.at'), cell: (row) => <span className="sb-nowrap">{formatDateTime(row.at, language)}</span> },
          { key: 'producer', header: t('feed.columns.producer'), cell: (row) => row.producer },
          { key: 'event', header: t('feed.columns.event'), cell: (row) => row.eventId ?? '—' },
          { key: 'code', header: t('feed.columns.code'), cell: (row) => <code>{row.code}</code> },
          { key: 'detail', header: t('feed.columns.detail'), cell: (row) => <span className="bo-small">{row.detail}</span> },
        ]}
      />
    </>
  );
}
