import { useTranslation } from 'react-i18next';
import type { Settings } from '@app/contracts';
import { TextField } from '@app/ui';
import { formatMoney } from '../../shared/format.ts';
import { listError, reais } from './fields.tsx';
import { SettingCard } from './setting-card.tsx';
import { SettingsLayout } from './settings-layout.tsx';

interface LimitsDraft {
  presets: string;
  depositMin: string;
  depositMax: string;
  expiresInMinutes: string;
  maxPending: string;
  withdrawalMin: string;
  withdrawalMax: string;
  autoApproveUpTo: string;
  receiptTimeoutMinutes: string;
  kycRequiredAbove: string;
}

const fromValue = (value: Settings['payments']): LimitsDraft => ({
  presets: value.deposit.presets.join('; '),
  depositMin: value.deposit.min,
  depositMax: value.deposit.max,
  expiresInMinutes: String(value.deposit.expiresInMinutes),
  maxPending: String(value.deposit.maxPending),
  withdrawalMin: value.withdrawal.min,
  withdrawalMax: value.withdrawal.max,
  autoApproveUpTo: value.withdrawal.autoApproveUpTo,
  receiptTimeoutMinutes: String(value.withdrawal.receiptTimeoutMinutes),
  kycRequiredAbove: value.withdrawal.kycRequiredAbove,
});

const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const toValue = (draft: LimitsDraft) => ({
  deposit: { presets: draft.presets.split(/[\s;]+/).filter(Boolean).map(reais), min: reais(draft.depositMin), max: reais(draft.depositMax), expiresInMinutes: whole(draft.expiresInMinutes), maxPending: whole(draft.maxPending) },
  withdrawal: { min: reais(draft.withdrawalMin), max: reais(draft.withdrawalMax), autoApproveUpTo: reais(draft.autoApproveUpTo), receiptTimeoutMinutes: whole(draft.receiptTimeoutMinutes), kycRequiredAbove: reais(draft.kycRequiredAbove) },
});

/** Deposit and withdrawal limits, the auto-approval threshold and the payment timers (settings.manage): proposed, applied when another operator approves. */
export default function LimitsSettingsPage() {
  const { t, i18n } = useTranslation('admin-settings');
  const money = (text: string) => {
    const value = reais(text);
    return /^\d{1,12}\.\d{2}$/.test(value) ? formatMoney(value, i18n.language) : null;
  };
  const isAmount = (text: string) => /^\d{1,12}\.\d{2}$/.test(reais(text));
  const formatText = (path: string, draft: LimitsDraft) => {
    const pair = path === 'deposit.min' ? [draft.depositMin, draft.depositMax] : path === 'withdrawal.min' ? [draft.withdrawalMin, draft.withdrawalMax] : null;
    if (pair && pair.every(isAmount)) return t('formats.minAboveMaxAmount');
    return /(min|max|autoApproveUpTo|presets\.\d+)$/.test(path) ? t('formats.amount') : undefined;
  };
  return (
    <SettingsLayout page="limits">
      {(settings) =>
        settings.payments ? (
          <SettingCard settingKey="payments" value={settings.payments} fromValue={fromValue} toValue={toValue} formatText={formatText} proposal={{ url: '/api/backoffice/settings/payments/proposal', kind: 'system.payment_limits' }}>
            {({ draft, setDraft, errors }) => {
              const amount = (key: keyof LimitsDraft, path: string, label: string, hint?: string) => (
                <TextField
                  label={label}
                  inputMode="decimal"
                  value={draft[key]}
                  onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
                  error={errors[path]}
                  errorTestId={`settings-limits-${key}-error`}
                  hint={hint ?? money(draft[key]) ?? undefined}
                  maxLength={16}
                  data-testid={`settings-limits-${key}`}
                />
              );
              const minutes = (key: keyof LimitsDraft, path: string, label: string, hint: string) => (
                <TextField label={label} type="number" inputMode="numeric" min={1} value={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} error={errors[path]} errorTestId={`settings-limits-${key}-error`} hint={hint} data-testid={`settings-limits-${key}`} />
              );
              return (
                <>
                  <h3 className="st-subtitle">{t('limits.deposits')}</h3>
                  <div className="st-grid">
                    {amount('depositMin', 'deposit.min', t('limits.min'))}
                    {amount('depositMax', 'deposit.max', t('limits.max'))}
                    {minutes('expiresInMinutes', 'deposit.expiresInMinutes', t('limits.expiresInMinutes'), t('limits.expiresHint'))}
                    {minutes('maxPending', 'deposit.maxPending', t('limits.maxPending'), t('limits.maxPendingHint'))}
                  </div>
                  <TextField
                    label={t('limits.presets')}
                    value={draft.presets}
                    onChange={(event) => setDraft({ ...draft, presets: event.target.value })}
                    error={listError(errors, 'deposit.presets', t)}
                    hint={t('limits.presetsHint')}
                    maxLength={300}
                    data-testid="settings-limits-presets"
                  />
                  <h3 className="st-subtitle">{t('limits.withdrawals')}</h3>
                  <div className="st-grid">
                    {amount('withdrawalMin', 'withdrawal.min', t('limits.min'))}
                    {amount('withdrawalMax', 'withdrawal.max', t('limits.max'))}
                    {amount('autoApproveUpTo', 'withdrawal.autoApproveUpTo', t('limits.autoApproveUpTo'), reais(draft.autoApproveUpTo) === '0.00' ? t('limits.autoApproveOff') : t('limits.autoApproveHint', { amount: money(draft.autoApproveUpTo) ?? draft.autoApproveUpTo }))}
                    {minutes('receiptTimeoutMinutes', 'withdrawal.receiptTimeoutMinutes', t('limits.receiptTimeoutMinutes'), t('limits.receiptHint'))}
                    {amount('kycRequiredAbove', 'withdrawal.kycRequiredAbove', t('limits.kycRequiredAbove'), t('limits.kycRequiredHint', { amount: money(draft.kycRequiredAbove) ?? draft.kycRequiredAbove }))}
                  </div>
                </>
              );
            }}
          </SettingCard>
        ) : null
      }
    </SettingsLayout>
  );
}
