import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACCARAT_SPOTS, LIVE_BETTING_SECONDS_MAX, LIVE_BETTING_SECONDS_MIN, ROULETTE_BET_TYPES, type LiveAdminTable } from '@app/contracts';
import { Button, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { useChangeTable } from './live.api.ts';
import { newRequestId, parseAmount, useLiveErrorText, useTableName } from './live-text.ts';

/** An amount as the operator types it in the console's language: "5000.00" (EN) / "5000,00" (PT); parseAmount reads both. */
const asText = (amount: string | undefined, language: string) => (amount === undefined ? '' : language.startsWith('pt') ? amount.replace('.', ',') : amount);
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * A table's limits per bet type (every type of its game; an empty row is not offered), the most
 * one player may stake in a round and the betting window, with a reason. The server checks the
 * same rules again (0 < min ≤ max, round max ≥ every max).
 */
export function LimitsDialog({ table, onClose, onDone }: { table: LiveAdminTable; onClose: () => void; onDone: (notice: string) => void }) {
  const { t, i18n } = useTranslation('admin-live');
  const { t: admin } = useTranslation('admin');
  const tableName = useTableName();
  const errorText = useLiveErrorText();
  const change = useChangeTable();
  const [requestId] = useState(newRequestId);
  const types: readonly string[] = table.game === 'baccarat' ? BACCARAT_SPOTS : ROULETTE_BET_TYPES;
  const [rows, setRows] = useState(() => Object.fromEntries(types.map((type) => [type, { min: asText(table.limits.perType[type]?.min, i18n.language), max: asText(table.limits.perType[type]?.max, i18n.language) }])));
  const [roundMax, setRoundMax] = useState(() => asText(table.limits.roundMax, i18n.language));
  const [seconds, setSeconds] = useState(String(table.bettingSeconds));
  const [reason, setReason] = useState('');

  const invalid = t('tables.dialog.amountInvalid');
  const checked = types.map((type) => {
    const row = rows[type]!;
    if (row.min.trim() === '' && row.max.trim() === '') return { type, skip: true as const };
    const min = parseAmount(row.min);
    const max = parseAmount(row.max);
    const minError = min === undefined || cents(min) <= 0 ? invalid : undefined;
    const maxError = max === undefined || cents(max) <= 0 ? invalid : min !== undefined && cents(max) < cents(min) ? t('tables.dialog.minAboveMax') : undefined;
    return { type, skip: false as const, min, max, minError, maxError };
  });
  const offered = checked.filter((row) => !row.skip);
  const roundAmount = parseAmount(roundMax);
  const largest = Math.max(0, ...offered.map((row) => (row.skip || row.max === undefined ? 0 : cents(row.max))));
  const roundError = roundAmount === undefined || cents(roundAmount) <= 0 ? invalid : cents(roundAmount) < largest ? t('tables.dialog.roundMaxHint') : undefined;
  const secondsValue = /^\d{1,3}$/.test(seconds.trim()) ? Number(seconds.trim()) : NaN;
  const secondsError = secondsValue >= LIVE_BETTING_SECONDS_MIN && secondsValue <= LIVE_BETTING_SECONDS_MAX ? undefined : t('tables.dialog.secondsInvalid', { min: LIVE_BETTING_SECONDS_MIN, max: LIVE_BETTING_SECONDS_MAX });
  const hasError = offered.length === 0 || offered.some((row) => !row.skip && (row.minError || row.maxError)) || roundError !== undefined || secondsError !== undefined || reason.trim() === '';

  const submit = () => {
    if (hasError || roundAmount === undefined) return;
    const perType = Object.fromEntries(offered.map((row) => [row.type, { min: row.skip ? '' : row.min!, max: row.skip ? '' : row.max! }]));
    change.mutate({ code: table.code, body: { requestId, reason: reason.trim(), limits: { perType, roundMax: roundAmount }, bettingSeconds: secondsValue } }, { onSuccess: () => onDone(t('tables.saved', { table: tableName(table) })) });
  };
  const setRow = (type: string, field: 'min' | 'max', value: string) => setRows((current) => ({ ...current, [type]: { ...current[type]!, [field]: value } }));
  return (
    <ActionDialog
      title={t('tables.dialog.title', { table: tableName(table) })}
      testId="lv-limits-dialog"
      onClose={onClose}
      action={<Button onClick={submit} disabled={change.isPending || hasError} data-testid="lv-limits-submit">{t('tables.dialog.submit')}</Button>}
    >
      <div className="lv-form">
        <div className="lv-limit-grid">
          <div className="lv-limit-row lv-limit-row--head" aria-hidden="true">
            <span>{t('tables.dialog.betType')}</span>
            <span>{t('tables.dialog.min')}</span>
            <span>{t('tables.dialog.max')}</span>
          </div>
          {checked.map((row) => (
            <div className="lv-limit-row" key={row.type}>
              <strong>{t(`betType.${row.type as 'player'}`)}</strong>
              <TextField className="lv-limit-field" label={`${t(`betType.${row.type as 'player'}`)}: ${t('tables.dialog.min')}`} inputMode="decimal" maxLength={16} value={rows[row.type]!.min} error={row.skip ? undefined : row.minError} onChange={(e) => setRow(row.type, 'min', e.target.value)} data-testid={`lv-limit-min-${row.type}`} />
              <TextField className="lv-limit-field" label={`${t(`betType.${row.type as 'player'}`)}: ${t('tables.dialog.max')}`} inputMode="decimal" maxLength={16} value={rows[row.type]!.max} error={row.skip ? undefined : row.maxError} onChange={(e) => setRow(row.type, 'max', e.target.value)} data-testid={`lv-limit-max-${row.type}`} />
            </div>
          ))}
        </div>
        <TextField label={t('tables.dialog.roundMax')} inputMode="decimal" maxLength={16} value={roundMax} hint={t('tables.dialog.roundMaxHint')} error={roundError} onChange={(e) => setRoundMax(e.target.value)} data-testid="lv-limit-round-max" />
        <TextField label={t('tables.dialog.bettingSeconds')} inputMode="numeric" maxLength={3} value={seconds} hint={t('tables.dialog.bettingHint', { min: LIVE_BETTING_SECONDS_MIN, max: LIVE_BETTING_SECONDS_MAX })} error={secondsError} onChange={(e) => setSeconds(e.target.value)} data-testid="lv-limit-seconds" />
        <TextBox label={admin('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={2} testId="lv-limits-reason" className="" />
        {change.error ? <p className="bo-error" role="alert" data-testid="lv-limits-error">{errorText(change.error)}</p> : null}
      </div>
    </ActionDialog>
  );
}
