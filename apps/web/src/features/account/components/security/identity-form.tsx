import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkIdentityInput, isOldEnough, MIN_PLAYER_AGE, OPERATOR_TIME_ZONE, todayIn, UpdateBirthdayRequestSchema, UpdateIdentityRequestSchema } from '@app/contracts';
import { FormAlert, FormField, SubmitButton } from '@app/ui';
import type { MemberIdentity } from '../../api/identity.api.ts';
import { useUpdateIdentity } from '../../api/identity.queries.ts';
import type { FieldIssue } from '../../field-problems.ts';
import { ControlledTextField, fieldBinder } from '../controlled-text-field.tsx';
import { addFieldIssues, contractMessages } from '../form-issues.ts';
import { useFieldIssuesPlacer, useUnplacedError } from '../server-errors.ts';
import { formatCpfInput } from '../register/register-field.tsx';
import { BirthdayField } from './birthday-field.tsx';
import { IDENTITY_CONTRACT_KEYS, UNDERAGE, useIdentityFieldMessage } from './identity-messages.ts';

const FIELDS = ['payeeName', 'cpf', 'birthday'] as const;

/**
 * The server's request checked by the rules it applies (checkIdentityInput, same message keys)
 * and made into what is sent: the name normalised, the CPF as digits, the birthday only when asked.
 * The birthday is required when asked; its age is checked once the rest is valid, as before.
 */
function identityFormSchema(asksBirthday: boolean, today: string) {
  // The form always holds a birthday string: '' until typed, and while a birthday on file is not asked.
  return UpdateIdentityRequestSchema.extend({ birthday: UpdateBirthdayRequestSchema.shape.birthday }).transform((values, ctx) => {
    const check = checkIdentityInput({ payeeName: values.payeeName, cpf: values.cpf, birthday: asksBirthday ? values.birthday : undefined });
    const issues: FieldIssue[] = check.ok ? [] : [...check.problems];
    if (asksBirthday && values.birthday.trim() === '') issues.push({ field: 'birthday', messageKey: 'required' });
    if (check.ok && check.values.birthday !== undefined && !isOldEnough(check.values.birthday, today, MIN_PLAYER_AGE)) {
      issues.push({ field: 'birthday', messageKey: UNDERAGE });
    }
    addFieldIssues(ctx, issues);
    // With any issue the parse fails and this value is dropped; the fallback only keeps the type.
    if (!check.ok) return values;
    const { payeeName, cpf, birthday } = check.values;
    return { payeeName, cpf, ...(birthday !== undefined ? { birthday } : {}) };
  });
}
const IDENTITY_MESSAGES = contractMessages(IDENTITY_CONTRACT_KEYS);

/**
 * Full name, CPF and (when none is on file) birthday, checked here by the same rules and
 * message keys as the server. Saving locks name and CPF, so the form says so before it is sent.
 * The birthday is required: money (deposits, withdrawals, real-money play) needs 18 or more.
 */
export function IdentityForm({ identity, onSaved }: { identity: MemberIdentity; onSaved: () => void }) {
  const { t } = useTranslation(['account', 'errors']);
  const fieldMessage = useIdentityFieldMessage();
  const save = useUpdateIdentity();
  const asksBirthday = identity.birthday === null;
  // The age counts on Brasília's calendar, as on the server.
  const today = todayIn(OPERATOR_TIME_ZONE, new Date());
  // A name from registration is offered for confirmation; a CPF on file is shown masked only.
  // Checked on submit only: the messages stay until the next attempt, as before.
  const resolver = useMemo(() => zodResolver(identityFormSchema(asksBirthday, today), IDENTITY_MESSAGES), [asksBirthday, today]);
  const form = useForm({
    resolver,
    defaultValues: { payeeName: identity.payeeName ?? '', cpf: '', birthday: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  const placeFieldIssues = useFieldIssuesPlacer(form, FIELDS);
  const bind = fieldBinder(form, fieldMessage);
  const submit = form.handleSubmit((body) => {
    if (save.isPending) return;
    save.mutate(body, {
      onSuccess: onSaved,
      onError: placeFieldIssues,
    });
  });

  // Field problems from the server are shown under their fields; anything else above the button.
  const formError = useUnplacedError(save.error);
  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="security-card__hint">{t('account:security.identity.incompleteHint')}</p>
      <FormField
        id="identity-name"
        label={t('account:security.identity.name')}
        requiredMark
        autoComplete="name"
        placeholder={t('account:security.identity.namePlaceholder')}
        hint={t('account:security.identity.nameHint')}
        registration={form.register('payeeName')}
        error={errors.payeeName}
        translateError={() => fieldMessage(errors.payeeName) ?? ''}
        errorTestId="identity-name-error"
        data-testid="identity-name"
      />
      <ControlledTextField
        {...bind('cpf')}
        id="identity-cpf"
        label={t('account:security.identity.cpf')}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        // 14 = 000.000.000-00; the mask adds the punctuation as the member types or pastes.
        maxLength={14}
        placeholder={t('account:security.identity.cpfPlaceholder')}
        hint={identity.cpf ? t('account:security.identity.cpfOnFile', { cpf: identity.cpf }) : undefined}
        keep={formatCpfInput}
        errorTestId="identity-cpf-error"
      />
      {asksBirthday ? (
        <Controller
          control={form.control}
          name="birthday"
          render={({ field, fieldState }) => <BirthdayField value={field.value} onChange={field.onChange} error={fieldMessage(fieldState.error)} today={today} />}
        />
      ) : null}
      <p className="security-card__hint">{t('account:security.identity.lockNotice')}</p>
      <FormAlert message={formError} data-testid="identity-error" />
      <SubmitButton variant="accent" block pending={save.isPending} pendingLabel={t('account:security.identity.submitting')} data-testid="identity-submit">
        {t('account:security.identity.submit')}
      </SubmitButton>
    </form>
  );
}
