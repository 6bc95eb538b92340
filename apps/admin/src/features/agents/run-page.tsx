import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SETTLEMENT_LINE_STATUSES, type OperatorSettlementLine, type SettlementLine, type SettlementRun } from '@app/contracts';
import { Alert, Button, SelectField, TextField } from '@app/ui';
import { Badge, DataTable, Pager, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { LINES_PAGE_SIZE, useRerun, useRun } from './agents.api.ts';
import { formatRate, LINE_TONE, RUN_TONE } from './labels.ts';
import { LineCounts, PeriodText } from './run-parts.tsx';
import './agents.css';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { PendingApprovals } from '../approvals/index.ts';

/**
 * One settlement run: its results, its lines in payment order (top agents first) with attempts
 * and journals, and the re-run of its unpaid lines (all, or one line), confirmed with a reason.
 */
export default function RunPage() {
  const { t, i18n } = useTranslation(['admin-agents', 'admin', 'admin-approvals']);
  const { id = '' } = useParams();
  const session = useSession();
  const maySettle = session.can('agents.settle');
  const [status, setStatus] = useState<SettlementLine['status'] | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const query = useRun(id, { status, pageNo });
  const rerun = useRerun(id);
  const [confirming, setConfirming] = useState<{ line: OperatorSettlementLine | null } | null>(null);
  // A re-run is a request another operator approves (Approvals); nothing is paid until then.
  const [proposed, setProposed] = useState(false);
  const money = (amount: string) => formatMoney(amount, i18n.language);

  const columns: Column<OperatorSettlementLine>[] = [
    { key: 'id', header: t('lines.columns.id'), cell: (row) => `#${row.id}` },
    {
      key: 'agent',
      header: t('lines.columns.agent'),
      cell: (row) => (
        <span className="bo-agents__stack">
          <Link to={`/agents/tree?root=${encodeURIComponent(row.agent)}`} className="bo-agents__nowrap">{row.agent}</Link>
          <span className="bo-muted bo-agents__sub">{row.payer ? t('lines.paidBy', { payer: row.payer }) : t('lines.paidByPlatform')}</span>
        </span>
      ),
    },
    {
      key: 'base',
      header: t('lines.columns.base'),
      numeric: true,
      cell: (row) => (
        <span className="bo-agents__stack">
          <span>{t('lines.baseTimesRate', { base: money(row.base), rate: formatRate(row.rate, i18n.language) })}</span>
          <span className="bo-muted bo-agents__sub">{t('lines.gross', { amount: money(row.gross) })}</span>
        </span>
      ),
    },
    {
      key: 'net',
      header: t('lines.columns.net'),
      numeric: true,
      cell: (row) => (
        <span className="bo-agents__stack" title={row.deficit === '0.00' ? undefined : t('lines.deficit', { amount: money(row.deficit) })}>
          <span>{money(row.net)}{row.deficit === '0.00' ? '' : ' *'}</span>
          <span className="bo-muted bo-agents__sub">{t('lines.childrenGross', { amount: money(row.childrenGross) })}</span>
        </span>
      ),
    },
    { key: 'amount', header: t('lines.columns.amount'), numeric: true, cell: (row) => <strong>{money(row.amount)}</strong> },
    {
      key: 'status',
      header: t('lines.columns.status'),
      cell: (row) => (
        <span className="bo-agents__stack">
          <Badge tone={LINE_TONE[row.status]} testId={`line-status-${row.id}`}>{t(`lineStatus.${row.status}`)}</Badge>
          <span className="bo-muted bo-agents__sub">{t('lines.attempts', { count: row.attempts })}</span>
          {maySettle && (row.status === 'calculated' || row.status === 'insufficient') ? (
            <Button size="sm" variant="outline" onClick={() => { rerun.reset(); setConfirming({ line: row }); }} data-testid={`line-retry-${row.id}`}>
              {t('rerun.retryLine')}
            </Button>
          ) : null}
        </span>
      ),
    },
    {
      key: 'journal',
      header: t('lines.columns.journal'),
      cell: (row) =>
        row.journalKey ? (
          <span className="bo-agents__stack">
            <span className="bo-code bo-agents__sub">{row.journalKey}</span>
            <span className="bo-muted bo-agents__sub bo-agents__nowrap">{formatDateTime(row.paidAt, i18n.language)}</span>
          </span>
        ) : (
          '—'
        ),
    },
  ];

  const run = query.data?.run;
  const unpaid = run ? run.pendingLines + run.failedLines : 0;
  return (
    <Page
      title={t('run.title', { id })}
      testId="agents-run-page"
      actions={
        run && maySettle ? (
          <Button onClick={() => { rerun.reset(); setConfirming({ line: null }); }} disabled={unpaid === 0} title={unpaid === 0 ? t('rerun.nothing') : undefined} data-testid="rerun-open">
            {t('rerun.open', { count: unpaid })}
          </Button>
        ) : null
      }
    >
      <p className="bo-agents__back">
        <Link to="/agents/settlements">{t('run.back')}</Link>
      </p>
      <QueryState query={query}>
        {() =>
          run && query.data ? (
            <>
              <RunSummary run={run} />
              {!maySettle ? <p className="bo-muted" data-testid="run-read-only">{t('rerun.readOnly')}</p> : unpaid === 0 ? <p className="bo-muted">{t('rerun.nothing')}</p> : null}
              {proposed ? (
                <Alert tone="info" data-testid="rerun-proposed">
                  {t('admin-approvals:propose.sent')}
                </Alert>
              ) : null}
              <PendingApprovals kind="agents.settlement_rerun" target={`run:${id}`} />
              <div className="bo-filters">
                <SelectField
                  label={t('lines.filters.status')}
                  value={status}
                  onValueChange={(value) => { setStatus(value); setPageNo(1); }}
                  options={[{ value: '' as const, label: t('admin:common.all') }, ...SETTLEMENT_LINE_STATUSES.map((value) => ({ value, label: t(`lineStatus.${value}`) }))]}
                  data-testid="lines-status"
                />
              </div>
              <DataTable columns={columns} rows={query.data.lines} rowKey={(row) => row.id} testId="lines" empty={t('lines.empty')} />
              <Pager pageNo={pageNo} pageSize={LINES_PAGE_SIZE} total={query.data.total} onPage={setPageNo} />
            </>
          ) : null
        }
      </QueryState>
      {confirming && run ? (
        <RerunDialog
          run={run}
          line={confirming.line}
          busy={rerun.isPending}
          error={rerun.error}
          onClose={() => setConfirming(null)}
          onConfirm={(reason) =>
            rerun.mutate({ reason, ...(confirming.line ? { lineIds: [confirming.line.id] } : {}) }, { onSuccess: () => { setProposed(true); setConfirming(null); } })
          }
        />
      ) : null}
    </Page>
  );
}

function RunSummary({ run }: { run: SettlementRun }) {
  const { t, i18n } = useTranslation('admin-agents');
  const money = (amount: string) => formatMoney(amount, i18n.language);
  return (
    <div className="bo-tiles bo-agents__tiles" data-testid="run-summary">
      <div className="bo-card">
        <p className="bo-muted">{t(`kinds.${run.kind}`)} · v{run.version}</p>
        <p><Badge tone={RUN_TONE[run.status]} testId="run-status">{t(`runStatus.${run.status}`)}</Badge></p>
        <PeriodText run={run} language={i18n.language} />
      </div>
      <div className="bo-card">
        <p className="bo-muted">{t('runs.columns.lines')}</p>
        <LineCounts run={run} />
      </div>
      <div className="bo-card">
        <p className="bo-muted">{t('runs.columns.totalPaid')}</p>
        <p className="bo-agents__figure" data-testid="run-total-paid">{money(run.totalPaid)}</p>
      </div>
      <div className="bo-card">
        <p className="bo-muted">{t('runs.columns.totalDue')}</p>
        <p className="bo-agents__figure" data-testid="run-total-due">{money(run.totalDue)}</p>
        <p className="bo-muted bo-agents__hint">{t('run.attempts', { count: run.attempts })}</p>
      </div>
    </div>
  );
}

/** Confirms a re-run with its reason (kept in the audit log with each payment). */
function RerunDialog({ run, line, busy, error, onConfirm, onClose }: { run: SettlementRun; line: OperatorSettlementLine | null; busy: boolean; error: unknown; onConfirm: (reason: string) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin-agents', 'admin', 'admin-approvals']);
  const [reason, setReason] = useState('');
  const money = (amount: string) => formatMoney(amount, i18n.language);
  return (
    <ActionDialog
      title={line ? t('rerun.lineTitle', { id: line.id }) : t('rerun.title', { id: run.id })}
      testId="rerun-dialog"
      onClose={onClose}
      action={
        <Button onClick={() => onConfirm(reason.trim())} disabled={busy || reason.trim() === ''} data-testid="rerun-confirm">
          {t('admin-approvals:propose.send')}
        </Button>
      }
    >
      <p data-testid="rerun-message">
        {line
          ? t('rerun.lineMessage', { agent: line.agent, amount: money(line.amount), payer: line.payer ?? t('lines.platform') })
          : t('rerun.message', { count: run.pendingLines + run.failedLines, amount: money(run.totalDue) })}
      </p>
      <p className="bo-muted">{t('rerun.safety')}</p>
      <TextField label={t('admin-approvals:propose.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} autoFocus data-testid="rerun-reason" />
      <ErrorLine error={error} testId="rerun-error" />
    </ActionDialog>
  );
}
