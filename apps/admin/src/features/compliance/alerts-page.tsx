import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_ALERT_STATUSES, COMPLIANCE_PATTERNS, type ComplianceAlert } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { Badge, DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useAcknowledge, useAlerts, useEvaluate, type AlertFilter } from './compliance.api.ts';
import './compliance.css';

const CENTS_KEYS = new Set(['biggestWinCents', 'thresholdCents', 'lastDepositCents', 'withdrawalCents', 'depositCents']);

/** Risk alerts (compliance.read): patterns the job found, filters, acknowledgement with a note. */
export default function AlertsPage() {
  const { t } = useTranslation('admin-compliance');
  const [filter, setFilter] = useState<AlertFilter>({ status: 'open', pattern: '', account: '', from: '', to: '', page: 1 });
  const [draft, setDraft] = useState({ account: '', from: '', to: '' });
  const [acknowledging, setAcknowledging] = useState<ComplianceAlert | null>(null);
  const query = useAlerts(filter);
  const evaluate = useEvaluate();
  return (
    <Page title={t('alerts.title')} testId="compliance-alerts-page">
      <p className="bo-muted">{t('alerts.explain')}</p>
      <form
        className="compliance-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ ...filter, ...draft, page: 1 });
        }}
      >
        <SelectField
          label={t('alerts.status')}
          value={filter.status}
          onValueChange={(status) => setFilter({ ...filter, status, page: 1 })}
          options={[{ value: '' as const, label: t('alerts.all') }, ...COMPLIANCE_ALERT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))]}
          data-testid="alerts-status"
        />
        <SelectField
          label={t('alerts.pattern')}
          value={filter.pattern}
          onValueChange={(pattern) => setFilter({ ...filter, pattern, page: 1 })}
          options={[{ value: '' as const, label: t('alerts.all') }, ...COMPLIANCE_PATTERNS.map((value) => ({ value, label: t(`patterns.${value}`) }))]}
          data-testid="alerts-pattern"
        />
        <TextField label={t('alerts.account')} value={draft.account} maxLength={40} onChange={(event) => setDraft({ ...draft, account: event.target.value })} data-testid="alerts-account" />
        <TextField type="date" label={t('alerts.from')} value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} data-testid="alerts-from" />
        <TextField type="date" label={t('alerts.to')} value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} data-testid="alerts-to" />
        <Button type="submit" variant="outline" data-testid="alerts-search">
          {t('alerts.search')}
        </Button>
        <Button type="button" variant="ghost" disabled={evaluate.isPending} onClick={() => evaluate.mutate()} data-testid="alerts-evaluate">
          {t('alerts.evaluate')}
        </Button>
      </form>
      <ErrorLine error={evaluate.error} testId="alerts-evaluate-error" />
      <QueryState query={query}>
        {() => (
          <>
            <Table rows={query.data?.content ?? []} onAcknowledge={setAcknowledging} />
            {query.data ? <Pager pageNo={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPage={(page) => setFilter({ ...filter, page })} /> : null}
          </>
        )}
      </QueryState>
      {acknowledging ? <AcknowledgeDialog alert={acknowledging} onClose={() => setAcknowledging(null)} /> : null}
    </Page>
  );
}

function Detail({ alert }: { alert: ComplianceAlert }) {
  const { t, i18n } = useTranslation('admin-compliance');
  return (
    <span className="compliance-detail bo-small">
      {Object.entries(alert.detail).map(([key, value]) => (
        <span key={key}>
          {t(`detail.${key}` as 'detail.wins', { defaultValue: key })}: {CENTS_KEYS.has(key) && typeof value === 'string' ? formatMoney((Number(value) / 100).toFixed(2), i18n.language) : String(value ?? '—')}
        </span>
      ))}
    </span>
  );
}

function Table({ rows, onAcknowledge }: { rows: ComplianceAlert[]; onAcknowledge: (alert: ComplianceAlert) => void }) {
  const { t, i18n } = useTranslation('admin-compliance');
  const columns: Column<ComplianceAlert>[] = [
    { key: 'day', header: t('alerts.columns.day'), cell: (row) => <span className="compliance-nowrap">{row.day}</span> },
    { key: 'account', header: t('alerts.columns.account'), cell: (row) => <strong className="compliance-nowrap">{row.account}</strong> },
    { key: 'pattern', header: t('alerts.columns.pattern'), cell: (row) => <Badge tone="warn" testId={`alert-pattern-${row.id}`}>{t(`patterns.${row.pattern}`)}</Badge> },
    { key: 'detail', header: t('alerts.columns.detail'), cell: (row) => <Detail alert={row} /> },
    { key: 'created', header: t('alerts.columns.created'), cell: (row) => <span className="bo-small compliance-nowrap">{formatDateTime(row.createdAt, i18n.language)}</span> },
    {
      key: 'status',
      header: t('alerts.columns.status'),
      cell: (row) =>
        row.status === 'open' ? (
          <Button size="sm" onClick={() => onAcknowledge(row)} data-testid={`alert-ack-${row.id}`}>
            {t('ack.action')}
          </Button>
        ) : (
          <span className="bo-small" data-testid={`alert-acked-${row.id}`}>
            <Badge tone="ok">{t('statuses.acknowledged')}</Badge> {row.acknowledgedBy} · {formatDateTime(row.acknowledgedAt, i18n.language)}
            <br />
            {row.note}
          </span>
        ),
    },
  ];
  return <DataTable rows={rows} columns={columns} rowKey={(row) => row.id} testId="alerts-table" empty={t('alerts.empty')} />;
}

function AcknowledgeDialog({ alert, onClose }: { alert: ComplianceAlert; onClose: () => void }) {
  const { t } = useTranslation('admin-compliance');
  const acknowledge = useAcknowledge();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = note.trim();
  const problem = trimmed === '' ? t('ack.noteRequired') : trimmed.length > 1000 ? t('ack.noteTooLong') : null;
  return (
    <ActionDialog
      title={t('ack.title')}
      testId="alert-ack-dialog"
      onClose={onClose}
      cancelDisabled={acknowledge.isPending}
      action={
        <Button
          disabled={acknowledge.isPending}
          onClick={() => {
            setTouched(true);
            if (!problem) acknowledge.mutate({ id: alert.id, note: trimmed }, { onSuccess: onClose });
          }}
          data-testid="alert-ack-confirm"
        >
          {t('ack.action')}
        </Button>
      }
    >
      <p>{t('ack.text', { account: alert.account, pattern: t(`patterns.${alert.pattern}`), day: alert.day })}</p>
      <TextField label={t('ack.note')} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} error={touched ? problem : null} data-testid="alert-ack-note" />
      <ErrorLine error={acknowledge.error} testId="alert-ack-error" />
    </ActionDialog>
  );
}
