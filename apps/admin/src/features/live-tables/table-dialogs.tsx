import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveAdminTable } from '@app/contracts';
import { Button } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { useChangeTable, useNewShoe } from './live.api.ts';
import { newRequestId, useLiveErrorText, useTableName } from './live-text.ts';

interface DialogProps {
  table: LiveAdminTable;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/** Open or close a table, with the reason kept in the audit row. */
export function StatusDialog({ table, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('admin-live');
  const { t: admin } = useTranslation('admin');
  const tableName = useTableName();
  const errorText = useLiveErrorText();
  const change = useChangeTable();
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState('');
  const opening = table.status === 'closed';
  const name = tableName(table);
  const submit = () => change.mutate({ code: table.code, body: { requestId, reason: reason.trim(), status: opening ? 'open' : 'closed' } }, { onSuccess: () => onDone(t('tables.saved', { table: name })) });
  return (
    <ActionDialog
      title={t(opening ? 'tables.statusDialog.openTitle' : 'tables.statusDialog.closeTitle', { table: name })}
      testId="lv-status-dialog"
      onClose={onClose}
      action={<Button onClick={submit} disabled={change.isPending || reason.trim() === ''} data-testid="lv-status-submit">{t(opening ? 'tables.statusDialog.submitOpen' : 'tables.statusDialog.submitClose')}</Button>}
    >
      <p>{t(opening ? 'tables.statusDialog.openExplain' : 'tables.statusDialog.closeExplain')}</p>
      <TextBox label={admin('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={2} testId="lv-status-reason" className="" />
      {change.error ? <p className="bo-error" role="alert" data-testid="lv-status-error">{errorText(change.error)}</p> : null}
    </ActionDialog>
  );
}

/** Baccarat: end the shoe after the hand in play (its seed revealed), then a new shuffle. */
export function NewShoeDialog({ table, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('admin-live');
  const { t: admin } = useTranslation('admin');
  const tableName = useTableName();
  const errorText = useLiveErrorText();
  const newShoe = useNewShoe();
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState('');
  const name = tableName(table);
  const submit = () => newShoe.mutate({ code: table.code, body: { requestId, reason: reason.trim() } }, { onSuccess: () => onDone(t('tables.shoeAsked', { table: name })) });
  return (
    <ActionDialog
      title={t('tables.shoeDialog.title', { table: name })}
      testId="lv-shoe-dialog"
      onClose={onClose}
      action={<Button onClick={submit} disabled={newShoe.isPending || reason.trim() === ''} data-testid="lv-shoe-submit">{t('tables.shoeDialog.submit')}</Button>}
    >
      <p>{t('tables.shoeDialog.explain', { hash: `${table.shoe?.hash.slice(0, 16) ?? ''}…` })}</p>
      <TextBox label={admin('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={2} testId="lv-shoe-reason" className="" />
      {newShoe.error ? <p className="bo-error" role="alert" data-testid="lv-shoe-error">{errorText(newShoe.error)}</p> : null}
    </ActionDialog>
  );
}
