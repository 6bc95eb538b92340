import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkIdentityInput, isOldEnough, MIN_PLAYER_AGE, OPERATOR_TIME_ZONE, todayIn } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { useErrorMessage, useValidationMessage } from '../../../../shared/error-message.ts';
import type { MemberIdentity } from '../../api/identity.api.ts';
import { useUpdateIdentity } from '../../api/identity.queries.ts';
import { serverFieldIssues, toFieldMessages, type FieldMessages } from '../../field-problems.ts';
import { formatCpfInput } from '../register/register-field.tsx';
import { BirthdayField } from './birthday-field.tsx';

/**
 * Full name, CPF and (when none is on file) birthday, checked here by the same rules and
 * message keys as the server. Saving locks name and CPF, so the form says so before it is sent.
 * The birthday is required: money (deposits, withdrawals, real-money play) needs 18 or more.
 */
export function IdentityForm({ identity, onSaved }: { identity: MemberIdentity; onSaved: () => void }) {
  const { t } = useTranslation(['account', 'errors']);
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const save = useUpdateIdentity();
  // A name from registration is offered for confirmation; a CPF on file is shown masked only.
  const [payeeName, setPayeeName] = useState(identity.payeeName ?? '');
  const [cpf, setCpf] = useState('');
  const [birthday, setBirthday] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const asksBirthday = identity.birthday === null;
  // The age counts on Brasília's calendar, as on the server.
  const today = todayIn(OPERATOR_TIME_ZONE, new Date());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const check = checkIdentityInput({ payeeName, cpf, birthday: asksBirthday ? birthday : undefined });
    const next = toFieldMessages(check.ok ? [] : check.problems, validationMessage);
    if (asksBirthday && birthday.trim() === '') next.birthday = validationMessage('required');
    if (check.ok && check.values.birthday !== undefined && !isOldEnough(check.values.birthday, today, MIN_PLAYER_AGE)) {
      next.birthday = t('errors:accounts.underage');
    }
    setErrors(next);
    if (!check.ok || Object.values(next).some(Boolean)) return;
    const { values } = check;
    save.mutate(
      { payeeName: values.payeeName, cpf: values.cpf, ...(values.birthday !== undefined ? { birthday: values.birthday } : {}) },
      {
        onSuccess: onSaved,
        onError: (error) => setErrors(toFieldMessages(serverFieldIssues(error) ?? [], validationMessage)),
      },
    );
  };

  const fieldIssues = serverFieldIssues(save.error);
  // Field problems from the server are shown under their fields; anything else above the button.
  const formError = save.error && !(fieldIssues && fieldIssues.length > 0) ? errorMessage(save.error) : null;
  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <p className="security-card__hint">{t('account:security.identity.incompleteHint')}</p>
      <TextField
        id="identity-name"
        label={t('account:security.identity.name')}
        requiredMark
        autoComplete="name"
        placeholder={t('account:security.identity.namePlaceholder')}
        hint={t('account:security.identity.nameHint')}
        value={payeeName}
        onChange={(event) => setPayeeName(event.target.value)}
        error={errors.payeeName}
        errorTestId="identity-name-error"
        data-testid="identity-name"
      />
      <TextField
        id="identity-cpf"
        label={t('account:security.identity.cpf')}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        // 14 = 000.000.000-00; the mask adds the punctuation as the member types or pastes.
        maxLength={14}
        placeholder={t('account:security.identity.cpfPlaceholder')}
        hint={identity.cpf ? t('account:security.identity.cpfOnFile', { cpf: identity.cpf }) : undefined}
        value={cpf}
        onChange={(event) => setCpf(formatCpfInput(event.target.value))}
        error={errors.cpf}
        errorTestId="identity-cpf-error"
        data-testid="identity-cpf"
      />
      {asksBirthday ? <BirthdayField value={birthday} onChange={setBirthday} error={errors.birthday} today={today} /> : null}
      <p className="security-card__hint">{t('account:security.identity.lockNotice')}</p>
      {formError ? <Alert data-testid="identity-error">{formError}</Alert> : null}
      <Button type="submit" variant="accent" block disabled={save.isPending} aria-busy={save.isPending} data-testid="identity-submit">
        {save.isPending ? t('account:security.identity.submitting') : t('account:security.identity.submit')}
      </Button>
    </form>
  );
}
