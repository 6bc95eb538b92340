import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicPopup } from '@app/contracts';
import { buttonClassName, Modal } from '@app/ui';
import { linkActionOf } from '../link-action.ts';
import { ContentLink } from './content-link.tsx';
import { RichText } from './rich-text.tsx';
import { StepFooter } from './step-footer.tsx';
import './content-popups.css';

/** The operator's pop-ups (spec §2 "game pop-up" and public state popup), one at a time. */
export function PopupModal({ popups, onClose }: { popups: readonly PublicPopup[]; onClose: () => void }) {
  const { t } = useTranslation(['content', 'common']);
  const [index, setIndex] = useState(0);
  const position = Math.min(index, popups.length - 1);
  const popup = popups[position];
  if (!popup) return null;
  const hasImage = popup.url !== null && popup.width !== null && popup.height !== null;
  return (
    <Modal
      open
      onClose={onClose}
      title={popup.title}
      closeLabel={t('common:actions.close')}
      size="lg"
      testId="modal-popup"
      footer={<StepFooter index={position} count={popups.length} onStep={setIndex} onDone={onClose} testPrefix="popup" />}
    >
      <div className="stack stack--gap-4" key={popup.id}>
        {hasImage ? (
          <img className="content-popup__image" src={popup.url ?? ''} width={popup.width ?? undefined} height={popup.height ?? undefined} alt="" decoding="async" />
        ) : null}
        {popup.html ? <RichText html={popup.html} /> : null}
        {linkActionOf(popup.linkageType, popup.target).kind !== 'none' ? (
          // Following the link ends the pop-ups: the player chose where to go.
          <ContentLink linkageType={popup.linkageType} target={popup.target} className={buttonClassName('primary', 'md', 'content-popup__link')} testId="popup-link" onFollow={onClose}>
            {t('content:popup.open')}
          </ContentLink>
        ) : null}
      </div>
    </Modal>
  );
}
