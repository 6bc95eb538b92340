import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { SportsbookAdminAlertSchema } from '@app/contracts';
import { Button, SelectField } from '@app/ui';
import type { Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page } from '../../shared/components/page.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { useAcknowledge, useAlerts } from './sportsbook.api.ts';
import './sportsbook.css';

type Alert = z.infer<typeof SportsbookAdminAlertSchema>;
const PAGE_SIZE = 25;

/** Big-bet alerts (sportsbook.read): tickets over the stake or potential-return threshold; acknowledged by an operator (sportsbook.trade). */
export default function AlertsPage() {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const mayAcknowledge = useSession().can('sportsbook.trade');
  const [filter, setFilter] = useState({ acknowledged: 'false', page: 1 });
  const query = useAlerts(filter);
  const acknowledge = useAcknowledge();
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const columns: Column<Alert>[] = [
    { key: 'ticket', header: t('alerts.columns.ticket'), cell: (row) => <Link to={`/sportsbook/tickets/${row.ticketId}`}>#{row.ticketId}</Link> },
    { key: 'member', header: t('alerts.columns.member'), cell: (row) => row.account },
    { key: 'at', header: t('alerts.columns.at'), cell: (row) => <span className="sb-nowrap">{formatDateTime(row.createdAt, i18n.language)}</span> },
    { key: 'stake', header: t('alerts.columns.stake'), cell: (row) => <strong className="sb-nowrap">{money(row.totalStake)}</strong> },
    { key: 'potential', header: t('alerts.columns.potential'), cell: (row) => <span className="sb-nowrap">{money(row.potentialReturn)}</span> },
    { key: 'why', header: t('alerts.columns.why'), cell: (row) => row.reasons.map((reason) => t(`alerts.reasons.${reason}`)).join(', ') },
    { key: 'status', header: t('alerts.columns.status'), cell: (row) => <span className={`sb-badge sb-badge--${row.status}`}>{t(`ticketStatus.${row.status}`)}</span> },
    {
      key: 'ack',
      header: t('alerts.columns.ack'),
      cell: (row) =>
        row.acknowledgedBy ? (
          <span className="bo-small">{t('alerts.byAt', { who: row.acknowledgedBy, at: formatDateTime(row.acknowledgedAt, i18n.language) })}</span>
        ) : mayAcknowledge ? (
          <Button size="sm" variant="outline" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(row.ticketId)} data-testid={`sb-ack-${row.ticketId}`}>
            {t('alerts.acknowledge')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Page title={t('alerts.title')} testId="sb-alerts-page">
      <p className="bo-muted">{query.data ? t('alerts.explain', { stake: money(query.data.thresholds.stake), potential: money(query.data.thresholds.potentialReturn) }) : null}</p>
      <div className="bo-filters">
        <SelectField
          label={t('alerts.acknowledged')}
          value={filter.acknowledged}
          onValueChange={(acknowledged) => setFilter({ acknowledged, page: 1 })}
          options={[{ value: '', label: t('common.all') }, { value: 'false', label: t('common.no') }, { value: 'true', label: t('common.yes') }]}
          data-testid="sb-alerts-filter"
        />
      </div>
      <ErrorLine error={acknowledge.error} />
      <PagedTable query={query} columns={columns} rowKey={(row) => row.ticketId} testId="sb-alerts" empty={t('alerts.empty')} pageNo={filter.page} pageSize={PAGE_SIZE} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
