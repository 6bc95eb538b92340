import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Button, TextField } from '@app/ui';
import type { AgentTransferRequest } from '@app/contracts';
import { ApiError, isApiError } from '../../../../shared/api-client.ts';
import { translateError, useErrorMessage, useValidationMessage, type MessageParams } from '../../../../shared/error-message.ts';
import { type MemberInfo, serverFieldIssues, toFieldMessages, type FieldMessages } from '../../../account/index.ts';
import { memberTabPath } from '../../../member/index.ts';
import { parseAmountInput } from '../../amount-input.ts';
import { useTransferSubmission } from '../../hooks/use-transfer-submission.ts';
import { useWalletFormat } from '../../hooks/use-wallet-format.ts';

const PAYMENT_PASSWORD = /^\d{6}$/;

interface TransferFormProps {
  direction: AgentTransferRequest['direction'];
  member: MemberInfo;
  /** Nothing may be sent (no upline to send to, or not known yet). */
  blocked: boolean;
}

/** Amount and payment password (plus the downline's account when sending down). */
export function TransferForm({ direction, member, blocked }: TransferFormProps) {
  const { t, i18n } = useTranslation(['wallet', 'errors']);
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const format = useWalletFormat(member.currencySymbol);
  const submission = useTransferSubmission();
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const isDownline = direction === 'downline';

  // Field problems the server found (validation.failed): its keys may be error codes or validators'.
  const translateIssue = (key: string, params?: MessageParams) =>
    i18n.exists(`errors:${key}`) ? translateError(i18n, new ApiError(400, key, key)) : validationMessage(key, params);
  const serverErrors = toFieldMessages(serverFieldIssues(submission.error) ?? [], translateIssue);
  const fieldError = (field: string) => clientErrors[field] ?? serverErrors[field];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) return;
    const parsedAmount = parseAmountInput(amount);
    const problems: FieldMessages = {
      account: isDownline && account.trim() === '' ? validationMessage('required') : undefined,
      amount: parsedAmount === null ? t('errors:wallet.amount_invalid') : undefined,
      paymentPassword: PAYMENT_PASSWORD.test(paymentPassword) ? undefined : t('wallet:transfer.paymentPasswordFormat'),
    };
    setClientErrors(problems);
    if (parsedAmount === null || Object.values(problems).some(Boolean)) return;
    submission.submit({ direction, amount: parsedAmount, paymentPassword, ...(isDownline ? { account: account.trim() } : {}) }, () => {
      setAmount('');
      setPaymentPassword('');
    });
  };

  const needsPaymentPassword = isApiError(submission.error) && submission.error.code === 'wallet.payment_password_missing';
  return (
    <form className="transfer-form" onSubmit={submit} noValidate data-testid="transfer-form">
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
          value={account}
          onChange={(event) => setAccount(event.target.value)}
          error={fieldError('account')}
          errorTestId="transfer-account-error"
          data-testid="downline-account"
        />
      ) : null}
      <TextField
        id="transfer-amount"
        label={t('wallet:transfer.amount')}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('wallet:transfer.amountPlaceholder')}
        value={amount}
        onChange={(event) => setAmount(event.target.value.replace(/[^\d.,]/g, ''))}
        error={fieldError('amount')}
        errorTestId="transfer-amount-error"
        hint={t('wallet:transfer.available', { balance: format.money(member.balance) })}
        data-testid="transfer-amount"
      />
      <TextField
        id="transfer-payment-password"
        label={t('wallet:transfer.paymentPassword')}
        requiredMark
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder={t('wallet:transfer.paymentPasswordPlaceholder')}
        value={paymentPassword}
        onChange={(event) => setPaymentPassword(event.target.value.replace(/\D/g, '').slice(0, 6))}
        error={fieldError('paymentPassword')}
        errorTestId="transfer-payment-password-error"
        data-testid="transfer-payment-password"
      />
      {submission.error ? (
        <Alert data-testid="transfer-error">
          <span>
            {errorMessage(submission.error)}
            {needsPaymentPassword ? (
              <>
                {' '}
                <Link className="link-button" to={memberTabPath('securityCenter')} data-testid="transfer-set-password-link">
                  {t('wallet:transfer.setPaymentPassword')}
                </Link>
              </>
            ) : null}
          </span>
        </Alert>
      ) : null}
      {submission.data ? (
        <Alert tone="info" data-testid="transfer-success">
          {t('wallet:transfer.success', { balance: format.money(submission.data.balance) })}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="accent"
        block
        disabled={blocked || submission.isPending}
        aria-busy={submission.isPending}
        data-testid="transfer-submit"
      >
        {submission.isPending ? t('wallet:transfer.submitting') : t('wallet:transfer.submit')}
      </Button>
    </form>
  );
}
