import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@app/ui';
import { ErrorLine } from '../../shared/components/page.tsx';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';

/** Asks the reason of a decision (kept in the audit log and shown to the member where it applies). */
export function ReasonDialog({ title, confirmLabel, busy, error, onConfirm, onClose }: { title: string; confirmLabel: string; busy: boolean; error: unknown; onConfirm: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={title}
      testId="reason-dialog"
      onClose={onClose}
      action={
        <Button onClick={() => onConfirm(reason)} disabled={busy || reason.trim() === ''} data-testid="reason-confirm">
          {confirmLabel}
        </Button>
      }
    >
      <TextField label={t('common.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} autoFocus data-testid="reason-input" />
      <ErrorLine error={error} testId="reason-error" />
    </ActionDialog>
  );
}
