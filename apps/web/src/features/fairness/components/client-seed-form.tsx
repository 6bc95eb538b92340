import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ClientSeedRequestSchema, type RotationResponse } from '@app/contracts';
import { Button, FormAlert, FormField, SubmitButton } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useChangeClientSeed } from '../api/fairness.queries.ts';

/** 16 random bytes as 32 hex characters, like the server's default client seed. */
export function randomClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Sets a new client seed; the server reveals the current server seed and commits a new one. */
export function ClientSeedForm({ onChanged }: { onChanged: (response: RotationResponse) => void }) {
  const { t } = useTranslation('fairness');
  const errorMessage = useErrorMessage();
  const change = useChangeClientSeed();
  // The server's schema; checked on submit, and a message clears as soon as the seed changes.
  const form = useForm<{ clientSeed: string }>({ resolver: zodResolver(ClientSeedRequestSchema), defaultValues: { clientSeed: '' }, reValidateMode: 'onSubmit' });
  // Checked synchronously, before React re-renders the disabled button: no double submission.
  const inFlight = useRef(false);

  const send = ({ clientSeed }: { clientSeed: string }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    change.mutate(clientSeed, {
      onSuccess: (response) => {
        form.reset();
        onChanged(response);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return (
    <form className="stack client-seed-form" onSubmit={(event) => void form.handleSubmit(send)(event)} noValidate data-testid="client-seed-form">
      <FormField
        label={t('clientSeed.label')}
        registration={form.register('clientSeed', {
          onChange: () => {
            form.clearErrors('clientSeed');
            if (change.isError) change.reset();
          },
        })}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        error={form.formState.errors.clientSeed}
        translateError={() => t('clientSeed.invalid')}
        errorTestId="client-seed-error"
        hint={t('clientSeed.hint')}
        className="client-seed-form__field"
        data-testid="client-seed-input"
        trailing={
          <Button
            variant="ghost"
            onClick={() => {
              form.setValue('clientSeed', randomClientSeed());
              form.clearErrors('clientSeed');
            }}
            disabled={change.isPending}
            data-testid="client-seed-random"
          >
            {t('clientSeed.random')}
          </Button>
        }
      />
      <FormAlert message={change.isError ? errorMessage(change.error) : null} data-testid="client-seed-failed" />
      <div className="client-seed-form__actions">
        <SubmitButton variant="primary" pending={change.isPending} data-testid="client-seed-submit">
          {t('clientSeed.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
