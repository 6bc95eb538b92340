import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, SelectField, Tabs, TextField } from '@app/ui';
import { PayoutAccountInputSchema, PIX_KEY_TYPES, type PayoutAccountInput, type PixKeyType } from '@app/contracts';
import { ApiError, isApiError } from '../../../../shared/api-client.ts';
import { translateError, useValidationMessage, type MessageParams } from '../../../../shared/error-message.ts';
import { serverFieldIssues, toFieldMessages, type FieldMessages } from '../../../account/index.ts';
import { useSavePayoutAccount } from '../../api/payments.queries.ts';
import { normalizePixKey, pixKeyInputMode } from '../../pix-key.ts';

type Kind = PayoutAccountInput['kind'];
type AccountType = Extract<PayoutAccountInput, { kind: 'bank' }>['accountType'];
type Field = 'key' | 'bankCode' | 'branch' | 'account' | 'accountType' | 'password';

const ACCOUNT_TYPES: readonly AccountType[] = ['checking', 'savings', 'payment'];

/** Answers the server gives about one field: shown under it rather than above the button. */
const FIELD_OF_CODE: Partial<Record<string, Field>> = {
  'payments.pix_key_invalid': 'key',
  'payments.pix_key_not_own': 'key',
  'payments.bank_code_invalid': 'bankCode',
  'payments.branch_invalid': 'branch',
  'payments.account_number_invalid': 'account',
  'payments.password_invalid': 'password',
};

/** "account.bankCode" / "body.account.key" → the form's field name. */
function fieldOfPath(path: string): string {
  return path.split('.').pop() ?? path;
}

interface PayoutAccountFormProps {
  onSaved: () => void;
  /** Only when there is an account to go back to. */
  onCancel?: () => void;
}

