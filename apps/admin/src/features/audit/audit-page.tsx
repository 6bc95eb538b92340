import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuditChainReportSchema, AuditPageSchema, type AuditEntry } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { api, queryString } from '../../shared/api.ts';
import { type Column } from '../../shared/components/data-table.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { ErrorLine, Page } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';

const PAGE_SIZE = 50;
interface Filters {
  operator: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { operator: '', action: '', target: '', from: '', to: '' };

/** A local date-time input value ("2026-11-26T10:00") as the API's ISO instant, or undefined. */
function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The audit log: who did what to what, before and after, when and from where; and the hash-chain check. */
export default function AuditPage() {
  const { t, i18n } = useTranslation(['admin-audit', 'admin']);
  // Local date-times while typing; the server's AuditSearchQuerySchema checks the sent query.
  const form = useForm<Filters>({ defaultValues: NO_FILTERS });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['backoffice', 'audit', filters, pageNo],
    queryFn: ({ signal }) =>
      api('GET', `/api/backoffice/audit${queryString({ operator: filters.operator.trim(), action: filters.action.trim(), target: filters.target.trim(), from: isoOf(filters.from), to: isoOf(filters.to), pageNo, pageSize: PAGE_SIZE })}`, { schema: AuditPageSchema, signal }),
  });
  const verify = useMutation({ mutationFn: () => api('GET', '/api/backoffice/audit/verify', { schema: AuditChainReportSchema }) });

  const search = form.handleSubmit((draft) => {
    setFilters(draft);
    setPageNo(1);
  });

  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: t('columns.at'), cell: (row) => formatDateTime(row.at, i18n.language) },
    { key: 'operator', header: t('columns.operator'), cell: (row) => row.operator?.username ?? t('system') },
    { key: 'action', header: t('columns.action'), cell: (row) => <code className="bo-small">{row.action}</code> },
    { key: 'target', header: t('columns.target'), cell: (row) => `${row.targetType}:${row.targetId}` },
    { key: 'ip', header: t('columns.ip'), cell: (row) => row.ip ?? '—' },
    {
      key: 'details',
      header: t('columns.details'),
      cell: (row) =>
        Object.keys(row.details).length === 0 ? (
          '—'
        ) : (
          <details>
            <summary>{t('show')}</summary>
            <pre className="bo-pre">{JSON.stringify(row.details, null, 2)}</pre>
          </details>
        ),
    },
  ];

  const report = verify.data;
  return (
    <Page
      title={t('title')}
      testId="audit-page"
      actions={
        <Button variant="outline" size="sm" onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="audit-verify">
          {t('verify')}
        </Button>
      }
    >
      {report ? (
        <Alert tone={report.ok ? 'info' : 'error'}>
          <span data-testid="audit-verify-result">{report.ok ? t('chainOk', { rows: report.rows }) : t('chainBroken', { id: report.firstBroken?.id ?? '—', reason: report.firstBroken?.reason ?? '' })}</span>
        </Alert>
      ) : null}
      <ErrorLine error={verify.error} />
      <form className="bo-filters" onSubmit={(event) => void search(event)} data-testid="audit-filters">
        <TextField label={t('columns.operator')} maxLength={64} {...form.register('operator')} data-testid="audit-operator" />
        <TextField label={t('columns.action')} maxLength={100} placeholder="payments.withdrawal" {...form.register('action')} data-testid="audit-action" />
        <TextField label={t('columns.target')} maxLength={301} placeholder="withdrawal:42" {...form.register('target')} data-testid="audit-target" />
        <TextField label={t('from')} type="datetime-local" {...form.register('from')} />
        <TextField label={t('to')} type="datetime-local" {...form.register('to')} />
        <Button type="submit" data-testid="audit-search">
          {t('admin:common.search')}
        </Button>
      </form>
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="audit" empty={t('empty')} pageNo={pageNo} pageSize={PAGE_SIZE} onPage={setPageNo} />
    </Page>
  );
}
