import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@app/contracts';
import type { WalletFormat } from '../../../wallet/index.ts';
import { WithdrawalStatusChip } from '../status-chip.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { ReceiptConfirmation } from './receipt-confirmation.tsx';

/** One withdrawal: amount, status, destination and timing, then what the member can do about it. */
export function WithdrawalItem({ withdrawal, format }: { withdrawal: Withdrawal; format: WalletFormat }) {
  const { t } = useTranslation('payments');
  return (
    <li className="line-card" data-testid="withdrawal-row" data-withdrawal-id={withdrawal.id}>
      <div className="line-card__top">
        <span className="amount">{format.money(withdrawal.amount)}</span>
        <WithdrawalStatusChip status={withdrawal.status} testId="withdrawal-status" />
      </div>
      <div className="line-card__meta">
        <span data-testid="withdrawal-destination">{t('withdraw.destination', { destination: withdrawal.destination })}</span>
        <time dateTime={withdrawal.requestedAt}>{t('withdraw.requestedAt', { time: format.dateTime(withdrawal.requestedAt) })}</time>
        {withdrawal.minutesToPay === null ? null : <span data-testid="withdrawal-time-to-pay">{withdrawal.minutesToPay === 0 ? t('withdraw.paidInUnderMinute') : t('withdraw.paidIn', { count: withdrawal.minutesToPay })}</span>}
      </div>
      {withdrawal.rejectReason ? (
        <p className="payments-row__note" data-testid="withdrawal-reject-reason">
          {t('withdraw.rejectReason', { reason: withdrawal.rejectReason })}
        </p>
      ) : null}
      {withdrawal.receipt ? (
        <p className="payments-row__note" data-testid="withdrawal-receipt">
          {t(`receipt.states.${withdrawal.receipt}`, { amount: format.money(withdrawal.remainingAmount ?? '0') })}
        </p>
      ) : null}
      {withdrawal.awaitingReceipt ? <ReceiptConfirmation withdrawal={withdrawal} format={format} /> : null}
      {withdrawal.status === 'paid' ? <ProofUpload withdrawal={withdrawal} /> : null}
    </li>
  );
}
