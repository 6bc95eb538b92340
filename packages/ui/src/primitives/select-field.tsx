import { useId, type SelectHTMLAttributes } from 'react';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectFieldProps<T extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onValueChange: (value: T) => void;
  'data-testid'?: string;
}

/**
 * A labelled native select, styled like TextField. Native on purpose: phones open their own
 * picker, which beats any custom list for long option sets and for accessibility.
 */
export function SelectField<T extends string>({ label, id, className, value, options, onValueChange, ...rest }: SelectFieldProps<T>) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={['ui-field', className ?? ''].join(' ').trim()}>
      <label className="ui-field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="ui-field__input ui-select"
        value={value}
        // The options are the caller's T values, so the selected value is one of them.
        onChange={(event) => onValueChange(event.target.value as T)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
