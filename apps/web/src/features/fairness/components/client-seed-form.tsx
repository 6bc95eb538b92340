import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RotationResponse } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useChangeClientSeed } from '../api/fairness.queries.ts';
import { isClientSeed } from '../verify.ts';

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
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  // Checked synchronously, before React re-renders the disabled button: no double submission.
  const inFlight = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!isClientSeed(value)) {
      setInvalid(true);
      return;
    }
    inFlight.current = true;
    change.mutate(value, {
      onSuccess: (response) => {
        setValue('');
        onChanged(response);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return (
    <form className="client-seed-form" onSubmit={submit} noValidate data-testid="client-seed-form">
      <TextField
        label={t('clientSeed.label')}
        value={value}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(false);
          if (change.isError) change.reset();
        }}
        error={invalid ? t('clientSeed.invalid') : null}
        errorTestId="client-seed-error"
        hint={t('clientSeed.hint')}
        className="client-seed-form__field"
        data-testid="client-seed-input"
        trailing={
          <Button
            variant="ghost"
            onClick={() => {
              setValue(randomClientSeed());
              setInvalid(false);
            }}
            disabled={change.isPending}
            data-testid="client-seed-random"
          >
            {t('clientSeed.random')}
          </Button>
        }
      />
      {change.isError ? <Alert data-testid="client-seed-failed">{errorMessage(change.error)}</Alert> : null}
      <div className="client-seed-form__actions">
        <Button type="submit" variant="primary" disabled={change.isPending} aria-busy={change.isPending} data-testid="client-seed-submit">
          {t('clientSeed.submit')}
        </Button>
      </div>
    </form>
  );
}