/** Add or change where withdrawals are paid: a PIX key or a bank account, with the login password. */
export function PayoutAccountForm({ onSaved, onCancel }: PayoutAccountFormProps) {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  const validationMessage = useValidationMessage();
  const save = useSavePayoutAccount();
  const [kind, setKind] = useState<Kind>('pix');
  const [keyType, setKeyType] = useState<PixKeyType>('cpf');
  const [key, setKey] = useState('');
  const [bankCode, setBankCode] = useState('');
  const [branch, setBranch] = useState('');
  const [account, setAccount] = useState('');
  const [accountType, setAccountType] = useState<AccountType>('checking');
  const [password, setPassword] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});

  const codeMessage = (code: string) => translateError(i18n, new ApiError(400, code, code));
  const translateIssue = (messageKey: string, params?: MessageParams) =>
    i18n.exists(`errors:${messageKey}`) ? codeMessage(messageKey) : validationMessage(messageKey, params);
  const serverIssues = serverFieldIssues(save.error);
  const serverErrors: FieldMessages = serverIssues
    ? toFieldMessages(serverIssues.map((issue) => ({ ...issue, field: fieldOfPath(issue.field) })), translateIssue)
    : {};
  const errorField = isApiError(save.error) ? FIELD_OF_CODE[save.error.code] : undefined;
  if (errorField && isApiError(save.error)) serverErrors[errorField] = codeMessage(save.error.code);
  const fieldError = (field: Field) => clientErrors[field] ?? serverErrors[field];
  // Whatever the server said that no field shows goes above the button.
  const formError = save.error && !errorField && !serverIssues?.length ? save.error : null;

  const buildAccount = (problems: FieldMessages): PayoutAccountInput | null => {
    if (kind === 'pix') {
      const normalized = key.trim() === '' ? null : normalizePixKey(keyType, key);
      problems.key = key.trim() === '' ? validationMessage('required') : normalized === null ? t(`payments:payout.keyInvalid.${keyType}`) : undefined;
      return normalized === null ? null : { kind: 'pix', keyType, key: normalized };
    }
    const candidate = { kind: 'bank' as const, bankCode, branch, account, accountType };
    const parsed = PayoutAccountInputSchema.safeParse(candidate);
    // The contract's own messages are error codes (payments.bank_code_invalid…): the same words the server would use.
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0]) as Field;
      if (problems[field] === undefined) problems[field] = codeMessage(issue.message);
    }
    for (const [field, value] of [['bankCode', bankCode], ['branch', branch], ['account', account]] as const) {
      if (value.trim() === '') problems[field] = validationMessage('required');
    }
    return parsed.success ? parsed.data : null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const problems: FieldMessages = {};
    const payout = buildAccount(problems);
    problems.password = password === '' ? validationMessage('required') : undefined;
    setClientErrors(problems);
    if (payout === null || Object.values(problems).some(Boolean)) return;
    save.mutate(
      { account: payout, password },
      {
        onSuccess: () => {
          setPassword('');
          onSaved();
        },
      },
    );
  };

  const switchKind = (next: Kind) => {
    setKind(next);
    setClientErrors({});
    save.reset();
  };

  return (
    <form className="payments-form" onSubmit={submit} noValidate data-testid="payout-account-form">
      <Tabs
        label={t('payments:payout.kindLabel')}
        value={kind}
        onChange={switchKind}
        items={[
          { id: 'pix', label: t('payments:payout.kinds.pix'), testId: 'payout-kind-pix' },
          { id: 'bank', label: t('payments:payout.kinds.bank'), testId: 'payout-kind-bank' },
        ]}
      />
      {kind === 'pix' ? (
        <div className="payments-form__row">
          <SelectField
            id="payout-key-type"
            className="payments-form__narrow"
            label={t('payments:payout.keyType')}
            value={keyType}
            options={PIX_KEY_TYPES.map((type) => ({ value: type, label: t(`payments:payout.keyTypes.${type}`) }))}
            onValueChange={(type) => {
              setKeyType(type);
              setClientErrors((errors) => ({ ...errors, key: undefined }));
            }}
            data-testid="payout-key-type"
          />
          <TextField
            id="payout-key"
            className="payments-form__wide"
            label={t('payments:payout.key')}
            requiredMark
            inputMode={pixKeyInputMode(keyType)}
            type={keyType === 'email' ? 'email' : 'text'}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            placeholder={t(`payments:payout.keyPlaceholder.${keyType}`)}
            value={key}
            onChange={(event) => setKey(event.target.value)}
            error={fieldError('key')}
            errorTestId="payout-key-error"
            hint={t(`payments:payout.keyHint.${keyType}`)}
            data-testid="payout-key"
          />
        </div>
      ) : (
        <div className="payments-form__grid">
          <TextField
            id="payout-bank-code"
            label={t('payments:payout.bankCode')}
            requiredMark
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            placeholder={t('payments:payout.placeholders.bankCode')}
            value={bankCode}
            onChange={(event) => setBankCode(event.target.value.replace(/\D/g, '').slice(0, 3))}
            error={fieldError('bankCode')}
            errorTestId="payout-bank-code-error"
            hint={t('payments:payout.bankCodeHint')}
            data-testid="payout-bank-code"
          />
          <TextField
            id="payout-branch"
            label={t('payments:payout.branch')}
            requiredMark
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            placeholder={t('payments:payout.placeholders.branch')}
            value={branch}
            onChange={(event) => setBranch(event.target.value.replace(/\D/g, '').slice(0, 5))}
            error={fieldError('branch')}
            errorTestId="payout-branch-error"
            hint={t('payments:payout.branchHint')}
            data-testid="payout-branch"
          />
          <TextField
            id="payout-account-number"
            label={t('payments:payout.account')}
            requiredMark
            autoComplete="off"
            maxLength={15}
            placeholder={t('payments:payout.placeholders.account')}
            value={account}
            onChange={(event) => setAccount(event.target.value.replace(/[^\dXx-]/g, ''))}
            error={fieldError('account')}
            errorTestId="payout-account-number-error"
            hint={t('payments:payout.accountHint')}
            data-testid="payout-account-number"
          />
          <SelectField
            id="payout-account-type"
            label={t('payments:payout.accountType')}
            value={accountType}
            options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`payments:payout.accountTypes.${type}`) }))}
            onValueChange={setAccountType}
            data-testid="payout-account-type"
          />
        </div>
      )}
      <TextField
        id="payout-password"
        label={t('payments:payout.password')}
        requiredMark
        type="password"
        autoComplete="current-password"
        maxLength={128}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldError('password')}
        errorTestId="payout-password-error"
        hint={t('payments:payout.passwordHint')}
        data-testid="payout-password"
      />
      {formError ? <Alert data-testid="payout-error">{translateError(i18n, formError)}</Alert> : null}
      <div className="payments-form__actions">
        <Button type="submit" variant="accent" disabled={save.isPending} aria-busy={save.isPending} data-testid="payout-save">
          {save.isPending ? t('payments:payout.saving') : t('payments:payout.save')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} data-testid="payout-cancel">
            {t('payments:common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
