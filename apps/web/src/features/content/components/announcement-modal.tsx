import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicAnnouncement } from '@app/contracts';
import { Modal } from '@app/ui';
import { RichText } from './rich-text.tsx';
import { StepFooter } from './step-footer.tsx';
import './content-popups.css';

/** The announcements of the player's kind, one at a time; closing (X, Escape or "Got it") ends them all. */
export function AnnouncementModal({ items, onClose }: { items: readonly PublicAnnouncement[]; onClose: () => void }) {
  const { t } = useTranslation('common');
  const [index, setIndex] = useState(0);
  // A live content change may shorten the list while it is open.
  const current = items[Math.min(index, items.length - 1)];
  if (!current) return null;
  return (
    <Modal
      open
      onClose={onClose}
      title={current.title}
      closeLabel={t('actions.close')}
      size="lg"
      testId="modal-announcement"
      footer={<StepFooter index={Math.min(index, items.length - 1)} count={items.length} onStep={setIndex} onDone={onClose} testPrefix="announcement" />}
    >
      <RichText key={current.id} html={current.html} testId="announcement-body" />
    </Modal>
  );
}
