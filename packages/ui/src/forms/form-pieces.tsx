/**
 * Form pieces shared by the player site and the console, for forms on react-hook-form.
 * packages/ui depends on React only, so these take react-hook-form's values structurally
 * (a `register()` result, a `FieldError`, `formState.isSubmitting` or a mutation's isPending)
 * rather than importing the library.
 *
 * Usage:
 *   const form = useForm<Body>({ resolver: zodResolver(BodySchema), defaultValues });
 *   const validation = useValidationMessage(); // the app's translator of zod messages
 *   <form onSubmit={form.handleSubmit(send)} noValidate>
 *     <FormField label={t('x')} registration={form.register('x')}
 *       error={form.formState.errors.x} translateError={validation} errorTestId="field-error-x" />
 *     <FormAlert message={serverError} data-testid="x-error" />
 *     <SubmitButton pending={mutation.isPending} pendingLabel={t('sending')}>{t('send')}</SubmitButton>
 *   </form>
 */
import type { ReactNode } from 'react';
import { Alert, type AlertProps } from '../primitives/alert.tsx';
import { Button, type ButtonProps } from '../primitives/button.tsx';
import { TextField, type TextFieldProps } from '../primitives/text-field.tsx';

/** The part of react-hook-form's FieldError a field shows: zod puts its message (a key) here. */
export interface FieldErrorLike {
  message?: string;
}

export interface FormFieldProps extends Omit<TextFieldProps, 'error'> {
  /** What `form.register(name)` returns: name, onChange, onBlur and ref, spread on the input. */
  registration: object;
  error?: FieldErrorLike | null;
  /** Turns the schema's message (an i18n key or code) into the text shown to the user. */
  translateError: (message: string) => string;
}

/** A TextField bound to react-hook-form: label, input, translated error, aria-invalid/describedby. */
export function FormField({ registration, error, translateError, ...rest }: FormFieldProps) {
  const text = error ? translateError(error.message ?? '') : null;
  return <TextField {...rest} {...registration} error={text} />;
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** True while the request is on its way: the button is disabled so a double click sends once. */
  pending: boolean;
  /** Shown instead of the children while pending ("Sending…"). */
  pendingLabel?: ReactNode;
}

export function SubmitButton({ pending, pendingLabel, disabled, children, ...rest }: SubmitButtonProps) {
  return (
    <Button {...rest} type="submit" disabled={pending || disabled} aria-busy={pending}>
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}

export interface FormAlertProps extends Omit<AlertProps, 'children'> {
  /** An already translated form-level message (a server refusal); nothing is drawn without one. */
  message?: string | null;
}

export function FormAlert({ message, ...rest }: FormAlertProps) {
  return message ? <Alert {...rest}>{message}</Alert> : null;
}
