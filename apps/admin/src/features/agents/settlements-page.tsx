import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTRACT_KINDS, SETTLEMENT_RUN_STATUSES, type ContractKind, type SettlementRun, type SettlementRunStatus } from '@app/contracts';
import { Button, Checkbox, SelectField, TextField } from '@app/ui';
import { Badge, type Column } from '../../shared/components/data-table.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { Page } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { PendingApprovals, ProposalDialog } from '../approvals/index.ts';
import { RUNS_PAGE_SIZE, useRuns } from './agents.api.ts';
import { RUN_TONE } from './labels.ts';
import { LineCounts, PeriodText } from './run-parts.tsx';
import './agents.css';

/**
 * Settlement runs newest first with their results; a run opens with its lines and the re-run.
 * Settling a chosen period (as the worker and `npm run agents -- settle` do) is a request another
 * operator with agents.settle approves.
 */
export default function SettlementsPage() {
  const { t, i18n } = useTranslation(['admin-agents', 'admin', 'admin-approvals']);
  const [kind, setKind] = useState<ContractKind | ''>('');
  const [status, setStatus] = useState<SettlementRunStatus | ''>('');
  const [includeEmpty, setIncludeEmpty] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const query = useRuns({ kind, status, includeEmpty, pageNo });
  const maySettle = useSession().can('agents.settle');
  const [settling, setSettling] = useState(false);

  const columns: Column<SettlementRun>[] = [
    {
      key: 'id',
      header: t('runs.columns.id'),
      cell: (row) => (
        <Link to={`/agents/settlements/${row.id}`} className="bo-agents__account" data-testid={`run-link-${row.id}`}>
          #{row.id}
        </Link>
      ),
    },
    {
      key: 'kind',
      header: t('runs.columns.kind'),
      cell: (row) => (
        <span>
          {t(`kinds.${row.kind}`)} <span className="bo-muted bo-agents__nowrap">v{row.version}</span>
        </span>
      ),
    },
    {
      key: 'period',
      header: t('runs.columns.period'),
      cell: (row) => (
        <span className="bo-agents__stack">
          <PeriodText run={row} language={i18n.language} />
          <span className="bo-muted bo-agents__sub">{t('runs.settledAt', { at: formatDateTime(row.createdAt, i18n.language) })}</span>
        </span>
      ),
    },
    { key: 'status', header: t('runs.columns.status'), cell: (row) => <Badge tone={RUN_TONE[row.status]} testId={`run-status-${row.id}`}>{t(`runStatus.${row.status}`)}</Badge> },
    { key: 'lines', header: t('runs.columns.lines'), cell: (row) => <LineCounts run={row} /> },
    { key: 'paid', header: t('runs.columns.totalPaid'), numeric: true, cell: (row) => formatMoney(row.totalPaid, i18n.language) },
    { key: 'due', header: t('runs.columns.totalDue'), numeric: true, cell: (row) => (row.totalDue === '0.00' ? '—' : <strong className="bo-agents__loss">{formatMoney(row.totalDue, i18n.language)}</strong>) },
  ];

  return (
    <Page
      title={t('runs.title')}
      testId="agents-settlements-page"
      actions={
        maySettle ? (
          <Button onClick={() => setSettling(true)} data-testid="settle-open">
            {t('admin-approvals:settle.open')}
          </Button>
        ) : null
      }
    >
      <PendingApprovals kind="agents.settlement_period" />
      <PendingApprovals kind="agents.settlement_rerun" />
      <div className="bo-filters">
        <SelectField label={t('runs.filters.kind')} value={kind} onValueChange={(value) => { setKind(value); setPageNo(1); }} options={[{ value: '' as const, label: t('admin:common.all') }, ...CONTRACT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))]} data-testid="runs-kind" />
        <SelectField label={t('runs.filters.status')} value={status} onValueChange={(value) => { setStatus(value); setPageNo(1); }} options={[{ value: '' as const, label: t('admin:common.all') }, ...SETTLEMENT_RUN_STATUSES.map((value) => ({ value, label: t(`runStatus.${value}`) }))]} data-testid="runs-status" />
        <Checkbox label={t('runs.filters.includeEmpty')} checked={includeEmpty} onChange={(event) => { setIncludeEmpty(event.target.checked); setPageNo(1); }} data-testid="runs-include-empty" />
      </div>
      <p className="bo-muted">{t('runs.help')}</p>
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="runs" empty={t('runs.empty')} pageNo={pageNo} pageSize={RUNS_PAGE_SIZE} onPage={setPageNo} />
      {settling ? <SettleDialog onClose={() => setSettling(false)} /> : null}
    </Page>
  );
}

const PERIOD_KINDS = ['daily', 'hourly', 'dividend'] as const;

/** Choose a kind and a day (an hour for hourly salaries) in the operator's time zone: the period containing it is settled once approved. */
function SettleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['admin-agents', 'admin-approvals']);
  const [kind, setKind] = useState<(typeof PERIOD_KINDS)[number]>('daily');
  const [at, setAt] = useState('');
  return (
    <ProposalDialog title={t('admin-approvals:settle.title')} url="/api/backoffice/agents/settlements/periods" body={{ kind, at }} testId="settle-dialog" onClose={onClose}>
      <p>{t('admin-approvals:settle.message')}</p>
      <SelectField label={t('runs.filters.kind')} value={kind} onValueChange={(value) => { setKind(value); setAt(''); }} options={PERIOD_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))} data-testid="settle-kind" />
      <TextField
        label={kind === 'hourly' ? t('admin-approvals:settle.hour') : t('admin-approvals:settle.day')}
        type={kind === 'hourly' ? 'datetime-local' : 'date'}
        value={at}
        onChange={(event) => setAt(event.target.value)}
        data-testid="settle-at"
      />
    </ProposalDialog>
  );
}
