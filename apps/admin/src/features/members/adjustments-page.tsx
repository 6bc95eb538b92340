import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADJUSTMENT_STATUSES, type Adjustment, type AdjustmentStatus } from '@app/contracts';
import { Button, ConfirmDialog, SelectField, TextField } from '@app/ui';
import { Badge, type Column } from '../../shared/components/data-table.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { ErrorLine, Page } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { ADJUSTMENT_TONE } from './labels.ts';
import { LIST_PAGE_SIZE, useAdjustmentDecision, useAdjustments } from './members.api.ts';
import './members.css';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';

/**
 * The checker's queue of manual balance adjustments. Approving posts the amount to the member's
 * cash through the ledger; the operator who asked cannot approve (the server refuses it too).
 */
export default function AdjustmentsPage() {
  const { t, i18n } = useTranslation(['admin-members', 'admin']);
  const session = useSession();
  const [status, setStatus] = useState<AdjustmentStatus | ''>('pending');
  const [pageNo, setPageNo] = useState(1);
  const query = useAdjustments({ status, pageNo });
  const decide = useAdjustmentDecision();
  const [approving, setApproving] = useState<Adjustment | null>(null);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const [note, setNote] = useState('');
  const mayDecide = session.can('balance.adjust.approve');
  const money = (amount: string) => formatMoney(amount, i18n.language);

  const columns: Column<Adjustment>[] = [
    { key: 'id', header: t('adjustments.columns.id'), cell: (row) => row.id },
    { key: 'member', header: t('adjustments.columns.member'), cell: (row) => <Link to={`/members/${row.member.id}`} className="bo-members__nowrap">{row.member.account}</Link> },
    { key: 'amount', header: t('adjustments.columns.amount'), numeric: true, cell: (row) => <span className={row.amount.startsWith('-') ? 'bo-members__debit' : 'bo-members__credit'}>{money(row.amount)}</span> },
    { key: 'reason', header: t('adjustments.columns.reason'), cell: (row) => row.reason },
    { key: 'requested', header: t('adjustments.columns.requestedBy'), cell: (row) => `${row.requestedBy.username} · ${formatDateTime(row.requestedAt, i18n.language)}` },
    { key: 'status', header: t('adjustments.columns.status'), cell: (row) => <Badge tone={ADJUSTMENT_TONE[row.status]}>{t(`adjustments.status.${row.status}`)}</Badge> },
    {
      key: 'decided',
      header: t('adjustments.columns.decidedBy'),
      cell: (row) => (row.decidedBy ? `${row.decidedBy.username} · ${formatDateTime(row.decidedAt, i18n.language)}${row.decisionNote ? ` — ${row.decisionNote}` : ''}` : '—'),
    },
    {
      key: 'actions',
      header: t('adjustments.columns.actions'),
      cell: (row) => {
        if (row.status !== 'pending' || !mayDecide) return null;
        const own = row.requestedBy.id === session.operator?.id;
        return (
          <span className="bo-actions">
            {own ? (
              <span className="bo-muted bo-small" data-testid={`adjustment-own-${row.id}`}>
                {t('adjustments.ownRequest')}
              </span>
            ) : (
              <Button size="sm" onClick={() => setApproving(row)} data-testid={`adjustment-approve-${row.id}`}>
                {t('adjustments.approve')}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => { setNote(''); setRejecting(row); }} data-testid={`adjustment-reject-${row.id}`}>
              {t('adjustments.reject')}
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <Page title={t('adjustments.title')} testId="adjustments-page">
      <p className="bo-muted">{t('adjustments.explain')}</p>
      <div className="bo-filters">
        <SelectField
          label={t('adjustments.columns.status')}
          value={status}
          onValueChange={(value) => { setStatus(value); setPageNo(1); }}
          options={[{ value: '' as const, label: t('admin:common.all') }, ...ADJUSTMENT_STATUSES.map((value) => ({ value, label: t(`adjustments.status.${value}`) }))]}
          data-testid="adjustments-status"
        />
      </div>
      <ErrorLine error={approving === null && rejecting === null ? decide.error : null} testId="adjustments-error" />
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="adjustments" empty={t('adjustments.empty')} pageNo={pageNo} pageSize={LIST_PAGE_SIZE} onPage={setPageNo} />
      <ConfirmDialog
        open={approving !== null}
        title={t('adjustments.approveTitle')}
        message={approving ? t(approving.amount.startsWith('-') ? 'adjustments.approveDebit' : 'adjustments.approveCredit', { amount: money(approving.amount.replace('-', '')), account: approving.member.account, requester: approving.requestedBy.username }) : ''}
        confirmLabel={t('adjustments.approve')}
        cancelLabel={t('admin:common.cancel')}
        closeLabel={t('admin:common.close')}
        busy={decide.isPending}
        onCancel={() => setApproving(null)}
        onConfirm={() => approving && decide.mutate({ id: approving.id, kind: 'approve' }, { onSettled: () => setApproving(null) })}
        testId="adjustment-approve-dialog"
      />
      {rejecting ? (
        <ActionDialog
          title={t('adjustments.rejectTitle', { id: rejecting.id })}
          testId="adjustment-reject-dialog"
          onClose={() => { setRejecting(null); decide.reset(); }}
          action={
            <Button disabled={decide.isPending || note.trim() === ''} onClick={() => decide.mutate({ id: rejecting.id, kind: 'reject', note }, { onSuccess: () => setRejecting(null) })} data-testid="adjustment-reject-confirm">
              {t('adjustments.reject')}
            </Button>
          }
        >
          <TextField label={t('admin:common.reason')} value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} autoFocus data-testid="adjustment-reject-note" />
          <ErrorLine error={decide.error} testId="adjustment-reject-error" />
        </ActionDialog>
      ) : null}
    </Page>
  );
}
