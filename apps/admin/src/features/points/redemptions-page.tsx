import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRedemption, RedemptionStatus } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useDecideRedemption, useRedemptions } from './points.api.ts';
import './points.css';

/** The fulfilment queue (promotions.review): approve (pays cash, grants bonus, or marks goods sent) or reject with a reason (points returned). */
export default function RedemptionsPage() {
  const { t, i18n } = useTranslation('admin-points');
  const [status, setStatus] = useState<RedemptionStatus>('in_process');
  const query = useRedemptions(status);
  const decide = useDecideRedemption();
  const [approving, setApproving] = useState<AdminRedemption | null>(null);
  const [rejecting, setRejecting] = useState<AdminRedemption | null>(null);
  const [reason, setReason] = useState('');

  const columns: Column<AdminRedemption>[] = [
    { key: 'reference', header: t('queue.columns.reference'), cell: (row) => <code>{row.reference}</code>, className: 'pt-nowrap' },
    { key: 'member', header: t('queue.columns.member'), cell: (row) => <strong>{row.account}</strong>, className: 'pt-nowrap' },
    { key: 'item', header: t('queue.columns.item'), cell: (row) => `${row.name} × ${row.quantity}` },
    { key: 'kind', header: t('queue.columns.kind'), cell: (row) => t(`kinds.${row.kind}`), className: 'pt-nowrap' },
    { key: 'value', header: t('queue.columns.value'), cell: (row) => (row.kind === 'physical' ? '—' : formatMoney(row.value, i18n.language)), numeric: true },
    { key: 'points', header: t('queue.columns.points'), cell: (row) => row.points, numeric: true },
    { key: 'time', header: t('queue.columns.time'), cell: (row) => <span className="bo-small">{formatDateTime(row.createdAt, i18n.language)}</span> },
    {
      key: 'decision',
      header: t('queue.columns.decision'),
      cell: (row) =>
        row.status === 'in_process' ? (
          <span className="bo-actions">
            <Button size="sm" onClick={() => { decide.reset(); setApproving(row); }} data-testid={`redemption-approve-${row.id}`}>
              {t('queue.approve')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => { decide.reset(); setReason(''); setRejecting(row); }} data-testid={`redemption-reject-${row.id}`}>
              {t('queue.reject')}
            </Button>
          </span>
        ) : (
          <span className="bo-small">
            <Badge tone={row.status === 'approved' ? 'ok' : 'neutral'}>{t(`status.${row.status}`)}</Badge> {row.decidedAt ? formatDateTime(row.decidedAt, i18n.language) : null}
            {row.reason ? <><br />{row.reason}</> : null}
          </span>
        ),
    },
  ];

  return (
    <Page title={t('queue.title')} testId="points-redemptions-page">
      <p className="bo-muted">{t('queue.explain')}</p>
      <div className="bo-filters">
        <SelectField label={t('queue.status')} value={status} onValueChange={setStatus} options={(['in_process', 'approved', 'rejected'] as const).map((value) => ({ value, label: t(`status.${value}`) }))} data-testid="redemptions-status" />
      </div>
      <QueryState query={query}>{() => <DataTable rows={query.data?.list ?? []} columns={columns} rowKey={(row) => row.id} testId="redemptions" empty={t('queue.empty')} />}</QueryState>
      {approving ? (
        <ActionDialog
          title={t('queue.approveTitle', { reference: approving.reference })}
          testId="redemption-approve-dialog"
          onClose={() => setApproving(null)}
          action={
            <Button disabled={decide.isPending} onClick={() => decide.mutate({ id: approving.id, decision: { decision: 'approve' } }, { onSuccess: () => setApproving(null) })} data-testid="redemption-approve-confirm">
              {t('queue.approve')}
            </Button>
          }
        >
          <p>{t(`queue.approveMessage.${approving.kind}`, { account: approving.account, item: approving.name, quantity: approving.quantity, amount: formatMoney(approving.value, i18n.language) })}</p>
          <ErrorLine error={decide.error} testId="redemption-approve-error" />
        </ActionDialog>
      ) : null}
      {rejecting ? (
        <ActionDialog
          title={t('queue.rejectTitle', { reference: rejecting.reference })}
          testId="redemption-reject-dialog"
          onClose={() => setRejecting(null)}
          action={
            <Button disabled={decide.isPending || reason.trim() === ''} onClick={() => decide.mutate({ id: rejecting.id, decision: { decision: 'reject', reason } }, { onSuccess: () => setRejecting(null) })} data-testid="redemption-reject-confirm">
              {t('queue.reject')}
            </Button>
          }
        >
          <p>{t('queue.rejectMessage', { points: rejecting.points, account: rejecting.account })}</p>
          <TextField label={t('queue.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} autoFocus data-testid="redemption-reject-reason" />
          <ErrorLine error={decide.error} testId="redemption-reject-error" />
        </ActionDialog>
      ) : null}
    </Page>
  );
}
