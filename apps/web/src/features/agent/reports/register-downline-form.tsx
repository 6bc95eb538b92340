import { useRef, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, FormAlert, SelectField, SubmitButton, TextField } from '@app/ui';
import { isAgentAccountType, type Downline, type RegisterDownline } from '@app/contracts';
import { useErrorMessage, useValidationMessage } from '../../../shared/error-message.ts';
import { registerSettingsQueryOptions, serverFieldIssues, toFieldMessages } from '../../account/index.ts';
import { useRegisterDownline } from '../api/agent.queries.ts';
import { DOWNLINE_FIELDS, downlineRules, NICKNAME_MAX } from './register-downline-rules.ts';
import { downlineFormResolver, TRANSLATED_ERROR, type DownlineFormInput } from './register-downline-schema.ts';
import { useAccountTypeLabel } from './report-kit.tsx';

const EMPTY: DownlineFormInput = { account: '', password: '', nickname: '', type: 0 };

/**
 * registerCenter's form: the agent opens an account directly under itself. The account name and
 * password follow the site's registration rules, checked here first and again by the server.
 */
export function RegisterDownlineForm({ agentType }: { agentType: number }) {
  const { t } = useTranslation('agent');
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const typeLabel = useAccountTypeLabel();
  const register = useRegisterDownline();
  // The operator's rules for account names and passwords, the ones the server applies too.
  const settings = useQuery(registerSettingsQueryOptions('username'));
  const resolver = downlineFormResolver(downlineRules(settings.data?.fields), (issue) => validationMessage(issue.messageKey, issue.params));
  // Checked on submit only, as before; typing in a field clears that field's message.
  const form = useForm<DownlineFormInput, unknown, RegisterDownline>({ resolver, defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  const [created, setCreated] = useState<Downline | null>(null);
  // A ref, not isPending: two clicks in the same frame both pass validation before React re-renders.
  const sending = useRef(false);

  const typeOptions = [{ value: '0', label: typeLabel(0) }, ...(isAgentAccountType(agentType) ? [{ value: String(agentType), label: typeLabel(agentType) }] : [])];
  const field = (name: 'account' | 'password' | 'nickname') => form.register(name, { onChange: () => form.clearErrors(name) });
  // Rule and server messages arrive translated; the contract's own length checks by their code.
  const textOf = (error: FieldError | undefined) => {
    if (!error) return null;
    if (error.type === TRANSLATED_ERROR) return error.message ?? null;
    return validationMessage(error.type === 'too_small' ? 'required' : error.type);
  };

  const send = ({ nickname, ...body }: RegisterDownline) => {
    if (sending.current) return;
    sending.current = true;
    register.mutate({ ...body, ...(nickname ? { nickname } : {}) }, {
      onSuccess: (downline) => {
        setCreated(downline);
        form.reset(EMPTY);
      },
      onError: (error) => {
        const issues = (serverFieldIssues(error) ?? []).map((issue) => (issue.field === 'username' ? { ...issue, field: 'account' } : issue));
        const placed = issues.filter((issue) => (DOWNLINE_FIELDS as readonly string[]).includes(issue.field));
        const messages = toFieldMessages(placed, validationMessage);
        // The first one on the page takes the focus, as a refused submit does.
        DOWNLINE_FIELDS.filter((name) => messages[name]).forEach((name, at) => form.setError(name, { type: TRANSLATED_ERROR, message: messages[name] }, { shouldFocus: at === 0 }));
        // Problems with no field on this form (or none at all) are said above the button.
        if (placed.length === 0 || placed.length < issues.length) form.setError('root.server', { message: errorMessage(error) });
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return (
    <form
      className="agent-form"
      onSubmit={(event) => {
        setCreated(null);
        void form.handleSubmit(send)(event);
      }}
      noValidate
      data-testid="register-downline-form"
    >
      <TextField
        label={t('register.account')}
        {...field('account')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        requiredMark
        error={textOf(errors.account)}
        errorTestId="register-account-error"
        data-testid="register-account"
      />
      <TextField
        label={t('register.password')}
        type="password"
        {...field('password')}
        autoComplete="new-password"
        requiredMark
        error={textOf(errors.password)}
        errorTestId="register-password-error"
        data-testid="register-password"
      />
      <TextField
        label={t('register.nickname')}
        {...field('nickname')}
        autoComplete="off"
        hint={t('register.nicknameHint')}
        // The contract's only nickname check is its length.
        error={errors.nickname?.type === 'too_big' ? t('register.nicknameTooLong', { max: NICKNAME_MAX }) : textOf(errors.nickname)}
        errorTestId="register-nickname-error"
        data-testid="register-nickname"
      />
      <Controller
        control={form.control}
        name="type"
        render={({ field: type }) => (
          <SelectField label={t('register.type')} value={String(type.value ?? 0)} options={typeOptions} onValueChange={(value) => type.onChange(Number(value))} data-testid="register-type" />
        )}
      />
      <FormAlert message={errors.root?.server?.message} data-testid="register-form-error" />
      {created ? (
        <Alert tone="info" data-testid="register-created">
          {t('register.created', { account: created.account, type: typeLabel(created.type) })}{' '}
          <Link to="/agentHome?tab=downlineManagmentView" replace>
            {t('register.toTeam')}
          </Link>
        </Alert>
      ) : null}
      <SubmitButton variant="accent" block pending={register.isPending} pendingLabel={t('register.submitting')} data-testid="register-submit">
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}
