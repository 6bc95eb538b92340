import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Button, SelectField, TextField } from '@app/ui';
import { isAgentAccountType, type Downline, type FieldRule } from '@app/contracts';
import { useErrorMessage, useValidationMessage } from '../../../shared/error-message.ts';
import { registerSettingsQueryOptions, serverFieldIssues, toFieldMessages, type FieldMessages } from '../../account/index.ts';
import { useRegisterDownline } from '../api/agent.queries.ts';
import { DOWNLINE_FIELDS, downlineFormIssues, downlineRules, NICKNAME_MAX, type DownlineFormValues } from './register-downline-rules.ts';
import { useAccountTypeLabel } from './report-kit.tsx';

const EMPTY: DownlineFormValues = { account: '', password: '', nickname: '', type: '0' };

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
  const rules: FieldRule[] = downlineRules(settings.data?.fields);
  const formRef = useRef<HTMLFormElement>(null);
  // A ref, not state: two clicks in the same frame both see it before React re-renders.
  const sending = useRef(false);
  const [values, setValues] = useState<DownlineFormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<Downline | null>(null);

  const typeOptions = [{ value: '0', label: typeLabel(0) }, ...(isAgentAccountType(agentType) ? [{ value: String(agentType), label: typeLabel(agentType) }] : [])];

  const change = (field: keyof DownlineFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (messages: FieldMessages) => {
    setErrors(messages);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    setFormError(null);
    setCreated(null);
    const messages = toFieldMessages(downlineFormIssues(values, rules), validationMessage);
    if (values.nickname.trim().length > NICKNAME_MAX) messages.nickname = t('register.nicknameTooLong', { max: NICKNAME_MAX });
    if (Object.values(messages).some(Boolean)) {
      showErrors(messages);
      return;
    }
    setErrors({});
    sending.current = true;
    const nickname = values.nickname.trim();
    register.mutate(
      { account: values.account.trim(), password: values.password, type: Number(values.type), ...(nickname ? { nickname } : {}) },
      {
        onSuccess: (downline) => {
          setCreated(downline);
          setValues(EMPTY);
        },
        onError: (error) => {
          const issues = (serverFieldIssues(error) ?? []).map((issue) => (issue.field === 'username' ? { ...issue, field: 'account' } : issue));
          const placed = issues.filter((issue) => (DOWNLINE_FIELDS as readonly string[]).includes(issue.field));
          if (placed.length > 0) showErrors(toFieldMessages(placed, validationMessage));
          // Problems with no field on this form (or none at all) are said above the button.
          if (placed.length === 0 || placed.length < issues.length) setFormError(errorMessage(error));
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const busy = register.isPending;
  return (
    <form ref={formRef} className="agent-form" onSubmit={submit} noValidate data-testid="register-downline-form">
      <TextField
        label={t('register.account')}
        value={values.account}
        onChange={(event) => change('account', event.target.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        requiredMark
        error={errors.account}
        errorTestId="register-account-error"
        data-testid="register-account"
      />
      <TextField
        label={t('register.password')}
        type="password"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        autoComplete="new-password"
        requiredMark
        error={errors.password}
        errorTestId="register-password-error"
        data-testid="register-password"
      />
      <TextField
        label={t('register.nickname')}
        value={values.nickname}
        onChange={(event) => change('nickname', event.target.value)}
        autoComplete="off"
        hint={t('register.nicknameHint')}
        error={errors.nickname}
        errorTestId="register-nickname-error"
        data-testid="register-nickname"
      />
      <SelectField label={t('register.type')} value={values.type} options={typeOptions} onValueChange={(value) => change('type', value)} data-testid="register-type" />
      {formError ? <Alert data-testid="register-form-error">{formError}</Alert> : null}
      {created ? (
        <Alert tone="info" data-testid="register-created">
          {t('register.created', { account: created.account, type: typeLabel(created.type) })}{' '}
          <Link to="/agentHome?tab=downlineManagmentView" replace>
            {t('register.toTeam')}
          </Link>
        </Alert>
      ) : null}
      <Button type="submit" variant="accent" block disabled={busy} aria-busy={busy} data-testid="register-submit">
        {busy ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
