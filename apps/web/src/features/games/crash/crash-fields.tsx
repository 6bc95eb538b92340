import { useTranslation } from 'react-i18next';
import type { CrashState } from '@app/contracts';
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
    <div className={`mini-field${message ? ' is-invalid' : ''}`}>
      <label className="mini-label" htmlFor="crash-amount">
        {t('crash.bet.amount')}
      </label>
      <div className="mini-amount">
        <span className="mini-amount__prefix" aria-hidden="true">
          R$
        </span>
        <input
          id="crash-amount"
          className="mini-input"
          inputMode="decimal"
          autoComplete="off"
          value={control.amountText}
          onChange={(event) => control.setAmountText(event.target.value)}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'crash-amount-message' : undefined}
          data-testid="crash-amount"
        />
        <button type="button" className="mini-chip-button" onClick={control.halve} disabled={disabled} aria-label={t('crash.bet.half')} title={t('crash.bet.half')} data-testid="crash-amount-half">
          ½
        </button>
        <button type="button" className="mini-chip-button" onClick={control.double} disabled={disabled} aria-label={t('crash.bet.double')} title={t('crash.bet.double')} data-testid="crash-amount-double">
          2×
        </button>
      </div>
      {message ? (
        <p className="mini-field__error" id="crash-amount-message" role="alert" data-testid="crash-amount-error">
          {message}
        </p>
      ) : null}
    </div>
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
    <div className={`mini-field${message ? ' is-invalid' : ''}`}>
      <label className="mini-label" htmlFor="crash-auto">
        {t('crash.bet.auto')}
      </label>
      <div className="mini-amount">
        <input
          id="crash-auto"
          className="mini-input crash-auto__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('crash.bet.autoOff')}
          value={control.autoText}
          onChange={(event) => control.setAutoText(event.target.value)}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby="crash-auto-message"
          data-testid="crash-auto"
        />
        <span className="mini-amount__suffix" aria-hidden="true">
          ×
        </span>
      </div>
      {message ? (
        <p className="mini-field__error" id="crash-auto-message" role="alert" data-testid="crash-auto-error">
          {message}
        </p>
      ) : (
        <p className="mini-field__hint" id="crash-auto-message">
          {t('crash.bet.autoHint', range)}
        </p>
      )}
    </div>
  );
}
