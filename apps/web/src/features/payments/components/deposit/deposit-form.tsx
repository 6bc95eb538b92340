import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Chips, TextField } from '@app/ui';
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
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decimalSeparator = currentLanguage(i18n) === 'pt' ? ',' : '.';
  const selectedPreset = options.presets.find((preset) => isSameAmount(amount, preset)) ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    const check = checkAmount(amount, options);
    if (!check.ok) {
      setProblem(amountMessage(check.problem, options));
      onInvalid();
      return;
    }
    setProblem(null);
    onSubmit(check.amount);
  };

  return (
    <form className="payments-form" onSubmit={submit} noValidate data-testid="deposit-form">
      <h3 id={titleId} className="wallet-card__title">
        {t('payments:deposit.formTitle')}
      </h3>
      <p className="wallet-card__hint">{t('payments:deposit.formHint')}</p>
      {options.presets.length > 0 ? (
        <Chips
          label={t('payments:deposit.presetsLabel')}
          value={selectedPreset}
          onChange={(preset) => {
            setAmount(toInputAmount(preset, decimalSeparator));
            setProblem(null);
          }}
          items={options.presets.map((preset) => ({ id: preset, label: format.money(preset), testId: 'deposit-preset' }))}
        />
      ) : null}
      <TextField
        id="deposit-amount"
        label={t('payments:deposit.amount')}
        requiredMark
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('payments:common.amountPlaceholder')}
        value={amount}
        onChange={(event) => setAmount(event.target.value.replace(/[^\d.,]/g, ''))}
        error={problem}
        // One testid for "why this deposit cannot go", here or from the server: only one shows at a time.
        errorTestId="deposit-error"
        hint={<span data-testid="deposit-limits">{t('payments:common.limits', { min: format.money(options.min), max: format.money(options.max) })}</span>}
        data-testid="deposit-amount"
      />
      {error ? <Alert data-testid="deposit-error">{errorMessage(error)}</Alert> : null}
      <Button type="submit" variant="accent" block disabled={isPending} aria-busy={isPending} data-testid="deposit-submit">
        {isPending ? t('payments:deposit.submitting') : t('payments:deposit.submit')}
      </Button>
    </form>
  );
}
