import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { KycQueueItem } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useKycQueue, type KycFilter } from './kyc.api.ts';
import './kyc.css';

export const KYC_TONES = { pending: 'warn', verified: 'ok', rejected: 'bad' } as const;

/** The KYC queue (kyc.review): pending submissions oldest first; decided ones by status and member. */
export default function KycQueuePage() {
  const { t, i18n } = useTranslation('admin-kyc');
  const [filter, setFilter] = useState<KycFilter>({ status: 'pending', member: '' });
  const [member, setMember] = useState('');
  const query = useKycQueue(filter);
  const columns: Column<KycQueueItem>[] = [
    { key: 'member', header: t('queue.member'), cell: (row) => <strong>{row.member}</strong> },
    { key: 'document', header: t('queue.document'), cell: (row) => t(`documentTypes.${row.documentType}`) },
    { key: 'submitted', header: t('queue.submitted'), cell: (row) => formatDateTime(row.submittedAt, i18n.language) },
    { key: 'provider', header: t('queue.provider'), cell: (row) => (row.providerDecision ? t(`provider.${row.providerDecision}`) : '—') },
    { key: 'status', header: t('queue.status'), cell: (row) => <Badge tone={KYC_TONES[row.status]} testId={`kyc-status-${row.id}`}>{t(`status.${row.status}`)}</Badge> },
    {
      key: 'open',
      header: '',
      cell: (row) => (
        <Link to={`/kyc/${row.id}`} data-testid={`kyc-open-${row.member}`}>
          {row.status === 'pending' ? t('queue.review') : t('queue.view')}
        </Link>
      ),
    },
  ];
  return (
    <Page title={t('queue.title')} testId="kyc-queue-page">
      <p className="bo-muted">{t('queue.explain')}</p>
      <form
        className="kyc-admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...filter, member });
        }}
      >
        <SelectField
          label={t('queue.status')}
          value={filter.status}
          onValueChange={(status) => setFilter({ ...filter, status })}
          options={(['pending', 'verified', 'rejected'] as const).map((value) => ({ value, label: t(`status.${value}`) }))}
          data-testid="kyc-filter-status"
        />
        <TextField label={t('queue.member')} value={member} maxLength={64} onChange={(event) => setMember(event.target.value)} data-testid="kyc-filter-member" />
        <Button type="submit" variant="outline" data-testid="kyc-filter-search">
          {t('queue.search')}
        </Button>
      </form>
      <QueryState query={query}>
        {() => (
          <>
            <p className="bo-small" data-testid="kyc-total">{t('queue.total', { count: query.data?.total ?? 0 })}</p>
            <DataTable rows={query.data?.content ?? []} columns={columns} rowKey={(row) => row.id} testId="kyc-table" empty={t('queue.empty')} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
