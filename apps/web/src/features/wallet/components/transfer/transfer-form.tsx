import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, FilteredTextField, keepAmountCharacters, keepDigits, SubmitButton, TextField } from '@app/ui';
import { AgentTransferRequestSchema, type AgentTransferRequest } from '@app/contracts';
import { ApiError } from '../../../../shared/api-client.ts';
import { translateError, useValidationMessage, type MessageParams } from '../../../../shared/error-message.ts';
import { type MemberInfo, serverFieldIssues, toFieldMessages } from '../../../account/index.ts';
import { memberTabPath } from '../../../member/index.ts';
import { parseAmountInput } from '../../amount-input.ts';
import { MoneyRefusal } from '../money-refusal.tsx';
import { useTransferSubmission } from '../../hooks/use-transfer-submission.ts';
import { useWalletFormat } from '../../hooks/use-wallet-format.ts';

/** The downline's account as the server takes it: trimmed, 1 to 64 characters. */
const DownlineAccountSchema = AgentTransferRequestSchema.shape.account.unwrap();
const PaymentPasswordSchema = AgentTransferRequestSchema.shape.paymentPassword;

interface TransferFields {
  account: string;
  amount: string;
  paymentPassword: string;
}

interface TransferFormProps {
  direction: AgentTransferRequest['direction'];
  member: MemberInfo;
  /** Nothing may be sent (no upline to send to, or not known yet). */
  blocked: boolean;
}

/** Amount and payment password (plus the downline's account when sending down). */
export function TransferForm({ direction, member, blocked }: TransferFormProps) {
  const { t, i18n } = useTranslation(['wallet', 'errors']);
  const validationMessage = useValidationMessage();
  const format = useWalletFormat(member.currencySymbol);
  const submission = useTransferSubmission();
  const isDownline = direction === 'downline';
  // The amount is typed the Brazilian way ("12,50") and made ready for the contract by
  // parseAmountInput, so each field is checked in rules.validate against the contract's own schema
  // (AmountInputSchema inside parseAmountInput) rather than by a resolver on the raw text.
  // Checked on submit only, as before: a message stays until the next attempt.
  const form = useForm<TransferFields>({ defaultValues: { account: '', amount: '', paymentPassword: '' }, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;

  // Field problems the server found (validation.failed): its keys may be error codes or validators'.
  const translateIssue = (key: string, params?: MessageParams) =>
    i18n.exists(`errors:${key}`) ? translateError(i18n, new ApiError(400, key, key)) : validationMessage(key, params);
  const serverErrors = toFieldMessages(serverFieldIssues(submission.error) ?? [], translateIssue);
  const fieldError = (field: keyof TransferFields) => errors[field]?.message ?? serverErrors[field];

  const validateAccount = (value: string) => !isDownline || DownlineAccountSchema.safeParse(value).success || validationMessage('required');
  const validateAmount = (value: string) => parseAmountInput(value) !== null || t('errors:wallet.amount_invalid');
  const validatePaymentPassword = (value: string) => PaymentPasswordSchema.safeParse(value).success || t('wallet:transfer.paymentPasswordFormat');

  const submit = form.handleSubmit(({ account, amount, paymentPassword }) => {
    const parsedAmount = parseAmountInput(amount);
    if (blocked || parsedAmount === null) return;
    submission.submit({ direction, amount: parsedAmount, paymentPassword, ...(isDownline ? { account: account.trim() } : {}) }, () => {
      form.resetField('amount');
      form.resetField('paymentPassword');
    });
  });

  return (
    <form className="transfer-form" onSubmit={(event) => void submit(event)} noValidate data-testid="transfer-form">
      <p className="wallet-card__hint">{isDownline ? t('wallet:transfer.downlineHint') : t('wallet:transfer.uplineHint')}</p>
      {member.hasPaymentPassword ? null : (
        <Alert tone="info" data-testid="transfer-password-not-set">
          <span>
            {t('wallet:transfer.paymentPasswordNotSet')}{' '}
            <Link className="link-button link-button--accent" to={memberTabPath('securityCenter')}>
              {t('wallet:transfer.setPaymentPassword')}
            </Link>
          </span>
        </Alert>
      )}
      {isDownline ? (
        <TextField
          id="transfer-account"
          label={t('wallet:transfer.downlineAccount')}
          requiredMark
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          placeholder={t('wallet:transfer.downlinePlaceholder')}
          {...form.register('account', { validate: validateAccount })}
          error={fieldError('account')}
          errorTestId="transfer-account-error"
          data-testid="downline-account"
        />
      ) : null}
      <FilteredTextField
        id="transfer-amount"
        label={t('wallet:transfer.amount')}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('wallet:transfer.amountPlaceholder')}
        registration={form.register('amount', { validate: validateAmount })}
        keep={keepAmountCharacters}
        error={fieldError('amount')}
        errorTestId="transfer-amount-error"
        hint={t('wallet:transfer.available', { balance: format.money(member.balance) })}
        data-testid="transfer-amount"
      />
      <FilteredTextField
        id="transfer-payment-password"
        label={t('wallet:transfer.paymentPassword')}
        requiredMark
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder={t('wallet:transfer.paymentPasswordPlaceholder')}
        registration={form.register('paymentPassword', { validate: validatePaymentPassword })}
        keep={keepDigits(6)}
        error={fieldError('paymentPassword')}
        errorTestId="transfer-payment-password-error"
        data-testid="transfer-payment-password"
      />
      <MoneyRefusal error={submission.error} setPasswordLabel={t('wallet:transfer.setPaymentPassword')} testId="transfer-error" linkTestId="transfer-set-password-link" />
      {submission.data ? (
        <Alert tone="info" data-testid="transfer-success">
          {t('wallet:transfer.success', { balance: format.money(submission.data.balance) })}
        </Alert>
      ) : null}
      <SubmitButton variant="accent" block disabled={blocked} pending={submission.isPending} pendingLabel={t('wallet:transfer.submitting')} data-testid="transfer-submit">
        {t('wallet:transfer.submit')}
      </SubmitButton>
    </form>
  );
}
