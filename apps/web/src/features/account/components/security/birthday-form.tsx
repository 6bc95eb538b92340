import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkBirthdayInput, isOldEnough, MIN_PLAYER_AGE, OPERATOR_TIME_ZONE, todayIn } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { useErrorMessage, useValidationMessage } from '../../../../shared/error-message.ts';
import { useUpdateBirthday } from '../../api/identity.queries.ts';
import { serverFieldIssues, toFieldMessages } from '../../field-problems.ts';
import { BirthdayField } from './birthday-field.tsx';

/**
 * For a member whose name and CPF are locked without a birthday (registered before it was asked):
 * the birthday alone, once, so deposits and real-money play open.
 */
export function BirthdayForm() {
  const { t } = useTranslation(['account', 'errors']);
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const save = useUpdateBirthday();
  const [birthday, setBirthday] = useState('');
  const [error, setError] = useState<string | undefined>();
  const today = todayIn(OPERATOR_TIME_ZONE, new Date());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const check = checkBirthdayInput({ birthday });
    const problem = !check.ok ? validationMessage(check.problems[0]?.messageKey ?? 'required') : !isOldEnough(check.birthday, today, MIN_PLAYER_AGE) ? t('errors:accounts.underage') : undefined;
    setError(problem);
    if (!check.ok || problem) return;
    save.mutate({ birthday: check.birthday }, { onError: (failure) => setError(toFieldMessages(serverFieldIssues(failure) ?? [], validationMessage).birthday) });
  };

  const fieldIssues = serverFieldIssues(save.error);
  const formError = save.error && !(fieldIssues && fieldIssues.length > 0) ? errorMessage(save.error) : null;
  return (
    <form className="login-form" onSubmit={submit} noValidate data-testid="identity-birthday-form">
      <p className="security-card__hint">{t('account:security.identity.birthdayMissingHint')}</p>
      <BirthdayField value={birthday} onChange={setBirthday} error={error} today={today} />
      <p className="security-card__hint">{t('account:security.identity.lockNotice')}</p>
      {formError ? <Alert data-testid="identity-error">{formError}</Alert> : null}
      <Button type="submit" variant="accent" block disabled={save.isPending} aria-busy={save.isPending} data-testid="identity-birthday-submit">
        {save.isPending ? t('account:security.identity.submitting') : t('account:security.identity.birthdaySubmit')}
      </Button>
    </form>
  );
}
