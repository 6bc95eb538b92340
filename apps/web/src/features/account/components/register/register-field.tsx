import type { FocusEvent, HTMLInputTypeAttribute, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { FieldRule, RegistrationField } from '@app/contracts';
import { TextField } from '@app/ui';
import { useValidationMessage } from '../../../../shared/error-message.ts';

/** The test ids the end-to-end suite uses; other fields are `register-<field>`. */
const TEST_IDS: Partial<Record<RegistrationField, string>> = {
  confirmPassword: 'register-confirm',
  mobileNum: 'register-mobile',
  verificationCode: 'register-code',
};

const PLACEHOLDERS: Partial<Record<RegistrationField, ParseKeys<'account'>>> = {
  username: 'register.placeholders.username',
  password: 'register.placeholders.password',
  confirmPassword: 'register.placeholders.confirmPassword',
  payeeName: 'register.placeholders.payeeName',
  email: 'register.placeholders.email',
  idNumber: 'register.placeholders.idNumber',
  affiliateCode: 'register.placeholders.affiliateCode',
  paymentPassword: 'register.placeholders.paymentPassword',
  verificationCode: 'register.placeholders.verificationCode',
};

interface InputShape {
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  maxLength?: number;
}

function inputShape(field: RegistrationField): InputShape {
  switch (field) {
    case 'username':
      return { type: 'text', autoComplete: 'username' };
    case 'password':
    case 'confirmPassword':
      return { type: 'password', autoComplete: 'new-password' };
    case 'paymentPassword':
      return { type: 'password', autoComplete: 'off', inputMode: 'numeric', maxLength: 6 };
    case 'verificationCode':
      return { type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6 };
    case 'mobileNum':
    case 'whatsapp':
      return { type: 'tel', autoComplete: field === 'mobileNum' ? 'tel-national' : 'off', inputMode: 'tel' };
    case 'email':
      return { type: 'email', autoComplete: 'email', inputMode: 'email' };
    case 'birthday':
      return { type: 'date', autoComplete: 'bday' };
    case 'payeeName':
      return { type: 'text', autoComplete: 'name' };
    case 'idNumber':
      // Punctuation is typed for the player (formatCpfInput); 14 = 000.000.000-00.
      return { type: 'text', autoComplete: 'off', inputMode: 'numeric', maxLength: 14 };
    default:
      return { type: 'text', autoComplete: 'off' };
  }
}

/** '52998224725' as typed so far → '529.982.247-25': a CPF mask that never blocks pasting. */
export function formatCpfInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].filter(Boolean).join('.');
  return digits.length > 9 ? `${parts}-${digits.slice(9)}` : parts;
}

/** What typing into a field stores: digits only where only digits make sense. */
export function cleanInput(field: RegistrationField, value: string): string {
  if (field === 'idNumber') return formatCpfInput(value);
  if (field === 'paymentPassword' || field === 'verificationCode') return value.replace(/\D/g, '').slice(0, 6);
  return value;
}

interface RegisterFieldProps {
  field: RegistrationField;
  rule: Pick<FieldRule, 'required' | 'minLength' | 'maxLength'>;
  value: string;
  onChange: (value: string) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  error: string | undefined;
  birthdayMax: string;
  minAge: number;
  trailing?: ReactNode;
  /** Replaces the field's own help text (the SMS code's "sent, valid for N minutes"). */
  hint?: string;
}

export function RegisterField({ field, rule, value, onChange, onBlur, error, birthdayMax, minAge, trailing, hint: hintOverride }: RegisterFieldProps) {
  const { t } = useTranslation('account');
  const validationMessage = useValidationMessage();
  const shape = inputShape(field);
  const placeholderKey = PLACEHOLDERS[field];
  const placeholder =
    field === 'mobileNum' || field === 'whatsapp'
      ? validationMessage('mobile_placeholder')
      : placeholderKey
        ? t(placeholderKey, { min: rule.minLength })
        : undefined;
  const hint =
    hintOverride ??
    (field === 'birthday' ? t('register.hints.birthday', { age: minAge }) : field === 'paymentPassword' ? t('register.hints.paymentPassword') : undefined);
  return (
    <TextField
      id={`register-${field}`}
      name={field}
      label={t(`register.fields.${field}`)}
      requiredMark={rule.required}
      type={shape.type}
      autoComplete={shape.autoComplete}
      inputMode={shape.inputMode}
      maxLength={shape.maxLength}
      autoCapitalize={field === 'payeeName' ? 'words' : shape.type === 'text' || shape.type === 'email' ? 'none' : undefined}
      spellCheck={false}
      max={field === 'birthday' ? birthdayMax : undefined}
      min={field === 'birthday' ? '1900-01-01' : undefined}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(cleanInput(field, event.target.value))}
      onBlur={onBlur}
      error={error}
      errorTestId={`field-error-${field}`}
      hint={hint}
      trailing={trailing}
      data-testid={TEST_IDS[field] ?? `register-${field}`}
    />
  );
}
