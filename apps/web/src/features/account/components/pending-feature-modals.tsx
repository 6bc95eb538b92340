import { useTranslation } from 'react-i18next';
import { Modal } from '@app/ui';
import { NotAvailableYet } from '../../../shared/components/not-available-yet.tsx';
import { useAccountModals } from '../account-modals-context.tsx';

/*
 * Feedback arrives in a later issue. Its modal exists (the footer link opens it) and says so
 * plainly, with no imitation form.
 */

export function FeedbackModal() {
  const { t } = useTranslation(['layout', 'common']);
  const { close } = useAccountModals();
  return (
    <Modal open onClose={close} title={t('layout:footer.feedback')} closeLabel={t('common:actions.close')} testId="modal-feedback">
      <NotAvailableYet message={t('layout:footer.feedbackNotAvailable')} />
    </Modal>
  );
}
