import { useTranslation } from 'react-i18next';
import type { HelpArticle } from '@app/contracts';
import { Modal } from '@app/ui';
import { RichText } from '../../content/index.ts';

/** Spec §2 help centre modal: the terms (/help#term) over the help page. */
export function HelpModal({ article, onClose }: { article: HelpArticle; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Modal open onClose={onClose} title={article.title} closeLabel={t('actions.close')} size="lg" testId="help-modal">
      <RichText html={article.html} testId="help-modal-body" />
    </Modal>
  );
}
