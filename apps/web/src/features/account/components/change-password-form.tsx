import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChangePasswordRequestSchema } from '@app/contracts';
import { FormAlert, SubmitButton } from '@app/ui';
import { useChangePassword } from '../api/security.queries.ts';
import type { FieldIssue } from '../field-problems.ts';
import { newPasswordIssues } from '../password-rules.ts';
import { ControlledTextField, fieldBinder } from './controlled-text-field.tsx';
import { addFieldIssues, contractMessages, PASSWORD_LENGTHS, PASSWORD_MESSAGE_KEY, useFieldMessage } from './form-issues.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { useServerErrors } from './server-errors.ts';
import { useDoneNotice } from './use-done-notice.ts';

interface ChangePasswordFormProps {
  /** The account name: a password equal to it is refused before asking the server. */
  account: string | undefined;
  onChanged: () => void;
  /** Security centre: say it worked and stay; the forced modal closes instead. */
  showSuccess?: boolean;
}

/**
 * The server's request plus the confirmation only the form sees, with the checks made before
 * asking: the current password typed, the new one by the policy (not the account name) and
 * different from the current one, and the confirmation equal to it.
 */
function changePasswordSchema(account: string | undefined) {
  return ChangePasswordRequestSchema.extend({ confirmPassword: ChangePasswordRequestSchema.shape.newPassword }).superRefine((values, ctx) => {
    const issues: FieldIssue[] = [
      ...(values.currentPassword === '' ? [{ field: 'currentPassword', messageKey: 'required' }] : []),
      ...newPasswordIssues(values.newPassword, values.confirmPassword, account),
    ];
    if (values.currentPassword !== '' && values.newPassword === values.currentPassword && !issues.some((issue) => issue.field === 'newPassword')) {
      issues.push({ field: 'newPassword', messageKey: 'password_unchanged' });
    }
    addFieldIssues(ctx, issues);
  });
}
const CHANGE_MESSAGES = contractMessages({ currentPassword: PASSWORD_MESSAGE_KEY, newPassword: PASSWORD_MESSAGE_KEY, confirmPassword: PASSWORD_MESSAGE_KEY });
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** PUT /member/password: current, new and confirmation (test ids change-*). */
export function ChangePasswordForm({ account, onChanged, showSuccess = false }: ChangePasswordFormProps) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage(PASSWORD_LENGTHS);
  const change = useChangePassword();
  // Checked on submit only, as before: a message stays until the next attempt.
  const resolver = useMemo(() => zodResolver(changePasswordSchema(account), CHANGE_MESSAGES), [account]);
  const form = useForm({
    resolver,
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { done, markDone, onSubmitOf } = useDoneNotice();
  const { errors } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);

  const bind = fieldBinder(form, fieldMessage);
  const submit = form.handleSubmit(({ currentPassword, newPassword }) => {
    if (change.isPending) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          markDone();
          onChanged();
        },
        onError: showServerErrors,
      },
    );
  });

  return (
    <form
      className="login-form"
      onSubmit={onSubmitOf(submit)}
      noValidate
    >
      <ControlledTextField
        {...bind('currentPassword')}
        id="change-current"
        label={t('changePassword.current')}
        requiredMark
        type="password"
        name="current-password"
        autoComplete="current-password"
        errorTestId="field-error-currentPassword"
      />
      <NewPasswordFields idPrefix="change" control={form.control} fieldMessage={fieldMessage} />
      <FormAlert message={errors.root?.message} data-testid="change-error" />
      <FormAlert tone="info" message={done && showSuccess ? t('changePassword.success') : null} data-testid="change-success" />
      <SubmitButton variant="accent" block pending={change.isPending} pendingLabel={t('changePassword.submitting')} data-testid="change-submit">
        {t('changePassword.submit')}
      </SubmitButton>
    </form>
  );
}
