import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, TextField } from '@app/ui';
import { ActionDialog, NoticeDialog } from '../../shared/components/action-dialog.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { useProposal } from './approvals.api.ts';

/**
 * A sensitive change proposed with its reason: sent to the owning area's route, it waits for a
 * second operator (Approvals). The dialog then says so; nothing has changed yet.
 */
export function ProposalDialog({ title, children, url, body, testId, onClose }: { title: string; children: ReactNode; url: string; body: Record<string, unknown>; testId: string; onClose: () => void }) {
  const { t } = useTranslation(['admin-approvals', 'admin']);
  const proposal = useProposal<string>(() => url, (reason) => ({ ...body, reason }));
  const [reason, setReason] = useState('');
  if (proposal.isSuccess) {
    return (
      <NoticeDialog title={title} testId={`${testId}-sent`} onClose={onClose} doneLabel={t('admin:common.close')} doneTestId={`${testId}-done`}>
        <Alert tone="info">{t('propose.sent')}</Alert>
      </NoticeDialog>
    );
  }
  return (
    <ActionDialog
      title={title}
      testId={testId}
      onClose={onClose}
      action={
        <Button disabled={proposal.isPending || reason.trim() === ''} onClick={() => proposal.mutate(reason)} data-testid={`${testId}-send`}>
          {t('propose.send')}
        </Button>
      }
    >
      {children}
      <TextField label={t('propose.reason')} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} autoFocus data-testid={`${testId}-reason`} />
      <ErrorLine error={proposal.error} testId={`${testId}-error`} />
    </ActionDialog>
  );
}
