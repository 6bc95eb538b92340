import type { ReactNode } from 'react';

export interface TextBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  testId: string;
  rows?: number;
  /** Code-like text (HTML, IP lists): a monospace font and, unless told, no spell check. */
  mono?: boolean;
  maxLength?: number;
  spellCheck?: boolean;
  /** The area's own textarea class (its height); `<className>--mono` is added for mono. */
  className: string;
}

/** A labelled multi-line text box drawn like @app/ui's TextField. */
export function TextBox({ label, value, onChange, error, hint, testId, rows = 4, mono, maxLength, spellCheck = !mono, className }: TextBoxProps) {
  const id = `${testId}-input`;
  return (
    <div className={`ui-field${error ? ' ui-field--invalid' : ''}`}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`ui-field__input ${className}${mono ? ` ${className}--mono` : ''}`}
        value={value}
        rows={rows}
        maxLength={maxLength}
        spellCheck={spellCheck}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
        data-testid={testId}
      />
      {error ? (
        <p className="ui-field__error" id={`${id}-message`} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="ui-field__hint" id={`${id}-message`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
