import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal, Spinner, Tabs } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import type { RegisterMethod } from '../../api/registration.api.ts';
import { registerSettingsQueryOptions } from '../../api/registration.queries.ts';
import { useAccountModals } from '../../account-modals-context.tsx';
import { useBotCheck } from '../../hooks/use-bot-check.ts';
import { GroupBanner } from '../../../content/index.ts';
import { RegisterForm } from './register-form.tsx';

export function RegisterModal({ referralCode }: { referralCode: string | null }) {
  const { t } = useTranslation(['account', 'common']);
  const { close, open } = useAccountModals();
  const errorMessage = useErrorMessage();
  const [chosen, setChosen] = useState<RegisterMethod | null>(null);
  // Started with the modal, so the proof is usually ready before the player submits (spec).
  const botCheck = useBotCheck('register');
  const first = useQuery(registerSettingsQueryOptions(chosen ?? 'username'));
  const methods = first.data?.methods;
  // Until the player picks, the first enabled method; the username form is the usual default.
  const method: RegisterMethod = chosen ?? (methods && !methods.username && methods.mobile ? 'mobile' : 'username');
  const settings = useQuery({ ...registerSettingsQueryOptions(method), enabled: methods !== undefined });
  const enabledMethods = methods ? (['username', 'mobile'] as const).filter((id) => methods[id]) : [];

  let body;
  if (first.isError || settings.isError) {
    const error = first.error ?? settings.error;
    body = (
      <div className="account-form-stack">
        <Alert data-testid="register-error">
          {t('account:register.loadFailed')} {errorMessage(error)}
        </Alert>
        <Button variant="outline" onClick={() => void (first.isError ? first.refetch() : settings.refetch())}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!methods || !settings.data) {
    body = <Spinner label={t('common:loading')} layout="block" />;
  } else if (enabledMethods.length === 0) {
    body = (
      <Alert tone="info" data-testid="register-closed">
        {t('account:register.closed')}
      </Alert>
    );
  } else {
    body = (
      <div className="account-form-stack">
        {enabledMethods.length > 1 ? (
          <Tabs
            label={t('account:register.methodsLabel')}
            value={method}
            onChange={setChosen}
            items={enabledMethods.map((id) => ({ id, label: t(`account:register.tabs.${id}`), testId: `register-tab-${id}` }))}
          />
        ) : null}
        <RegisterForm key={method} method={method} settings={settings.data} referralCode={referralCode} botCheck={botCheck} />
      </div>
    );
  }

  return (
    <Modal open onClose={close} title={t('account:register.title')} closeLabel={t('common:actions.close')} testId="modal-register">
      <GroupBanner group="w_register" className="account-modal-banner" testId="register-banner" onFollow={close} />
      {referralCode ? (
        <p className="register-referral" data-testid="register-referral" data-referral-code={referralCode}>
          {t('account:register.referral', { code: referralCode })}
        </p>
      ) : null}
      {body}
      <div className="login-links login-links--center">
        <span>{t('account:register.haveAccount')}</span>{' '}
        <Button variant="outline" size="sm" onClick={() => open({ kind: 'login' })} data-testid="to-login-link">
          {t('account:register.toLogin')}
        </Button>
      </div>
    </Modal>
  );
}
