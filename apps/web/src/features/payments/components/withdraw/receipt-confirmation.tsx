import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import type { ConfirmReceipt, Withdrawal } from '@app/contracts';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { parseAmountInput, type WalletFormat } from '../../../wallet/index.ts';
import { useConfirmReceipt } from '../../api/payments.queries.ts';
import { fromCents, toCents } from '../../amount.ts';

/** What is still missing when `received` of `amount` arrived; null when that is not a partial receipt. */
export function remainingAfter(amount: string, received: string): string | null {
  const total = toCents(amount);
  const typed = received.trim() === '' ? '0' : parseAmountInput(received);
  const got = typed === null ? null : toCents(typed);
  if (total === null || got === null || got >= total) return null;
  return fromCents(total - got);
}

/**
 * Spec §4 withdrawal confirmation: the member says whether the payout arrived — all of it, part
 * of it (how much; the rest is shown) or none. Silence counts as received after the time-out.
 */
export function ReceiptConfirmation({ withdrawal, format }: { withdrawal: Withdrawal; format: WalletFormat }) {
  const { t } = useTranslation(['payments', 'errors']);
  const errorMessage = useErrorMessage();
  const confirm = useConfirmReceipt();
  const questionId = useId();
  const [isPartial, setPartial] = useState(false);
  const [received, setReceived] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remaining = remainingAfter(withdrawal.amount, received);

  const send = (body: ConfirmReceipt) => {
    if (!confirm.isPending) confirm.mutate({ id: withdrawal.id, body });
  };

  const submitPartial = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = parseAmountInput(received);
    const got = amount === null ? null : toCents(amount);
    const total = toCents(withdrawal.amount);
    if (amount === null || got === null) {
      setProblem(t('errors:wallet.amount_invalid'));
      return;
    }
    if (total !== null && got >= total) {
      setProblem(t('errors:payments.received_amount_invalid'));
      return;
    }
    setProblem(null);
    send({ receipt: 'partial', receivedAmount: amount });
  };

  return (
    <div className="receipt" role="group" aria-labelledby={questionId} data-testid="receipt-confirmation">
      <p id={questionId} className="receipt__question">
        {t('payments:receipt.question')}
      </p>
      <p className="receipt__hint">{t('payments:receipt.hint')}</p>
      <div className="receipt__actions">
        <Button variant="accent" size="sm" disabled={confirm.isPending} onClick={() => send({ receipt: 'received' })} data-testid="receipt-received">
          {t('payments:receipt.received')}
        </Button>
        <Button
          variant={isPartial ? 'primary' : 'outline'}
          size="sm"
          disabled={confirm.isPending}
          aria-expanded={isPartial}
          onClick={() => setPartial(true)}
          data-testid="receipt-partial"
        >
          {t('payments:receipt.partial')}
        </Button>
        <Button variant="outline" size="sm" disabled={confirm.isPending} onClick={() => send({ receipt: 'not_received' })} data-testid="receipt-not-received">
          {t('payments:receipt.notReceived')}
        </Button>
      </div>
      {isPartial ? (
        <form className="receipt__partial" onSubmit={submitPartial} noValidate>
          <TextField
            id={`receipt-amount-${withdrawal.id}`}
            label={t('payments:receipt.receivedAmount')}
            requiredMark
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('payments:common.amountPlaceholder')}
            value={received}
            onChange={(event) => setReceived(event.target.value.replace(/[^\d.,]/g, ''))}
            error={problem}
            errorTestId="receipt-amount-error"
            data-testid="receipt-amount"
          />
          <p className="receipt__remaining" aria-live="polite" data-testid="receipt-remaining">
            {remaining === null ? null : t('payments:receipt.remaining', { amount: format.money(remaining) })}
          </p>
          <div className="receipt__actions">
            <Button type="submit" variant="accent" size="sm" disabled={confirm.isPending} aria-busy={confirm.isPending} data-testid="receipt-partial-submit">
              {confirm.isPending ? t('payments:receipt.sending') : t('payments:receipt.confirmPartial')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setPartial(false);
                setProblem(null);
              }}
              data-testid="receipt-partial-cancel"
            >
              {t('payments:common.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
      {confirm.error ? <Alert data-testid="receipt-error">{errorMessage(confirm.error)}</Alert> : null}
    </div>
  );
}
