import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkBirthdayInput, isOldEnough, MIN_PLAYER_AGE, OPERATOR_TIME_ZONE, todayIn, UpdateBirthdayRequestSchema } from '@app/contracts';
import { FormAlert, SubmitButton } from '@app/ui';
import { useUpdateBirthday } from '../../api/identity.queries.ts';
import { addFieldIssues, contractMessages } from '../form-issues.ts';
import { useFieldIssuesPlacer, useUnplacedError } from '../server-errors.ts';
import { BirthdayField } from './birthday-field.tsx';
import { IDENTITY_CONTRACT_KEYS, UNDERAGE, useIdentityFieldMessage } from './identity-messages.ts';

/** The server's request with the rules it answers: a real date from 1900 on, and 18 or more on `today`. */
function birthdayFormSchema(today: string) {
  return UpdateBirthdayRequestSchema.superRefine(({ birthday }, ctx) => {
    const check = checkBirthdayInput({ birthday });
    if (!check.ok) addFieldIssues(ctx, check.problems);
    else if (!isOldEnough(check.birthday, today, MIN_PLAYER_AGE)) addFieldIssues(ctx, [{ field: 'birthday', messageKey: UNDERAGE }]);
  });
}
const BIRTHDAY_MESSAGES = contractMessages({ birthday: IDENTITY_CONTRACT_KEYS.birthday });

/**
 * For a member whose name and CPF are locked without a birthday (registered before it was asked):
 * the birthday alone, once, so deposits and real-money play open.
 */
export function BirthdayForm() {
  const { t } = useTranslation(['account', 'errors']);
  const fieldMessage = useIdentityFieldMessage();
  const save = useUpdateBirthday();
  // The age counts on Brasília's calendar, as on the server.
  const today = todayIn(OPERATOR_TIME_ZONE, new Date());
  // Checked on submit only: the message stays until the next attempt, as before.
  const resolver = useMemo(() => zodResolver(birthdayFormSchema(today), BIRTHDAY_MESSAGES), [today]);
  const form = useForm({ resolver, defaultValues: { birthday: '' }, reValidateMode: 'onSubmit', shouldFocusError: false });

  const placeFieldIssues = useFieldIssuesPlacer(form, ['birthday']);
  const submit = form.handleSubmit(({ birthday }) => {
    if (save.isPending) return;
    save.mutate(
      { birthday: birthday.trim() },
      { onError: placeFieldIssues },
    );
  });

  const formError = useUnplacedError(save.error);
  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate data-testid="identity-birthday-form">
      <p className="security-card__hint">{t('account:security.identity.birthdayMissingHint')}</p>
      <Controller
        control={form.control}
        name="birthday"
        render={({ field, fieldState }) => <BirthdayField value={field.value} onChange={field.onChange} error={fieldMessage(fieldState.error)} today={today} />}
      />
      <p className="security-card__hint">{t('account:security.identity.lockNotice')}</p>
      <FormAlert message={formError} data-testid="identity-error" />
      <SubmitButton variant="accent" block pending={save.isPending} pendingLabel={t('account:security.identity.submitting')} data-testid="identity-birthday-submit">
        {t('account:security.identity.birthdaySubmit')}
      </SubmitButton>
    </form>
  );
}
