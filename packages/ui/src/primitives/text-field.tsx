import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  'data-testid'?: string;
  /** Already translated message shown under the input (and announced with it). */
  error?: string | null;
  errorTestId?: string;
  /** Shows the usual "*" after the label; the input's own `required` stays the caller's choice. */
  requiredMark?: boolean;
  /** Help text under the input, when there is no error to show. */
  hint?: ReactNode;
  /** A control beside the input, such as a "send code" button. */
  trailing?: ReactNode;
}

export function TextField({ label, id, className, error, errorTestId, requiredMark, hint, trailing, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  const hasMessage = Boolean(error) || Boolean(hint);
  const input = (
    <input
      id={inputId}
      className="ui-field__input"
      aria-invalid={error ? true : undefined}
      aria-describedby={hasMessage ? messageId : undefined}
      {...rest}
    />
  );
  return (
    <div className={['ui-field', error ? 'ui-field--invalid' : '', className ?? ''].join(' ').trim()}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
        {requiredMark ? (
          <span className="ui-field__required" aria-hidden="true">
            {' '}*
          </span>
        ) : null}
      </label>
      {trailing ? (
        <div className="ui-field__row">
          {input}
          {trailing}
        </div>
      ) : (
        input
      )}
      {error ? (
        <p className="ui-field__error" id={messageId} data-testid={errorTestId}>
          {error}
        </p>
      ) : hint ? (
        <p className="ui-field__hint" id={messageId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
