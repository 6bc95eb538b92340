import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** May hold a link (terms), so it is a node rather than a string. */
  label: ReactNode;
  error?: string | null;
  errorTestId?: string;
  'data-testid'?: string;
}

export function Checkbox({ label, id, error, errorTestId, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <div className={['ui-checkbox', className ?? ''].join(' ').trim()}>
      <div className="ui-checkbox__row">
        <input
          id={inputId}
          type="checkbox"
          className="ui-checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          {...rest}
        />
        <label className="ui-checkbox__label" htmlFor={inputId}>
          {label}
        </label>
      </div>
      {error ? (
        <p className="ui-field__error" id={messageId} data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
