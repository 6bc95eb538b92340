import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { useSetCap } from './lottery.api.ts';
import { newRequestId, parseAmount, useLotteryErrorText } from './lottery-text.ts';

/**
 * The draw's cap per number (number undefined), or one number's (number given; '' lets the
 * operator type which). An empty amount removes the override: the inherited cap applies again.
 */
export function CapDialog({ drawId, number, current, onClose, onDone }: { drawId: string; number?: string; current: string | null; onClose: () => void; onDone: (notice: string) => void }) {
  const { t } = useTranslation('admin-lottery');
  const { t: errors } = useTranslation('errors');
  const errorText = useLotteryErrorText();
  const setCap = useSetCap(drawId);
  const [requestId] = useState(newRequestId);
  const [which, setWhich] = useState(number ?? '');
  const [amount, setAmount] = useState(current ?? '');
  const parsed = amount.trim() === '' ? null : parseAmount(amount);
  const amountError = parsed === undefined || (parsed !== null && Number(parsed) <= 0) ? errors('lottery_console.amount_invalid') : undefined;
  const numberError = number !== undefined && which.trim() !== '' && !/^[a-z0-9:]{1,16}$/.test(which.trim()) ? errors('lottery_console.number_invalid') : undefined;
  const blocked = amountError !== undefined || numberError !== undefined || (number !== undefined && which.trim() === '');
  const submit = () => {
    if (blocked || parsed === undefined) return;
    setCap.mutate({ requestId, cap: parsed, ...(number !== undefined ? { number: which.trim() } : {}) }, { onSuccess: () => onDone(t('draw.notice.capSaved')) });
  };
  return (
    <ActionDialog
      title={t(number === undefined ? 'capDialog.titleDraw' : 'capDialog.titleNumber')}
      testId="lt-cap-dialog"
      size="sm"
      onClose={onClose}
      action={<Button onClick={submit} disabled={setCap.isPending || blocked} data-testid="lt-cap-submit">{t('capDialog.submit')}</Button>}
    >
      <div className="lt-form">
        {number !== undefined ? <TextField label={t('capDialog.number')} value={which} maxLength={16} disabled={number !== ''} error={numberError} onChange={(e) => setWhich(e.target.value)} data-testid="lt-cap-which" /> : null}
        <TextField label={t('capDialog.cap')} inputMode="decimal" value={amount} maxLength={18} hint={t('capDialog.capHint')} error={amountError} onChange={(e) => setAmount(e.target.value)} data-testid="lt-cap-amount" />
        {setCap.error ? <p className="bo-error" role="alert" data-testid="lt-cap-error">{errorText(setCap.error)}</p> : null}
      </div>
    </ActionDialog>
  );
}
