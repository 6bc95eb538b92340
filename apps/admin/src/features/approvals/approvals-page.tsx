import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_KINDS, APPROVAL_STATUSES, type ApprovalKind, type ApprovalRequest, type ApprovalStatus } from '@app/contracts';
import { Alert, Button, SelectField, TextField } from '@app/ui';
import { ActionDialog, NoticeDialog } from '../../shared/components/action-dialog.tsx';
import { Badge, type Column } from '../../shared/components/data-table.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { ErrorLine, Page } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useApprovalOutcome, useApprovalSummary } from './approval-summary.tsx';
import { APPROVALS_PAGE_SIZE, useApprovalDecision, useApprovals } from './approvals.api.ts';
import './approvals.css';

const TONE: Record<ApprovalStatus, 'ok' | 'warn' | 'bad' | 'neutral'> = { pending: 'warn', approved: 'ok', rejected: 'neutral', failed: 'bad' };

/**
 * Approvals: the maker-checker requests for sensitive changes (a vendor's wallet mode and
 * secret, the payment limits, settling or re-running agents' commissions). Another operator than
 * the one who asked approves — the change applies then, once — or rejects with a note.
 */
export default function ApprovalsPage() {
  const { t, i18n } = useTranslation(['admin-approvals', 'admin']);
  const [status, setStatus] = useState<ApprovalStatus | ''>('pending');
  const [kind, setKind] = useState<ApprovalKind | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const query = useApprovals({ status, kind: kind || undefined, pageNo });
  const decide = useApprovalDecision();
  const summary = useApprovalSummary();
  const outcome = useApprovalOutcome();
  const [approving, setApproving] = useState<ApprovalRequest | null>(null);
  const [rejecting, setRejecting] = useState<ApprovalRequest | null>(null);
  const [secret, setSecret] = useState<{ vendor: string; secret: string } | null>(null);
  const [note, setNote] = useState('');
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);

  const columns: Column<ApprovalRequest>[] = [
    { key: 'id', header: t('columns.id'), cell: (row) => <span className="ap-who">{row.id}</span> },
    { key: 'kind', header: t('columns.kind'), cell: (row) => <span className="ap-kind">{APPROVAL_KINDS.includes(row.kind as ApprovalKind) ? t(`kind.${row.kind as ApprovalKind}`) : row.kind}</span> },
    {
      key: 'change',
      header: t('columns.change'),
      cell: (row) => (
        <ul className="ap-change" data-testid={`approval-change-${row.id}`}>
          {summary(row).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    { key: 'reason', header: t('columns.reason'), cell: (row) => <span className="ap-text ap-reason">{row.reason}</span> },
    { key: 'requested', header: t('columns.requestedBy'), cell: (row) => <span className="ap-who">{row.requestedBy.username}<br /><span className="bo-muted">{when(row.requestedAt)}</span></span> },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => {
        const done = outcome(row);
        return (
          <span className="ap-status">
            <Badge tone={TONE[row.status]} testId={`approval-status-${row.id}`}>
              {t(`status.${row.status}`)}
            </Badge>
            {row.decidedBy ? (
              <span className="ap-who">
                {t('decidedBy', { operator: row.decidedBy.username })}
                <br />
                <span className="bo-muted">{when(row.decidedAt)}</span>
              </span>
            ) : null}
            {row.decisionNote ? <span className="ap-text">{row.decisionNote}</span> : null}
            {done ? <span className="ap-text ap-outcome">{done}</span> : null}
          </span>
        );
      },
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (row) => {
        if (row.status !== 'pending') return null;
        if (!row.canDecide) {
          return (
            <span className="bo-muted bo-small" data-testid={`approval-own-${row.id}`}>
              {t('ownRequest')}
            </span>
          );
        }
        return (
          <span className="bo-actions">
            <Button size="sm" onClick={() => { decide.reset(); setApproving(row); }} data-testid={`approval-approve-${row.id}`}>
              {t('approve')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => { decide.reset(); setNote(''); setRejecting(row); }} data-testid={`approval-reject-${row.id}`}>
              {t('reject')}
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <Page title={t('title')} testId="approvals-page">
      <p className="bo-muted">{t('explain')}</p>
      <div className="bo-filters">
        <SelectField
          label={t('columns.status')}
          value={status}
          onValueChange={(value) => { setStatus(value); setPageNo(1); }}
          options={[{ value: '' as const, label: t('admin:common.all') }, ...APPROVAL_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
          data-testid="approvals-status"
        />
        <SelectField
          label={t('columns.kind')}
          value={kind}
          onValueChange={(value) => { setKind(value); setPageNo(1); }}
          options={[{ value: '' as const, label: t('admin:common.all') }, ...APPROVAL_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))]}
          data-testid="approvals-kind"
        />
      </div>
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="approvals" empty={t('empty')} pageNo={pageNo} pageSize={APPROVALS_PAGE_SIZE} onPage={setPageNo} />
      {approving ? (
        <ActionDialog
          title={t('approveTitle', { id: approving.id })}
          testId="approval-approve-dialog"
          onClose={() => setApproving(null)}
          action={
            <Button
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate(
                  { id: approving.id, kind: 'approve' },
                  {
                    onSuccess: (decided) => {
                      setApproving(null);
                      if (decided.once?.secret) setSecret({ vendor: String(decided.payload.vendorName ?? decided.target), secret: decided.once.secret });
                    },
                  },
                )
              }
              data-testid="approval-approve-confirm"
            >
              {t('approve')}
            </Button>
          }
        >
          <p>{t('approveMessage', { maker: approving.requestedBy.username })}</p>
          <ul className="ap-change">
            {summary(approving).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="bo-muted">{t('reasonWas', { reason: approving.reason })}</p>
          <ErrorLine error={decide.error} testId="approval-approve-error" />
        </ActionDialog>
      ) : null}
      {rejecting ? (
        <ActionDialog
          title={t('rejectTitle', { id: rejecting.id })}
          testId="approval-reject-dialog"
          onClose={() => setRejecting(null)}
          action={
            <Button disabled={decide.isPending || note.trim() === ''} onClick={() => decide.mutate({ id: rejecting.id, kind: 'reject', note }, { onSuccess: () => setRejecting(null) })} data-testid="approval-reject-confirm">
              {t('reject')}
            </Button>
          }
        >
          <TextField label={t('rejectNote')} value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} autoFocus data-testid="approval-reject-note" />
          <ErrorLine error={decide.error} testId="approval-reject-error" />
        </ActionDialog>
      ) : null}
      {secret ? (
        <NoticeDialog title={t('secretTitle', { vendor: secret.vendor })} testId="approval-secret-dialog" onClose={() => setSecret(null)} doneLabel={t('secretDone')} doneTestId="approval-secret-done">
          <Alert tone="info">{t('secretOnce')}</Alert>
          <code className="ap-secret" data-testid="approval-secret-value">
            {secret.secret}
          </code>
        </NoticeDialog>
      ) : null}
    </Page>
  );
}
