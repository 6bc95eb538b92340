import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, Button, FilteredTextField, keepDigits, SelectField, SubmitButton, Tabs, TextField } from '@app/ui';
import {
  PayoutAccountInputSchema,
  PIX_KEY_TYPES,
  SavePayoutAccountSchema,
  type PayoutAccountInput,
  type PixKeyType,
  type SavePayoutAccount,
} from '@app/contracts';
import { ApiError, isApiError } from '../../../../shared/api-client.ts';
import { translateError, useValidationMessage, type MessageParams } from '../../../../shared/error-message.ts';
import { serverFieldIssues, toFieldMessages, type FieldMessages } from '../../../account/index.ts';
import { useSavePayoutAccount } from '../../api/payments.queries.ts';
import { normalizePixKey, pixKeyInputMode } from '../../pix-key.ts';

type Kind = PayoutAccountInput['kind'];
type AccountType = Extract<PayoutAccountInput, { kind: 'bank' }>['accountType'];
type BankField = 'bankCode' | 'branch' | 'account';
type Field = 'key' | BankField | 'accountType' | 'password';

/** The bank account branch of the contract: its field rules answer with the server's own error codes. */
const [, BankAccountSchema] = PayoutAccountInputSchema.options;
const PasswordSchema = SavePayoutAccountSchema.shape.password;

const ACCOUNT_TYPES: readonly AccountType[] = ['checking', 'savings', 'payment'];

/** An account number: digits, an optional dash and a check digit that may be X. */
function keepAccountCharacters(typed: string): string {
  return typed.replace(/[^\dXx-]/g, '');
}

/** The bank account's typed fields, in the order shown; each name is its i18n key too. */
const BANK_FIELDS: readonly { name: BankField; id: string; maxLength: number; keep: (typed: string) => string; numeric: boolean }[] = [
  { name: 'bankCode', id: 'payout-bank-code', maxLength: 3, keep: keepDigits(3), numeric: true },
  { name: 'branch', id: 'payout-branch', maxLength: 5, keep: keepDigits(5), numeric: true },
  { name: 'account', id: 'payout-account-number', maxLength: 15, keep: keepAccountCharacters, numeric: false },
];

/** Both kinds' fields, flat: only the chosen kind's are checked and sent. */
interface PayoutFields {
  kind: Kind;
  keyType: PixKeyType;
  key: string;
  bankCode: string;
  branch: string;
  account: string;
  accountType: AccountType;
  password: string;
}

const EMPTY_FIELDS: PayoutFields = { kind: 'pix', keyType: 'cpf', key: '', bankCode: '', branch: '', account: '', accountType: 'checking', password: '' };

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

