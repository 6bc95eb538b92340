import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Tabs } from '@app/ui';
import { useAccountModals, useSession } from '../../account/index.ts';
import { FeedbackForm } from './feedback-form.tsx';
import { MyFeedback } from './my-feedback.tsx';
import './feedback.css';

type Tab = 'new' | 'mine';

/** The footer's feedback and complaints (spec §2, §7): the form and the member's tickets; visitors are asked to log in. */
export function FeedbackModal() {
  const { t } = useTranslation(['feedback', 'common']);
  const { close, open } = useAccountModals();
  const { isLoggedIn } = useSession();
  const [tab, setTab] = useState<Tab>('new');
  return (
    <Modal open onClose={close} title={t('feedback:title')} closeLabel={t('common:actions.close')} testId="modal-feedback">
      {isLoggedIn ? (
        <div className="feedback-modal">
          <Tabs<Tab>
            label={t('feedback:title')}
            items={[
              { id: 'new', label: t('feedback:tabs.new'), testId: 'feedback-tab-new' },
              { id: 'mine', label: t('feedback:tabs.mine'), testId: 'feedback-tab-mine' },
            ]}
            value={tab}
            onChange={setTab}
          />
          {tab === 'new' ? <FeedbackForm /> : <MyFeedback />}
        </div>
      ) : (
        <div className="feedback-modal">
          <p>{t('feedback:loginFirst')}</p>
          <Button variant="accent" onClick={() => open({ kind: 'login' })}>
            {t('feedback:login')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
