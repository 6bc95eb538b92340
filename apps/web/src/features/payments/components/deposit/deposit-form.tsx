import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Chips, FormAlert, SubmitButton, TextField } from '@app/ui';
import type { DepositOptions } from '@app/contracts';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { currentLanguage } from '../../../../shared/i18n.ts';
import type { WalletFormat } from '../../../wallet/index.ts';
import { checkAmount, isSameAmount, toInputAmount } from '../../amount.ts';
import { useAmountMessage } from '../../hooks/use-amount-message.ts';

interface DepositFormProps {
  options: DepositOptions;
  format: WalletFormat;
  titleId: string;
  /** Called with a valid amount ("12.5"); the panel sends it once per intent. */
  onSubmit: (amount: string) => void;
  /** The amount was refused here: the server's last answer no longer applies. */
  onInvalid: () => void;
  isPending: boolean;
  error: unknown;
}

/** Presets and a free amount, checked against the limits before anything is sent. */
export function DepositForm({ options, format, titleId, onSubmit, onInvalid, isPending, error }: DepositFormProps) {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  const errorMessage = useErrorMessage();
  const amountMessage = useAmountMessage(format);
  // The limits come from the server's deposit options at run time, so the amount is checked by
  // checkAmount (the same rule the panel always used) rather than by a fixed schema.
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' }, reValidateMode: 'onSubmit' });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const decimalSeparator = currentLanguage(i18n) === 'pt' ? ',' : '.';
  const selectedPreset = options.presets.find((preset) => isSameAmount(amount, preset)) ?? null;

  const submit = form.handleSubmit(
    ({ amount }) => {
      const check = checkAmount(amount, options);
      if (!isPending && check.ok) onSubmit(check.amount);
    },
    () => onInvalid(),
  );
  const validateAmount = (value: string) => {
    const check = checkAmount(value, options);
    return check.ok || amountMessage(check.problem, options);
  };

  return (
    <form className="payments-form" onSubmit={(event) => void submit(event)} noValidate data-testid="deposit-form">
      <h3 id={titleId} className="wallet-card__title">
        {t('payments:deposit.formTitle')}
      </h3>
      <p className="wallet-card__hint">{t('payments:deposit.formHint')}</p>
      {options.presets.length > 0 ? (
        <Chips
          label={t('payments:deposit.presetsLabel')}
          value={selectedPreset}
          onChange={(preset) => {
            form.setValue('amount', toInputAmount(preset, decimalSeparator));
            form.clearErrors('amount');
          }}
          items={options.presets.map((preset) => ({ id: preset, label: format.money(preset), testId: 'deposit-preset' }))}
        />
      ) : null}
      <Controller
        control={form.control}
        name="amount"
        rules={{ validate: validateAmount }}
        render={({ field, fieldState }) => (
          <TextField
            id="deposit-amount"
            label={t('payments:deposit.amount')}
            requiredMark
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('payments:common.amountPlaceholder')}
            name={field.name}
            onBlur={field.onBlur}
            value={field.value}
            // Only digits and separators reach the value: what the player sees is what is checked.
            onChange={(event) => field.onChange(event.target.value.replace(/[^\d.,]/g, ''))}
            error={fieldState.error?.message ?? null}
            // One testid for "why this deposit cannot go", here or from the server: only one shows at a time.
            errorTestId="deposit-error"
            hint={<span data-testid="deposit-limits">{t('payments:common.limits', { min: format.money(options.min), max: format.money(options.max) })}</span>}
            data-testid="deposit-amount"
          />
        )}
      />
      <FormAlert message={error ? errorMessage(error) : null} data-testid="deposit-error" />
      <SubmitButton variant="accent" block pending={isPending} pendingLabel={t('payments:deposit.submitting')} data-testid="deposit-submit">
        {t('payments:deposit.submit')}
      </SubmitButton>
    </form>
  );
}
