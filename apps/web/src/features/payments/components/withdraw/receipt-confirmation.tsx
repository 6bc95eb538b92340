import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, Button, FilteredTextField, keepAmountCharacters, SubmitButton } from '@app/ui';
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
  // The received amount is checked against this withdrawal's amount, known at run time, so by
  // rules.validate (parseAmountInput applies the contract's AmountInputSchema) as in the deposit form.
  // Checked on submit only, as before: a message stays until the next attempt.
  const form = useForm<{ received: string }>({ defaultValues: { received: '' }, reValidateMode: 'onSubmit' });
  const received = useWatch({ control: form.control, name: 'received' });
  const remaining = remainingAfter(withdrawal.amount, received);

  // Set before the answer is sent, so a second click in the same frame (the partial amount is
  // checked in microtasks, before React re-renders the disabled buttons) does not send it again.
  const inFlight = useRef(false);
  const send = (body: ConfirmReceipt) => {
    if (confirm.isPending || inFlight.current) return;
    inFlight.current = true;
    confirm.mutate(
      { id: withdrawal.id, body },
      {
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const validateReceived = (value: string) => {
    const amount = parseAmountInput(value);
    const got = amount === null ? null : toCents(amount);
    const total = toCents(withdrawal.amount);
    if (got === null) return t('errors:wallet.amount_invalid');
    return total === null || got < total || t('errors:payments.received_amount_invalid');
  };

  const sendPartial = ({ received }: { received: string }) => {
    const amount = parseAmountInput(received);
    if (amount !== null) send({ receipt: 'partial', receivedAmount: amount });
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
        <form className="receipt__partial" onSubmit={(event) => void form.handleSubmit(sendPartial)(event)} noValidate>
          <FilteredTextField
            id={`receipt-amount-${withdrawal.id}`}
            label={t('payments:receipt.receivedAmount')}
            requiredMark
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('payments:common.amountPlaceholder')}
            registration={form.register('received', { validate: validateReceived })}
            keep={keepAmountCharacters}
            error={form.formState.errors.received?.message}
            errorTestId="receipt-amount-error"
            data-testid="receipt-amount"
          />
          <p className="receipt__remaining" aria-live="polite" data-testid="receipt-remaining">
            {remaining === null ? null : t('payments:receipt.remaining', { amount: format.money(remaining) })}
          </p>
          <div className="receipt__actions">
            <SubmitButton variant="accent" size="sm" pending={confirm.isPending} pendingLabel={t('payments:receipt.sending')} data-testid="receipt-partial-submit">
              {t('payments:receipt.confirmPartial')}
            </SubmitButton>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setPartial(false);
                form.clearErrors('received');
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
