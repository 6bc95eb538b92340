import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTTERY_CLOSE_BEFORE_MAX_SECONDS, type LotteryAdminGame } from '@app/contracts';
import { Button, Checkbox, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { useUpdateGame } from './lottery.api.ts';
import { newRequestId, parseAmount, useGameName, useLotteryErrorText } from './lottery-text.ts';

/** One game's switch, close-before (seconds) and default payout cap per number. */
export function GameDialog({ game, onClose, onDone }: { game: LotteryAdminGame; onClose: () => void; onDone: (notice: string) => void }) {
  const { t } = useTranslation('admin-lottery');
  const { t: errors } = useTranslation('errors');
  const gameName = useGameName();
  const errorText = useLotteryErrorText();
  const update = useUpdateGame();
  const [requestId] = useState(newRequestId);
  const [enabled, setEnabled] = useState(game.enabled);
  const [closeBefore, setCloseBefore] = useState(String(game.closeBeforeSeconds));
  const [cap, setCap] = useState(game.numberLiability);
  const seconds = /^\d{1,6}$/.test(closeBefore.trim()) ? Number(closeBefore.trim()) : undefined;
  const closeError = seconds === undefined || seconds > LOTTERY_CLOSE_BEFORE_MAX_SECONDS ? errors('lottery_console.close_before_invalid') : undefined;
  const capAmount = parseAmount(cap);
  const capError = capAmount === undefined || Number(capAmount) <= 0 ? errors('lottery_console.amount_invalid') : undefined;
  const submit = () => {
    if (closeError || capError || seconds === undefined || capAmount === undefined) return;
    update.mutate({ code: game.code, body: { requestId, enabled, closeBeforeSeconds: seconds, numberLiability: capAmount } }, { onSuccess: () => onDone(t('games.saved', { game: gameName(game) })) });
  };
  return (
    <ActionDialog
      title={t('games.dialog.title', { game: gameName(game) })}
      testId="lt-game-dialog"
      onClose={onClose}
      action={<Button onClick={submit} disabled={update.isPending || closeError !== undefined || capError !== undefined} data-testid="lt-game-submit">{t('games.dialog.submit')}</Button>}
    >
      <div className="lt-form">
        <Checkbox label={t('games.dialog.enabled')} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="lt-game-enabled" />
        <TextField label={t('games.dialog.closeBefore')} inputMode="numeric" value={closeBefore} maxLength={6} hint={t('games.dialog.closeBeforeHint')} error={closeError} onChange={(e) => setCloseBefore(e.target.value)} data-testid="lt-game-close-before" />
        <TextField label={t('games.dialog.cap')} inputMode="decimal" value={cap} maxLength={18} hint={t('games.dialog.capHint')} error={capError} onChange={(e) => setCap(e.target.value)} data-testid="lt-game-cap" />
        {update.error ? <p className="bo-error" role="alert" data-testid="lt-game-error">{errorText(update.error)}</p> : null}
      </div>
    </ActionDialog>
  );
}
