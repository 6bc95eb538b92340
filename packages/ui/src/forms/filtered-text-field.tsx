import type { ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from '../primitives/text-field.tsx';

/** The part of what `form.register(name)` returns that filtering needs (structurally, as in form-pieces). */
export interface ChangeRegistration {
  onChange: (event: ChangeEvent<HTMLInputElement>) => unknown;
}

export interface FilteredTextFieldProps extends TextFieldProps {
  /** What `form.register(name, rules)` returns: name, onChange, onBlur and ref, spread on the input. */
  registration: ChangeRegistration;
  /** What the input may hold, applied to every keystroke (e.g. digits only). */
  keep: (typed: string) => string;
}

/**
 * A TextField bound to react-hook-form whose input only ever holds what `keep` lets through:
 * the value the user sees is the value the form checks and sends.
 */
export function FilteredTextField({ registration, keep, ...rest }: FilteredTextFieldProps) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // The registered input is uncontrolled: the form reads the DOM value, so it is filtered there
    // (written back only when something was dropped, so the caret stays put while typing).
    const kept = keep(event.target.value);
    if (kept !== event.target.value) event.target.value = kept;
    return registration.onChange(event);
  };
  return <TextField {...rest} {...registration} onChange={(event) => void onChange(event)} />;
}

/** Digits and the decimal separators a Brazilian or English amount is typed with ("12,50", "12.50"). */
export function keepAmountCharacters(typed: string): string {
  return typed.replace(/[^\d.,]/g, '');
}

/** Digits only, at most `length` of them (a PIN, a payment password). */
export function keepDigits(length: number): (typed: string) => string {
  return (typed) => typed.replace(/\D/g, '').slice(0, length);
}
