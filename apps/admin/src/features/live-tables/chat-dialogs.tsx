import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { useMute, useRemoveMessage } from './live.api.ts';
import { newRequestId, useLiveErrorText } from './live-text.ts';

/** Remove one message (it disappears from the table's chat for everyone), with a reason. */
export function RemoveDialog({ message, onClose, onDone }: { message: { id: string; account: string; original: string }; onClose: () => void; onDone: (notice: string) => void }) {
  const { t } = useTranslation('admin-live');
  const { t: admin } = useTranslation('admin');
  const errorText = useLiveErrorText();
  const remove = useRemoveMessage();
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState('');
  const submit = () => remove.mutate({ id: message.id, body: { requestId, reason: reason.trim() } }, { onSuccess: () => onDone(t('chat.removedNotice')) });
  return (
    <ActionDialog
      title={t('chat.removeDialog.title')}
      testId="lv-remove-dialog"
      onClose={onClose}
      action={<Button onClick={submit} disabled={remove.isPending || reason.trim() === ''} data-testid="lv-remove-submit">{t('chat.removeDialog.submit')}</Button>}
    >
      <p>{t('chat.removeDialog.explain', { account: message.account, text: message.original })}</p>
      <TextBox label={admin('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={2} testId="lv-remove-reason" className="" />
      {remove.error ? <p className="bo-error" role="alert" data-testid="lv-remove-error">{errorText(remove.error)}</p> : null}
    </ActionDialog>
  );
}

/** Lift an account's mute (minutes 0), with a reason. */
export function LiftDialog({ account, onClose, onDone }: { account: string; onClose: () => void; onDone: (notice: string) => void }) {
  const { t } = useTranslation('admin-live');
  const { t: admin } = useTranslation('admin');
  const errorText = useLiveErrorText();
  const mute = useMute();
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState('');
  const submit = () => mute.mutate({ requestId, reason: reason.trim(), account, minutes: 0 }, { onSuccess: () => onDone(t('chat.mutes.lifted', { account })) });
  return (
    <ActionDialog
      title={t('chat.mutes.liftTitle', { account })}
      testId="lv-lift-dialog"
      onClose={onClose}
      action={<Button onClick={submit} disabled={mute.isPending || reason.trim() === ''} data-testid="lv-lift-submit">{t('chat.mutes.liftSubmit')}</Button>}
    >
      <TextBox label={admin('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={2} testId="lv-lift-reason" className="" />
      {mute.error ? <p className="bo-error" role="alert" data-testid="lv-lift-error">{errorText(mute.error)}</p> : null}
    </ActionDialog>
  );
}
