import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SetPaymentPasswordRequestSchema } from '@app/contracts';
import { FormAlert, FormField, SubmitButton, type TextFieldProps } from '@app/ui';
import { useErrorMessage, useValidationMessage } from '../../../../shared/error-message.ts';
import type { MemberInfo } from '../../api/account.types.ts';
import { useSetPaymentPassword } from '../../api/security.queries.ts';
import { SixDigitField } from '../controlled-text-field.tsx';
import { useDoneNotice } from '../use-done-notice.ts';

/**
 * The server's request plus the repeated PIN, which only the form checks: it must be typed and
 * equal the new PIN (a non-empty string like the login password, so an empty one is a mismatch).
 */
const PaymentPasswordFormSchema = SetPaymentPasswordRequestSchema.extend({ confirmPassword: SetPaymentPasswordRequestSchema.shape.password }).refine(
  (form) => form.confirmPassword === form.paymentPassword,
  { path: ['confirmPassword'] },
);

const EMPTY = { password: '', paymentPassword: '', confirmPassword: '' };

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** Each PIN input's id (also its test id) and message test id, as the e2e specs know them. */
const PIN_IDS = {
  paymentPassword: { id: 'payment-new', errorTestId: 'field-error-paymentPassword' },
  confirmPassword: { id: 'payment-confirm', errorTestId: 'field-error-paymentConfirm' },
} as const;

interface PinFieldProps extends Pick<TextFieldProps, 'label' | 'error'> {
  control: Control<typeof EMPTY>;
  field: keyof typeof PIN_IDS;
}

/** A masked 6-digit PIN input: digits only as typed or pasted, so what the member sees is what is checked. */
function PinField(props: PinFieldProps) {
  const { t } = useTranslation('account');
  const { id, errorTestId } = PIN_IDS[props.field];
  return (
    <SixDigitField
      id={id}
      errorTestId={errorTestId}
      requiredMark
      type="password"
      autoComplete="off"
      placeholder={t('security.payment.placeholder')}
      keep={digits}
      {...props}
    />
  );
}

/** Set or change the 6-digit payment password; the login password proves it is the owner. */
export function PaymentPasswordCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation(['account', 'errors']);
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const save = useSetPaymentPassword();
  // Checked on submit only: the messages stay until the next attempt, as before.
  const form = useForm({ resolver: zodResolver(PaymentPasswordFormSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit', shouldFocusError: false });
  const { done, markDone, onSubmitOf } = useDoneNotice();
  const isSet = member.hasPaymentPassword;
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ password, paymentPassword }) => {
    if (save.isPending) return;
    save.mutate(
      { password, paymentPassword },
      {
        onSuccess: () => {
          form.reset();
          markDone();
        },
      },
    );
  });

  return (
    <section className="security-card" aria-labelledby="payment-password-title" data-testid="security-payment-password">
      <div className="security-card__head">
        <h3 id="payment-password-title" className="security-card__title">
          {t('account:security.payment.title')}
        </h3>
        <span className={isSet ? 'status-badge status-badge--ok' : 'status-badge'} data-testid="payment-status">
          {isSet ? t('account:security.payment.statusSet') : t('account:security.payment.statusNotSet')}
        </span>
      </div>
      <p className="security-card__hint">{isSet ? t('account:security.payment.changeHint') : t('account:security.payment.setHint')}</p>
      <form
        className="login-form"
        onSubmit={onSubmitOf(submit)}
        noValidate
      >
        <FormField
          id="payment-login-password"
          label={t('account:security.payment.loginPassword')}
          requiredMark
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          // Empty is "required"; an overlong one reads as the server would have answered it.
          error={errors.password}
          translateError={() => (errors.password?.type === 'too_small' ? validationMessage('required') : t('errors:validation.failed'))}
          errorTestId="field-error-loginPassword"
          data-testid="payment-login-password"
        />
        <PinField
          control={form.control}
          field="paymentPassword"
          label={t('account:security.payment.new')}
          error={errors.paymentPassword ? t('account:security.payment.format') : null}
        />
        <PinField
          control={form.control}
          field="confirmPassword"
          label={t('account:security.payment.confirm')}
          error={errors.confirmPassword ? validationMessage('inconsistent_twice') : null}
        />
        <FormAlert message={save.error ? errorMessage(save.error) : null} data-testid="payment-error" />
        <FormAlert tone="info" message={done ? t('account:security.payment.success') : null} data-testid="payment-success" />
        <SubmitButton
          variant="accent"
          block
          pending={save.isPending}
          pendingLabel={t('account:security.payment.submitting')}
          data-testid="payment-submit"
        >
          {isSet ? t('account:security.payment.changeSubmit') : t('account:security.payment.setSubmit')}
        </SubmitButton>
      </form>
    </section>
  );
}
