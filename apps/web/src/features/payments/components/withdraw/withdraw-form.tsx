import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Button, TextField } from '@app/ui';
import type { WithdrawOptions } from '@app/contracts';
import { isApiError } from '../../../../shared/api-client.ts';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import type { FieldMessages } from '../../../account/index.ts';
import { memberTabPath } from '../../../member/index.ts';
import type { WalletFormat } from '../../../wallet/index.ts';
import { useCreateWithdrawal } from '../../api/payments.queries.ts';
import { checkAmount } from '../../amount.ts';
import { useAmountMessage } from '../../hooks/use-amount-message.ts';
import { useIntentSubmission } from '../../hooks/use-intent-submission.ts';

const PAYMENT_PASSWORD = /^\d{6}$/;

/** Amount and payment password; sent once per intent, checked against what may be withdrawn first. */
export function WithdrawForm({ options, format }: { options: WithdrawOptions; format: WalletFormat }) {
  const { t } = useTranslation(['payments', 'errors']);
  const errorMessage = useErrorMessage();
  const amountMessage = useAmountMessage(format);
  const submission = useIntentSubmission(useCreateWithdrawal());
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  // Each reason is explained above the form; the server would refuse the request anyway.
  const blocked = !options.profileComplete || options.payoutAccount === null || !options.hasPaymentPassword;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || submission.isPending) return;
    const check = checkAmount(amount, options);
    const problems: FieldMessages = {
      amount: check.ok ? undefined : amountMessage(check.problem, options),
      paymentPassword:
        paymentPassword === ''
          ? t('payments:withdraw.paymentPasswordRequired')
          : PAYMENT_PASSWORD.test(paymentPassword)
            ? undefined
            : t('payments:withdraw.paymentPasswordFormat'),
    };
    setErrors(problems);
    if (!check.ok || problems.paymentPassword) return;
    submission.submit({ amount: check.amount, paymentPassword }, () => {
      setAmount('');
      setPaymentPassword('');
    });
  };

  const needsPaymentPassword = isApiError(submission.error) && submission.error.code === 'wallet.payment_password_missing';
  return (
    <form className="payments-form" onSubmit={submit} noValidate data-testid="withdraw-form">
      <h3 id="withdraw-form-title" className="wallet-card__title">
        {t('payments:withdraw.formTitle')}
      </h3>
      <p className="wallet-card__hint">{t('payments:withdraw.formHint')}</p>
      {options.payoutAccount === null ? (
        <Alert tone="info" data-testid="withdraw-no-account">
          {t('payments:withdraw.noPayoutAccount')}
        </Alert>
      ) : null}
      {options.hasPaymentPassword ? null : (
        <Alert tone="info" data-testid="withdraw-password-not-set">
          <span>
            {t('payments:withdraw.paymentPasswordNotSet')}{' '}
            <Link className="link-button link-button--accent" to={memberTabPath('securityCenter')} data-testid="withdraw-set-password-link">
              {t('payments:withdraw.setPaymentPassword')}
            </Link>
          </span>
        </Alert>
      )}
      <TextField
        id="withdraw-amount"
        label={t('payments:withdraw.amount')}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('payments:common.amountPlaceholder')}
        value={amount}
        onChange={(event) => setAmount(event.target.value.replace(/[^\d.,]/g, ''))}
        error={errors.amount}
        errorTestId="withdraw-amount-error"
        hint={
          <span data-testid="withdraw-limits">
            {t('payments:withdraw.available', { amount: format.money(options.available) })} ·{' '}
            {t('payments:common.limits', { min: format.money(options.min), max: format.money(options.max) })}
          </span>
        }
        data-testid="withdraw-amount"
      />
      <TextField
        id="withdraw-password"
        label={t('payments:withdraw.paymentPassword')}
        requiredMark
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder={t('payments:withdraw.paymentPasswordPlaceholder')}
        value={paymentPassword}
        onChange={(event) => setPaymentPassword(event.target.value.replace(/\D/g, '').slice(0, 6))}
        error={errors.paymentPassword}
        errorTestId="withdraw-password-error"
        data-testid="withdraw-password"
      />
      {submission.error ? (
        <Alert data-testid="withdraw-error">
          <span>
            {errorMessage(submission.error)}
            {needsPaymentPassword ? (
              <>
                {' '}
                <Link className="link-button" to={memberTabPath('securityCenter')}>
                  {t('payments:withdraw.setPaymentPassword')}
                </Link>
              </>
            ) : null}
          </span>
        </Alert>
      ) : null}
      {submission.data ? (
        <Alert tone="info" data-testid="withdraw-success">
          {t('payments:withdraw.success', { amount: format.money(submission.data.amount) })}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="accent"
        block
        disabled={blocked || submission.isPending}
        aria-busy={submission.isPending}
        data-testid="withdraw-submit"
      >
        {submission.isPending ? t('payments:withdraw.submitting') : t('payments:withdraw.submit')}
      </Button>
    </form>
  );
}
