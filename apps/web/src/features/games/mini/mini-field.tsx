import type { ReactNode, Ref } from 'react';

interface MiniFieldProps {
  /** The input's id; its message is `<id>-message`. */
  id: string;
  label: string;
  value: string;
  onValueChange: (text: string) => void;
  disabled: boolean;
  /** Already translated; a field with an error says it instead of the hint. */
  error: string | null;
  hint?: string;
  /** `<testId>` on the input, `<testId>-error` on the error. */
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
  inputClassName?: string;
  placeholder?: string;
  /** Shown before and after the typed figure inside the box ("R$", "×"). */
  prefix?: string;
  suffix?: string;
  /** Buttons at the end of the box (½ and 2×). */
  children?: ReactNode;
}

/** A figure typed in the game panels (stake, target, auto cash-out): label, the box, then its error or hint. */
export function MiniField({ id, label, value, onValueChange, disabled, error, hint, testId, inputRef, inputClassName, placeholder, prefix, suffix, children }: MiniFieldProps) {
  const messageId = `${id}-message`;
  // Described only while there is something to read under the box.
  const describedBy = error || hint ? messageId : undefined;
  return (
    <div className={`mini-field${error ? ' is-invalid' : ''}`}>
      <label className="mini-label" htmlFor={id}>
        {label}
      </label>
      <div className="mini-amount">
        {prefix ? (
          <span className="mini-amount__prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          ref={inputRef}
          id={id}
          className={inputClassName ? `mini-input ${inputClassName}` : 'mini-input'}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
        />
        {suffix ? (
          <span className="mini-amount__suffix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
        {children}
      </div>
      {error ? (
        <p className="mini-field__error" id={messageId} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="mini-field__hint" id={messageId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** What the stake box reads and drives; the mini games' stake and crash's bet control both hold it. */
export interface StakeControl {
  amountText: string;
  setAmountText: (text: string) => void;
  halve: () => void;
  double: () => void;
}

interface StakeFieldProps {
  /** The input's id and test id; the buttons are `<id>-half` and `<id>-double`. */
  id: string;
  stake: StakeControl;
  labels: { field: string; half: string; double: string };
  disabled: boolean;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** The stake in reais, halved or doubled by the buttons in its box (mini games and crash). */
export function StakeField({ id, stake, labels, disabled, error, inputRef }: StakeFieldProps) {
  return (
    <MiniField id={id} testId={id} label={labels.field} prefix="R$" value={stake.amountText} onValueChange={stake.setAmountText} disabled={disabled} error={error} inputRef={inputRef}>
      <button type="button" className="mini-chip-button" onClick={stake.halve} disabled={disabled} aria-label={labels.half} title={labels.half} data-testid={`${id}-half`}>
        ½
      </button>
      <button type="button" className="mini-chip-button" onClick={stake.double} disabled={disabled} aria-label={labels.double} title={labels.double} data-testid={`${id}-double`}>
        2×
      </button>
    </MiniField>
  );
}

export interface MiniChoice<Value extends string | number> {
  value: Value;
  label: string;
}

interface MiniSelectProps<Value extends string | number> {
  /** The select's id and test id. */
  id: string;
  label: string;
  value: Value;
  options: readonly MiniChoice<Value>[];
  onValueChange: (value: Value) => void;
  disabled: boolean;
}

/** A setting picked before the round (mines on the board, plinko's rows and risk). */
export function MiniSelect<Value extends string | number>({ id, label, value, options, onValueChange, disabled }: MiniSelectProps<Value>) {
  // The select speaks strings; the caller gets its own value back, number or word.
  const choose = (text: string) => {
    const chosen = options.find((option) => String(option.value) === text);
    if (chosen) onValueChange(chosen.value);
  };
  return (
    <div className="mini-field">
      <label className="mini-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="mini-input mini-select" value={value} onChange={(event) => choose(event.target.value)} disabled={disabled} data-testid={id}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
