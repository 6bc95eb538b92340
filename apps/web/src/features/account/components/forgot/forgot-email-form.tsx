import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailResetRequestSchema } from '@app/contracts';
import { Alert, Button, FormAlert, FormField, SubmitButton } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { useRequestEmailReset } from '../../api/security.queries.ts';

/** A shape check only; whether the address is registered is never revealed. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's request (trimmed, at most 254 characters) plus the shape check it leaves to the mail. */
const ForgotEmailSchema = EmailResetRequestSchema.extend({ email: EmailResetRequestSchema.shape.email.regex(EMAIL_SHAPE) });

/** Spec §4 forgot password by e-mail: the same neutral confirmation whether or not it exists. */
export function ForgotEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const errorMessage = useErrorMessage();
  const request = useRequestEmailReset();
  // Checked on submit only, as before: the message stays until the next attempt.
  const form = useForm<{ email: string }>({ resolver: zodResolver(ForgotEmailSchema), defaultValues: { email: '' }, reValidateMode: 'onSubmit' });

  if (request.isSuccess) {
    return (
      <div className="account-form-stack" data-testid="forgot-done">
        <Alert tone="info">{t('account:forgot.emailDone')}</Alert>
        <Button variant="accent" block onClick={onDone} data-testid="forgot-done-ok" data-autofocus>
          {t('common:actions.ok')}
        </Button>
      </div>
    );
  }

  const submit = form.handleSubmit(({ email }) => {
    if (request.isPending) return;
    request.mutate(email);
  });

  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="account-form-hint">{t('account:forgot.emailHint')}</p>
      <FormField
        id="forgot-email"
        label={t('account:forgot.email')}
        requiredMark
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        registration={form.register('email')}
        placeholder={t('account:register.placeholders.email')}
        // Every shape problem reads the same: an address that does not look like one.
        error={form.formState.errors.email}
        translateError={() => t('account:forgot.emailInvalid')}
        errorTestId="field-error-email"
        data-testid="forgot-email"
      />
      <FormAlert message={request.error ? errorMessage(request.error) : null} data-testid="forgot-error" />
      <SubmitButton variant="accent" block pending={request.isPending} pendingLabel={t('account:forgot.emailSubmitting')} data-testid="forgot-email-submit">
        {t('account:forgot.emailSubmit')}
      </SubmitButton>
    </form>
  );
}
