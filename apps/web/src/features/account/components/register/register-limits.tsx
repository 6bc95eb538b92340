import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@app/ui';
import { RegistrationLimitsSchema, type MoneyLimitPeriod, type RegistrationLimits } from '@app/contracts';

/** The form's choice of limits (issue 27): the regulation asks loss and time limits at sign-up; "none" is an explicit choice. */
export interface RegisterLimitsChoice {
  lossPeriod: MoneyLimitPeriod | 'none';
  lossAmount: string;
  sessionMinutes: string;
}

/** Suggested: R$ 500 of net loss a week and two hours a session (the member may change or refuse both). */
export const SUGGESTED_LIMITS: RegisterLimitsChoice = { lossPeriod: 'week', lossAmount: '500', sessionMinutes: '120' };
const SESSION_CHOICES = ['30', '60', '90', '120', '180', '240', 'none'] as const;

/** The request's limits, or undefined when the amount is not a valid limit. */
export function registrationLimitsOf(choice: RegisterLimitsChoice): RegistrationLimits | undefined {
  const parsed = RegistrationLimitsSchema.safeParse({
    loss: choice.lossPeriod === 'none' ? null : { period: choice.lossPeriod, amount: choice.lossAmount.trim().replace(',', '.') },
    sessionMinutes: choice.sessionMinutes === 'none' ? null : Number(choice.sessionMinutes),
  });
  return parsed.success ? parsed.data : undefined;
}

export function RegisterLimits({ value, onChange, error }: { value: RegisterLimitsChoice; onChange: (value: RegisterLimitsChoice) => void; error?: string }) {
  const { t } = useTranslation('account');
  const periods = (['day', 'week', 'month', 'none'] as const).map((period) => ({ value: period, label: period === 'none' ? t('limits.noLimit') : t(`limits.period.${period}`) }));
  return (
    <fieldset className="register-limits" data-testid="register-limits">
      <legend className="register-limits__title">{t('limits.register.title')}</legend>
      <p className="register-limits__warning" data-testid="register-risk-warning">
        <strong aria-hidden="true">18+ </strong>
        {t('limits.register.warning')}
      </p>
      <div className="register-limits__row">
        <SelectField label={t('limits.register.lossLabel')} value={value.lossPeriod} options={periods} onValueChange={(lossPeriod) => onChange({ ...value, lossPeriod })} data-testid="register-loss-period" />
        {value.lossPeriod !== 'none' ? (
          <TextField
            label={t('limits.register.lossAmount')}
            inputMode="decimal"
            maxLength={16}
            value={value.lossAmount}
            onChange={(event) => onChange({ ...value, lossAmount: event.target.value })}
            error={error}
            data-testid="register-loss-amount"
          />
        ) : null}
      </div>
      <SelectField
        label={t('limits.register.sessionLabel')}
        value={value.sessionMinutes}
        options={SESSION_CHOICES.map((minutes) => ({ value: minutes, label: minutes === 'none' ? t('limits.noLimit') : t('limits.minutes', { count: Number(minutes) }) }))}
        onValueChange={(sessionMinutes) => onChange({ ...value, sessionMinutes })}
        data-testid="register-session-minutes"
      />
    </fieldset>
  );
}
