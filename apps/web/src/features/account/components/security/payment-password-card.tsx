import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import { useErrorMessage, useValidationMessage } from '../../../../shared/error-message.ts';
import type { MemberInfo } from '../../api/account.types.ts';
import { useSetPaymentPassword } from '../../api/security.queries.ts';
import type { FieldMessages } from '../../field-problems.ts';

const PIN = /^\d{6}$/;

/** Set or change the 6-digit payment password; the login password proves it is the owner. */
export function PaymentPasswordCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const save = useSetPaymentPassword();
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [done, setDone] = useState(false);
  const isSet = member.hasPaymentPassword;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setDone(false);
    const next: FieldMessages = {
      password: password === '' ? validationMessage('required') : undefined,
      paymentPassword: PIN.test(pin) ? undefined : t('security.payment.format'),
      confirmPassword: confirmation !== pin || confirmation === '' ? validationMessage('inconsistent_twice') : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    save.mutate(
      { password, paymentPassword: pin },
      {
        onSuccess: () => {
          setPassword('');
          setPin('');
          setConfirmation('');
          setDone(true);
        },
      },
    );
  };

  const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);
  return (
    <section className="security-card" aria-labelledby="payment-password-title" data-testid="security-payment-password">
      <div className="security-card__head">
        <h3 id="payment-password-title" className="security-card__title">
          {t('security.payment.title')}
        </h3>
        <span className={isSet ? 'status-badge status-badge--ok' : 'status-badge'} data-testid="payment-status">
          {isSet ? t('security.payment.statusSet') : t('security.payment.statusNotSet')}
        </span>
      </div>
      <p className="security-card__hint">{isSet ? t('security.payment.changeHint') : t('security.payment.setHint')}</p>
      <form className="login-form" onSubmit={submit} noValidate>
        <TextField
          id="payment-login-password"
          label={t('security.payment.loginPassword')}
          requiredMark
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          errorTestId="field-error-loginPassword"
          data-testid="payment-login-password"
        />
        <TextField
          id="payment-new"
          label={t('security.payment.new')}
          requiredMark
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder={t('security.payment.placeholder')}
          value={pin}
          onChange={(event) => setPin(digits(event.target.value))}
          error={errors.paymentPassword}
          errorTestId="field-error-paymentPassword"
          data-testid="payment-new"
        />
        <TextField
          id="payment-confirm"
          label={t('security.payment.confirm')}
          requiredMark
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder={t('security.payment.placeholder')}
          value={confirmation}
          onChange={(event) => setConfirmation(digits(event.target.value))}
          error={errors.confirmPassword}
          errorTestId="field-error-paymentConfirm"
          data-testid="payment-confirm"
        />
        {save.error ? <Alert data-testid="payment-error">{errorMessage(save.error)}</Alert> : null}
        {done ? (
          <Alert tone="info" data-testid="payment-success">
            {t('security.payment.success')}
          </Alert>
        ) : null}
        <Button type="submit" variant="accent" block disabled={save.isPending} aria-busy={save.isPending} data-testid="payment-submit">
          {save.isPending ? t('security.payment.submitting') : isSet ? t('security.payment.changeSubmit') : t('security.payment.setSubmit')}
        </Button>
      </form>
    </section>
  );
}
