import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryAdminDrawDetail } from '@app/contracts';
import { Button } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { formatMoney } from '../../shared/format.ts';
import { useProposeCancel } from './lottery.api.ts';
import { newRequestId, useLotteryErrorText } from './lottery-text.ts';

/** A draw's cancellation with refunds of its open tickets: a reason, then a proposal another operator approves. */
export function CancelDialog({ draw, onClose, onDone }: { draw: LotteryAdminDrawDetail; onClose: () => void; onDone: (notice: string) => void }) {
  const { t, i18n } = useTranslation('admin-lottery');
  const { t: admin } = useTranslation('admin');
  const errorText = useLotteryErrorText();
  const propose = useProposeCancel(draw.id);
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState('');
  const submit = () => propose.mutate({ requestId, reason: reason.trim() }, { onSuccess: (answer) => onDone(t(answer.replayed ? 'draw.notice.replayed' : 'draw.notice.sent', { id: answer.approvalId })) });
  return (
    <ActionDialog
      title={t('cancelDialog.title', { drawNo: draw.drawNo })}
      testId="lt-cancel-dialog"
      onClose={onClose}
      action={<Button onClick={submit} disabled={propose.isPending || reason.trim() === ''} data-testid="lt-cancel-submit">{t('cancelDialog.submit')}</Button>}
    >
      <p>{t('cancelDialog.explain', { tickets: draw.ticketsByStatus.open ?? 0, stake: formatMoney(draw.stake, i18n.language) })}</p>
      <TextBox label={admin('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={2} testId="lt-cancel-reason" className="" />
      {propose.error ? <p className="bo-error" role="alert" data-testid="lt-cancel-error">{errorText(propose.error)}</p> : null}
    </ActionDialog>
  );
}
