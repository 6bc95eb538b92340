import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PaymentEvent } from '@app/contracts';
import { TextField } from '@app/ui';
import { DataTable, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { usePaymentEvents } from './payments.api.ts';

/** The PSP's webhooks as they arrived, newest first, with what we did with each (for disputes). */
export default function EventsPage() {
  const { t, i18n } = useTranslation('admin-payments');
  const filters = useForm<{ reference: string }>({ defaultValues: { reference: '' } });
  const reference = useWatch({ control: filters.control, name: 'reference' });
  const query = usePaymentEvents(reference.trim());
  const columns: Column<PaymentEvent>[] = [
    { key: 'received', header: t('columns.receivedAt'), cell: (row) => formatDateTime(row.receivedAt, i18n.language) },
    { key: 'type', header: t('columns.type'), cell: (row) => row.type },
    { key: 'reference', header: t('columns.reference'), cell: (row) => row.reference ?? '—' },
    { key: 'outcome', header: t('columns.outcome'), cell: (row) => row.outcome },
    {
      key: 'payload',
      header: t('columns.payload'),
      cell: (row) => (
        <details>
          <summary>{row.eventId}</summary>
          <pre className="bo-pre">{JSON.stringify(row.payload, null, 2)}</pre>
        </details>
      ),
    },
  ];
  return (
    <Page title={t('events.title')} testId="events-page">
      <div className="bo-filters">
        <TextField label={t('columns.reference')} {...filters.register('reference')} maxLength={64} />
      </div>
      <QueryState query={query}>{() => <DataTable columns={columns} rows={query.data?.content ?? []} rowKey={(row) => row.id} testId="events" />}</QueryState>
    </Page>
  );
}
