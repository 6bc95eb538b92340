import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, ConfirmDialog, FilteredTextField, keepAmountCharacters, keepDigits, SubmitButton } from '@app/ui';
import { SetPaymentPasswordRequestSchema, type WithdrawOptions } from '@app/contracts';
import { memberTabPath } from '../../../member/index.ts';
import { MoneyRefusal, type WalletFormat } from '../../../wallet/index.ts';
import { useCreateWithdrawal } from '../../api/payments.queries.ts';
import { checkAmount } from '../../amount.ts';
import { useAmountMessage } from '../../hooks/use-amount-message.ts';
import { useIntentSubmission } from '../../hooks/use-intent-submission.ts';
import { isApiError } from '../../../../shared/api-client.ts';

/** Six digits, as the security centre sets it; the withdrawal contract itself only asks for a non-empty one. */
const PaymentPasswordSchema = SetPaymentPasswordRequestSchema.shape.paymentPassword;

interface WithdrawFields {
  amount: string;
  paymentPassword: string;
}

/** Amount and payment password; sent once per intent, checked against what may be withdrawn first. */
export function WithdrawForm({ options, format }: { options: WithdrawOptions; format: WalletFormat }) {
  const { t } = useTranslation(['payments', 'errors']);
  const amountMessage = useAmountMessage(format);
  const submission = useIntentSubmission(useCreateWithdrawal());
  // The limits and what may be withdrawn come from the server at run time, so the amount is checked
  // by checkAmount in rules.validate (as the deposit form does) rather than by a fixed schema.
  // Checked on submit only, as before: a message stays until the next attempt.
  const form = useForm<WithdrawFields>({ defaultValues: { amount: '', paymentPassword: '' }, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  // Each reason is explained above the form; the server would refuse the request anyway.
  const blocked = !options.profileComplete || options.payoutAccount === null || !options.hasPaymentPassword;

  const validateAmount = (value: string) => {
    const check = checkAmount(value, options);
    return check.ok || amountMessage(check.problem, options);
  };
  const validatePaymentPassword = (value: string) =>
    value === '' ? t('payments:withdraw.paymentPasswordRequired') : PaymentPasswordSchema.safeParse(value).success || t('payments:withdraw.paymentPasswordFormat');

  // Open bonus wagering is forfeited by a withdrawal: the member confirms in a dialog first.
  const [confirming, setConfirming] = useState<{ amount: string; paymentPassword: string } | null>(null);
  const openBonus = options.openBonus ?? null;

  const submit = form.handleSubmit(({ amount, paymentPassword }) => {
    const check = checkAmount(amount, options);
    if (blocked || submission.isPending || !check.ok) return;
    if (openBonus) {
      setConfirming({ amount: check.amount, paymentPassword });
      return;
    }
    submission.submit({ amount: check.amount, paymentPassword }, () => form.reset());
  });
  const confirmForfeit = () => {
    if (!confirming) return;
    submission.submit({ ...confirming, forfeitBonus: true }, () => form.reset());
    setConfirming(null);
  };

  return (
    <form className="payments-form" onSubmit={(event) => void submit(event)} noValidate data-testid="withdraw-form">
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
      {openBonus ? (
        <Alert tone="info" data-testid="withdraw-bonus-warning">
          {t('payments:withdraw.bonusWarning', { bonus: format.money(openBonus.bonus), remaining: format.money(openBonus.wageringRemaining) })}
        </Alert>
      ) : null}
      <FilteredTextField
        id="withdraw-amount"
        label={t('payments:withdraw.amount')}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('payments:common.amountPlaceholder')}
        registration={form.register('amount', { validate: validateAmount })}
        keep={keepAmountCharacters}
        error={errors.amount?.message}
        errorTestId="withdraw-amount-error"
        hint={
          <span data-testid="withdraw-limits">
            {t('payments:withdraw.available', { amount: format.money(options.available) })} ·{' '}
            {t('payments:common.limits', { min: format.money(options.min), max: format.money(options.max) })}
          </span>
        }
        data-testid="withdraw-amount"
      />
      <FilteredTextField
        id="withdraw-password"
        label={t('payments:withdraw.paymentPassword')}
        requiredMark
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder={t('payments:withdraw.paymentPasswordPlaceholder')}
        registration={form.register('paymentPassword', { validate: validatePaymentPassword })}
        keep={keepDigits(6)}
        error={errors.paymentPassword?.message}
        errorTestId="withdraw-password-error"
        data-testid="withdraw-password"
      />
      <MoneyRefusal error={submission.error} setPasswordLabel={t('payments:withdraw.setPaymentPassword')} testId="withdraw-error" />
      {isApiError(submission.error) && submission.error.code === 'kyc.verification_required' ? (
        // Issue 27: the first withdrawal and large ones need a verified identity; the page is one click away.
        <Link className="link-button link-button--accent" to="/kyc" data-testid="withdraw-kyc-link">
          {t('payments:withdraw.kyc.link')}
        </Link>
      ) : null}
      {submission.data ? (
        <Alert tone="info" data-testid="withdraw-success">
          {t('payments:withdraw.success', { amount: format.money(submission.data.amount) })}
        </Alert>
      ) : null}
      <SubmitButton variant="accent" block disabled={blocked} pending={submission.isPending} pendingLabel={t('payments:withdraw.submitting')} data-testid="withdraw-submit">
        {t('payments:withdraw.submit')}
      </SubmitButton>
      <ConfirmDialog
        open={confirming !== null}
        title={t('payments:withdraw.bonusConfirmTitle')}
        message={openBonus ? t('payments:withdraw.bonusConfirmMessage', { bonus: format.money(openBonus.bonus), remaining: format.money(openBonus.wageringRemaining) }) : ''}
        confirmLabel={t('payments:withdraw.bonusConfirm')}
        cancelLabel={t('payments:withdraw.bonusKeep')}
        closeLabel={t('payments:withdraw.bonusKeep')}
        onConfirm={confirmForfeit}
        onCancel={() => setConfirming(null)}
        testId="withdraw-bonus-confirm"
      />
    </form>
  );
}
