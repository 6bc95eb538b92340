import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@app/ui';
import { useSession } from '../../account/index.ts';
import { visitorToken } from '../api/support.api.ts';
import { supportStore } from '../support-store.ts';
import { SupportChatRoom } from './support-chat-room.tsx';
import { SupportVisitorGate } from './support-visitor-gate.tsx';
import './support.css';

/**
 * Spec §2 chat room: a modal with a close control that clicking outside does not close (the
 * shared Modal locks the page's scroll). A member chats with their session; a visitor first
 * passes the captcha and chats with the token it gives.
 */
export function SupportModal() {
  const { t } = useTranslation(['support', 'common']);
  const { isLoggedIn } = useSession();
  const [visitor, setVisitor] = useState(visitorToken);
  return (
    <Modal open onClose={supportStore.closeChat} title={t('support:title')} closeLabel={t('common:actions.close')} testId="modal-support" size="md">
      {isLoggedIn || visitor ? <SupportChatRoom key={isLoggedIn ? 'member' : visitor} /> : <SupportVisitorGate onStarted={setVisitor} />}
    </Modal>
  );
}
