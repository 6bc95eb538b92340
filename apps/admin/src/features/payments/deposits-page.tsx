import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_STATUSES, DepositStatusSchema, type DepositStatus, type OperatorDeposit } from '@app/contracts';
import { Button } from '@app/ui';
import { Badge, type Column } from '../../shared/components/data-table.tsx';
import { PagedTable } from '../../shared/components/paged-table.tsx';
import { Page } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { PAGE_SIZE, useDeposits, useHeldDepositDecision } from './payments.api.ts';
import { PaymentFilterBar, usePaymentFilters } from './payment-filters.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const STATUS_TONE: Record<DepositStatus, 'ok' | 'warn' | 'bad' | 'neutral'> = { pending: 'neutral', paid: 'neutral', credited: 'ok', held: 'warn', refunded: 'bad', expired: 'neutral', failed: 'bad' };

/** Deposits with filters; one paid from another CPF, or paid a different amount, waits here for credit or refund. */
export default function DepositsPage() {
  const { t, i18n } = useTranslation(['admin-payments', 'admin']);
  const session = useSession();
  const filters = usePaymentFilters(DepositStatusSchema, '');
  const query = useDeposits(filters.query);
  const decide = useHeldDepositDecision();
  const [deciding, setDeciding] = useState<{ row: OperatorDeposit; kind: 'credit' | 'refund' } | null>(null);
  const mayDecide = session.can('payments.review');
  // A decision moves what the provider reported as paid, which differs from the charge on an amount mismatch.
  const decisionTitle = (row: OperatorDeposit, kind: 'credit' | 'refund') => {
    const values = { amount: formatMoney(row.paidAmount ?? row.amount, i18n.language), charged: formatMoney(row.amount, i18n.language), member: row.member };
    if (row.holdReason === 'amount_mismatch') return t(kind === 'credit' ? 'deposits.creditMismatchTitle' : 'deposits.refundMismatchTitle', values);
    return t(kind === 'credit' ? 'deposits.creditTitle' : 'deposits.refundTitle', values);
  };

  const columns: Column<OperatorDeposit>[] = [
    { key: 'id', header: t('columns.id'), cell: (row) => row.id },
    { key: 'member', header: t('columns.member'), cell: (row) => row.member },
    { key: 'amount', header: t('columns.amount'), numeric: true, cell: (row) => formatMoney(row.amount, i18n.language) },
    { key: 'created', header: t('columns.createdAt'), cell: (row) => formatDateTime(row.createdAt, i18n.language) },
    { key: 'paid', header: t('columns.paidAt'), cell: (row) => formatDateTime(row.paidAt, i18n.language) },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <span className="bo-badges">
          <Badge tone={STATUS_TONE[row.status]}>{t(`depositStatus.${row.status}`)}</Badge>
          {row.holdReason === 'amount_mismatch' && row.paidAmount ? <Badge tone="warn">{t('deposits.amountMismatch', { paid: formatMoney(row.paidAmount, i18n.language) })}</Badge> : null}
        </span>
      ),
    },
    { key: 'payer', header: t('columns.payer'), cell: (row) => (row.payerCpfMatches === null ? '—' : row.payerCpfMatches ? t('deposits.payerSame') : <Badge tone="warn">{t('deposits.payerOther')}</Badge>) },
    { key: 'txid', header: t('columns.txid'), cell: (row) => <code className="bo-small">{row.txid}</code> },
    {
      key: 'actions',
      header: t('columns.actions'),
      cell: (row) =>
        row.status === 'held' && mayDecide ? (
          <span className="bo-actions">
            <Button size="sm" onClick={() => setDeciding({ row, kind: 'credit' })} data-testid={`credit-${row.id}`}>
              {t('deposits.credit')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDeciding({ row, kind: 'refund' })} data-testid={`refund-${row.id}`}>
              {t('deposits.refund')}
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <Page title={t('deposits.title')} testId="deposits-page">
      <PaymentFilterBar filters={filters} statuses={DEPOSIT_STATUSES} statusLabel={(value) => t(`depositStatus.${value}`)} />
      <PagedTable query={query} columns={columns} rowKey={(row) => row.id} testId="deposits" empty={t('deposits.empty')} pageNo={filters.pageNo} pageSize={PAGE_SIZE} onPage={filters.setPageNo} />
      {deciding ? (
        <ReasonDialog
          title={decisionTitle(deciding.row, deciding.kind)}
          confirmLabel={t(deciding.kind === 'credit' ? 'deposits.credit' : 'deposits.refund')}
          busy={decide.isPending}
          error={decide.error}
          onClose={() => { setDeciding(null); decide.reset(); }}
          onConfirm={(note) => decide.mutate({ id: deciding.row.id, kind: deciding.kind, note }, { onSuccess: () => setDeciding(null) })}
        />
      ) : null}
    </Page>
  );
}
