import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Tabs } from '@app/ui';
import { useAccountModals } from '../../account-modals-context.tsx';
import { GroupBanner } from '../../../content/index.ts';
import { ForgotEmailForm } from './forgot-email-form.tsx';
import { ForgotPhoneForm } from './forgot-phone-form.tsx';

type ForgotTab = 'phone' | 'email';

export function ForgotPasswordModal() {
  const { t } = useTranslation(['account', 'common']);
  const { close, open } = useAccountModals();
  const [tab, setTab] = useState<ForgotTab>('phone');
  return (
    <Modal open onClose={close} title={t('account:forgot.title')} closeLabel={t('common:actions.close')} testId="modal-forgot">
      <GroupBanner group="w_forget" className="account-modal-banner" testId="forgot-banner" onFollow={close} />
      <div className="account-form-stack">
        <Tabs
          label={t('account:forgot.methodsLabel')}
          value={tab}
          onChange={setTab}
          items={[
            { id: 'phone', label: t('account:forgot.tabs.phone'), testId: 'forgot-tab-phone' },
            { id: 'email', label: t('account:forgot.tabs.email'), testId: 'forgot-tab-email' },
          ]}
        />
        {/* Both stay mounted so a running "resend in" countdown survives a look at the other tab. */}
        <div hidden={tab !== 'phone'} role="tabpanel">
          <ForgotPhoneForm />
        </div>
        <div hidden={tab !== 'email'} role="tabpanel">
          <ForgotEmailForm onDone={close} />
        </div>
      </div>
      <div className="login-links login-links--center">
        <Button variant="outline" size="sm" onClick={() => open({ kind: 'login' })} data-testid="to-login-link">
          {t('account:forgot.backToLogin')}
        </Button>
      </div>
    </Modal>
  );
}
