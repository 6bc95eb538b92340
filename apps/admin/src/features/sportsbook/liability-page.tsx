import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { SportsbookAdminLiabilityRowSchema } from '@app/contracts';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useBookText } from './book-text.ts';
import { useLiability } from './sportsbook.api.ts';
import './sportsbook.css';

type Row = z.infer<typeof SportsbookAdminLiabilityRowSchema>;

/** Liability (sportsbook.read): open tickets per event, the worst single outcome of each. */
export default function LiabilityPage() {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const { marketName, outcomeName } = useBookText();
  const query = useLiability();
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const columns: Column<Row>[] = [
    { key: 'event', header: t('liability.columns.event'), cell: (row) => <Link to={`/sportsbook/events/${encodeURIComponent(row.eventId)}`}>{row.name}</Link> },
    { key: 'start', header: t('liability.columns.start'), cell: (row) => <span className="sb-nowrap">{formatDateTime(row.startAt, i18n.language)} <span className={`sb-badge sb-badge--${row.status}`}>{t(`status.${row.status}`)}</span></span> },
    { key: 'tickets', header: t('liability.columns.tickets'), cell: (row) => row.tickets },
    { key: 'stake', header: t('liability.columns.stake'), cell: (row) => <span className="sb-nowrap">{money(row.stake)}</span> },
    { key: 'potential', header: t('liability.columns.potential'), cell: (row) => <strong className="sb-nowrap">{money(row.potentialReturn)}</strong> },
    { key: 'worst', header: t('liability.columns.worst'), cell: (row) => (row.worstOutcome ? <span className="bo-small">{marketName(row.worstOutcome.marketKey)} · {outcomeName(row.worstOutcome.outcomeId)}<br /><strong>{money(row.worstOutcome.liability)}</strong></span> : '—') },
  ];
  return (
    <Page title={t('liability.title')} testId="sb-liability-page">
      <p className="bo-muted">{t('liability.explain')}</p>
      <QueryState query={query}>{() => <DataTable rows={query.data?.content ?? []} columns={columns} rowKey={(row) => row.eventId} testId="sb-liability" empty={t('liability.empty')} />}</QueryState>
    </Page>
  );
}
