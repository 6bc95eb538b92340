import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTTERY_ODDS_MAX, LOTTERY_ODDS_MIN, type LotteryAdminOddsRow } from '@app/contracts';
import { Button, Checkbox, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { useUpdateOdds } from './lottery.api.ts';
import { newRequestId, oddsText, parseOdds, useLotteryErrorText, useLotteryText } from './lottery-text.ts';

/** One odds table: a value per prize key (the keys stay), and whether the bet type is offered. */
export function OddsDialog({ table, gameName, onClose, onDone }: { table: LotteryAdminOddsRow; gameName: string; onClose: () => void; onDone: (notice: string) => void }) {
  const { t, i18n } = useTranslation('admin-lottery');
  const { betTypeName, prizeKeyName } = useLotteryText();
  const errorText = useLotteryErrorText();
  const update = useUpdateOdds();
  const [requestId] = useState(newRequestId);
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(table.odds).map(([key, value]) => [key, oddsText(value, i18n.language)])));
  const [enabled, setEnabled] = useState(table.enabled);
  const values = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, parseOdds(text)]));
  const invalid = (key: string) => {
    const value = values[key];
    return value === undefined || value < LOTTERY_ODDS_MIN || value > LOTTERY_ODDS_MAX;
  };
  const anyInvalid = Object.keys(texts).some(invalid);
  const names = { betType: betTypeName(table.betType), game: gameName, mode: table.prizeMode };
  const submit = () => {
    if (anyInvalid) return;
    update.mutate(
      { gameCode: table.gameCode, prizeMode: table.prizeMode, betType: table.betType, body: { requestId, odds: values as Record<string, number>, enabled } },
      { onSuccess: () => onDone(t('odds.saved', names)) },
    );
  };
  return (
    <ActionDialog
      title={t('odds.dialog.title', names)}
      testId="lt-odds-dialog"
      size="lg"
      onClose={onClose}
      action={<Button onClick={submit} disabled={update.isPending || anyInvalid} data-testid="lt-odds-submit">{t('odds.dialog.submit')}</Button>}
    >
      <p className="bo-muted lt-small">{t('odds.dialog.explain')}</p>
      <Checkbox label={t('odds.dialog.enabled')} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="lt-odds-enabled" />
      <div className="lt-odds-grid">
        {Object.keys(texts).map((key) => (
          <TextField key={key} label={prizeKeyName(key)} inputMode="decimal" value={texts[key]} maxLength={16} error={invalid(key) ? ' ' : undefined} onChange={(e) => setTexts({ ...texts, [key]: e.target.value })} data-testid={`lt-odds-input-${key}`} />
        ))}
      </div>
      {anyInvalid ? <p className="bo-error" role="alert" data-testid="lt-odds-invalid">{t('odds.dialog.invalid')}</p> : null}
      {update.error ? <p className="bo-error" role="alert" data-testid="lt-odds-error">{errorText(update.error)}</p> : null}
    </ActionDialog>
  );
}