/** The request the checked fields make: the PIX key as DICT writes it, the bank fields as the contract trims them. */
function toRequest(fields: PayoutFields): SavePayoutAccount | null {
  const { kind, keyType, bankCode, branch, account, accountType } = fields;
  const candidate = kind === 'pix' ? { kind, keyType, key: normalizePixKey(keyType, fields.key) } : { kind, bankCode, branch, account, accountType };
  const parsed = SavePayoutAccountSchema.safeParse({ account: candidate, password: fields.password });
  return parsed.success ? parsed.data : null;
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
  // Set before the request leaves, so a second click in the same frame (before React re-renders
  // the disabled button) is not sent again.
  const inFlight = useRef(false);
  // Only the chosen kind's fields are checked, each against the contract's rule for it (its
  // messages are error codes such as payments.bank_code_invalid: the words the server would use),
  // plus what the form adds: "required" first, and a PIX key DICT accepts for its type.
  // Checked on submit only, as before: a message stays until the next attempt.
  const form = useForm<PayoutFields>({ defaultValues: EMPTY_FIELDS, reValidateMode: 'onSubmit' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const keyType = useWatch({ control: form.control, name: 'keyType' });
  const accountType = useWatch({ control: form.control, name: 'accountType' });
  const { errors } = form.formState;

  const codeMessage = (code: string) => translateError(i18n, new ApiError(400, code, code));
  const translateIssue = (messageKey: string, params?: MessageParams) =>
    i18n.exists(`errors:${messageKey}`) ? codeMessage(messageKey) : validationMessage(messageKey, params);
  const serverIssues = serverFieldIssues(save.error);
  const serverErrors: FieldMessages = serverIssues
    ? toFieldMessages(serverIssues.map((issue) => ({ ...issue, field: fieldOfPath(issue.field) })), translateIssue)
    : {};
  const errorField = isApiError(save.error) ? FIELD_OF_CODE[save.error.code] : undefined;
  if (errorField && isApiError(save.error)) serverErrors[errorField] = codeMessage(save.error.code);
  const fieldError = (field: Field) => errors[field]?.message ?? serverErrors[field];
  // Whatever the server said that no field shows goes above the button.
  const formError = save.error && !errorField && !serverIssues?.length ? save.error : null;

  const validateKey = (value: string, fields: PayoutFields) => {
    if (fields.kind !== 'pix') return true;
    if (value.trim() === '') return validationMessage('required');
    return normalizePixKey(fields.keyType, value) !== null || t(`payments:payout.keyInvalid.${fields.keyType}`);
  };
  const validateBankField = (field: BankField) => (value: string, fields: PayoutFields) => {
    if (fields.kind !== 'bank') return true;
    if (value.trim() === '') return validationMessage('required');
    const parsed = BankAccountSchema.shape[field].safeParse(value);
    return parsed.success || codeMessage(parsed.error.issues[0]?.message ?? 'validation.failed');
  };
  const validatePassword = (value: string) => PasswordSchema.safeParse(value).success || validationMessage('required');

  const send = (fields: PayoutFields) => {
    const request = toRequest(fields);
    if (request === null || save.isPending || inFlight.current) return;
    inFlight.current = true;
    save.mutate(request, {
      onSuccess: () => {
        form.setValue('password', '');
        onSaved();
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const switchKind = (next: Kind) => {
    form.setValue('kind', next);
    form.clearErrors();
    save.reset();
  };

  return (
    <form className="payments-form" onSubmit={(event) => void form.handleSubmit(send)(event)} noValidate data-testid="payout-account-form">
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
              form.setValue('keyType', type);
              form.clearErrors('key');
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
            {...form.register('key', { validate: validateKey })}
            error={fieldError('key')}
            errorTestId="payout-key-error"
            hint={t(`payments:payout.keyHint.${keyType}`)}
            data-testid="payout-key"
          />
        </div>
      ) : (
        <div className="payments-form__grid">
          {BANK_FIELDS.map((field) => (
            <FilteredTextField
              key={field.name}
              id={field.id}
              label={t(`payments:payout.${field.name}`)}
              requiredMark
              inputMode={field.numeric ? 'numeric' : undefined}
              autoComplete="off"
              maxLength={field.maxLength}
              placeholder={t(`payments:payout.placeholders.${field.name}`)}
              registration={form.register(field.name, { validate: validateBankField(field.name) })}
              keep={field.keep}
              error={fieldError(field.name)}
              errorTestId={`${field.id}-error`}
              hint={t(`payments:payout.${field.name}Hint`)}
              data-testid={field.id}
            />
          ))}
          <SelectField
            id="payout-account-type"
            label={t('payments:payout.accountType')}
            value={accountType}
            options={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`payments:payout.accountTypes.${type}`) }))}
            onValueChange={(type) => form.setValue('accountType', type)}
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
        {...form.register('password', { validate: validatePassword })}
        error={fieldError('password')}
        errorTestId="payout-password-error"
        hint={t('payments:payout.passwordHint')}
        data-testid="payout-password"
      />
      {formError ? <Alert data-testid="payout-error">{translateError(i18n, formError)}</Alert> : null}
      <div className="payments-form__actions">
        <SubmitButton variant="accent" pending={save.isPending} pendingLabel={t('payments:payout.saving')} data-testid="payout-save">
          {t('payments:payout.save')}
        </SubmitButton>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} data-testid="payout-cancel">
            {t('payments:common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
