import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, type ModalProps } from '@app/ui';

export interface ActionDialogProps {
  title: string;
  testId: string;
  onClose: () => void;
  /** The dialog's one action, the page's own button (its label, test id, busy and disabled rules). */
  action: ReactNode;
  size?: ModalProps['size'];
  /** While the action runs, Cancel waits too (a reset password must not be left half-seen). */
  cancelDisabled?: boolean;
  children: ReactNode;
}

/** The console's dialog for one action: the content, then Cancel and the action in the footer. */
export function ActionDialog({ action, cancelDisabled, ...frame }: ActionDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <DialogFrame
      {...frame}
      footer={
        <>
          <Button variant="outline" onClick={frame.onClose} disabled={cancelDisabled}>
            {t('common.cancel')}
          </Button>
          {action}
        </>
      }
    />
  );
}

export interface NoticeDialogProps {
  title: string;
  testId: string;
  onClose: () => void;
  doneLabel: string;
  doneTestId?: string;
  size?: ModalProps['size'];
  children: ReactNode;
}

/** A dialog that tells one thing (a secret shown once, a request sent): its one button closes it. */
export function NoticeDialog({ doneLabel, doneTestId, ...frame }: NoticeDialogProps) {
  return (
    <DialogFrame
      {...frame}
      footer={
        <Button onClick={frame.onClose} data-testid={doneTestId}>
          {doneLabel}
        </Button>
      }
    />
  );
}

/** Both dialogs' frame: open while the page draws it, with the console's close label. */
function DialogFrame({ title, testId, onClose, size, footer, children }: { title: string; testId: string; onClose: () => void; size?: ModalProps['size']; footer: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Modal open onClose={onClose} title={title} closeLabel={t('common.close')} testId={testId} size={size} footer={footer}>
      {children}
    </Modal>
  );
}
