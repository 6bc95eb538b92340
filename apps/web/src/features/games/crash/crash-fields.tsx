import { useTranslation } from 'react-i18next';
import type { CrashState } from '@app/contracts';
import { MiniField, StakeField } from '../mini/mini-field.tsx';
import { useCrashFormat } from './crash-format.ts';
import type { CrashBetControl } from './use-crash-bet.ts';

type Limits = CrashState['limits'];

/** The stake: typed in either notation, halved or doubled inside the limits, checked as typed. */
export function CrashAmountField({ control, limits, disabled }: { control: CrashBetControl; limits: Limits; disabled: boolean }) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  const issue = control.amountIssue;
  const message =
    issue === 'min' ? t('crash.bet.amountMin', { amount: format.money(limits.minBet) }) : issue === 'max' ? t('crash.bet.amountMax', { amount: format.money(limits.maxBet) }) : issue === 'invalid' ? t('crash.bet.amountInvalid') : null;
  return (
    <StakeField
      id="crash-amount"
      stake={control}
      labels={{ field: t('crash.bet.amount'), half: t('crash.bet.half'), double: t('crash.bet.double') }}
      disabled={disabled}
      error={message}
    />
  );
}

/** The automatic cash-out target: empty means the member cashes out by hand. */
export function CrashAutoField({ control, limits, disabled }: { control: CrashBetControl; limits: Limits; disabled: boolean }) {
  const { t } = useTranslation('games');
  const format = useCrashFormat();
  const issue = control.autoIssue;
  const range = { min: format.multiplierText(limits.minAutoCashOut), max: format.multiplierText(limits.maxMultiplier) };
  const message = issue === 'invalid' ? t('crash.bet.autoInvalid') : issue ? t('crash.bet.autoRange', range) : null;
  return (
    <MiniField
      id="crash-auto"
      testId="crash-auto"
      label={t('crash.bet.auto')}
      inputClassName="crash-auto__input"
      placeholder={t('crash.bet.autoOff')}
      suffix="×"
      value={control.autoText}
      onValueChange={control.setAutoText}
      disabled={disabled}
      error={message}
      hint={t('crash.bet.autoHint', range)}
    />
  );
}
