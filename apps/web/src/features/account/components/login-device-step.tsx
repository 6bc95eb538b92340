import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoginRequestSchema } from '@app/contracts';
import { Alert, Button, FormAlert, SubmitButton } from '@app/ui';
import { useValidationMessage } from '../../../shared/error-message.ts';
import { SmsCodeField } from './controlled-text-field.tsx';

interface LoginDeviceStepProps {
  /** Masked by the server (+5511*****678). */
  mobile: string;
  onSubmit: (code: string) => void;
  onBack: () => void;
  pending: boolean;
  serverError: string | null;
  extra?: ReactNode;
}

/** The login request's six-digit code, required at this step. */
const DeviceCodeSchema = LoginRequestSchema.pick({ verificationCode: true }).required();

/** Spec §4 new-device check: the same credentials again, with the code the server texted. */
export function LoginDeviceStep({ mobile, onSubmit, onBack, pending, serverError, extra }: LoginDeviceStepProps) {
  const { t } = useTranslation('account');
  const validationMessage = useValidationMessage();
  // Checked on submit only: the message stays until the next attempt, as before.
  const form = useForm<{ verificationCode: string }>({ resolver: zodResolver(DeviceCodeSchema), defaultValues: { verificationCode: '' }, reValidateMode: 'onSubmit' });
  const submit = form.handleSubmit(({ verificationCode }) => {
    if (!pending) onSubmit(verificationCode);
  });

  const error = form.formState.errors.verificationCode ? validationMessage('verification_code_needed') : serverError;
  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate data-testid="login-device-step">
      <Alert tone="info">
        <span>
          <strong className="login-device__sent">{t('login.device.sent', { mobile })}</strong>
          <br />
          {t('login.device.hint')}
        </span>
      </Alert>
      <SmsCodeField control={form.control} field="verificationCode" id="login-device-code" label={t('login.device.code')} name="code" />
      {extra}
      <FormAlert message={error} data-testid="login-error" />
      <SubmitButton variant="accent" block pending={pending} pendingLabel={t('login.submitting')} data-testid="login-device-submit">
        {t('login.device.submit')}
      </SubmitButton>
      <Button variant="ghost" block onClick={onBack} disabled={pending} data-testid="login-device-back">
        {t('login.device.back')}
      </Button>
    </form>
  );
}
