import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Disables both buttons while the confirmed action runs (no double logout). */
  busy?: boolean;
  testId?: string;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, closeLabel, onConfirm, onCancel, busy = false, testId } = props;
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      closeLabel={closeLabel}
      size="sm"
      testId={testId ?? 'confirm-dialog'}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy} data-testid="confirm-cancel" data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant="primary" onClick={onConfirm} disabled={busy} data-testid="confirm-ok">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="ui-confirm__message">{message}</p>
    </Modal>
  );
}
