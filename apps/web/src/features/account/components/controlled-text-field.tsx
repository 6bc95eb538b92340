import { Controller, type Control, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@app/ui';
import { useValidationMessage } from '../../../shared/error-message.ts';

/** Transformed: what the form's resolver hands to submit, when it differs from what is typed. */
type ControlledTextFieldProps<Values extends FieldValues, Transformed extends FieldValues = Values> = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'name'> & {
  control: Control<Values, unknown, Transformed>;
  field: Path<Values>;
  /** The input's own name attribute, when it differs from the form's field (e2e and autofill read it). */
  name?: string;
  /** What is kept of each keystroke or paste: the member sees what is checked. */
  keep?: (typed: string) => string;
};

/**
 * A TextField fed by react-hook-form (value, change and blur), for fields whose input cannot simply
 * be registered. Its test id is its id unless one is given.
 */
export function ControlledTextField<Values extends FieldValues, Transformed extends FieldValues = Values>({
  control,
  field: fieldName,
  keep,
  ...props
}: ControlledTextFieldProps<Values, Transformed>) {
  return (
    <Controller
      control={control}
      name={fieldName}
      render={({ field }) => (
        <TextField
          data-testid={props.id}
          {...props}
          value={field.value as string}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(keep ? keep(event.target.value) : event.target.value)}
        />
      )}
    />
  );
}

const keepOnlyDigits = (typed: string) => typed.replace(/\D/g, '');

/** A 6-digit input (texted code, payment PIN): digits only, as they are typed or pasted, unless keep says more. */
export function SixDigitField<Values extends FieldValues, Transformed extends FieldValues = Values>(props: ControlledTextFieldProps<Values, Transformed>) {
  return <ControlledTextField inputMode="numeric" maxLength={6} keep={keepOnlyDigits} {...props} />;
}

/** The texted 6-digit code. */
export function SmsCodeField<Values extends FieldValues, Transformed extends FieldValues = Values>(props: Omit<ControlledTextFieldProps<Values, Transformed>, 'keep'>) {
  const { t } = useTranslation('account');
  return <SixDigitField autoComplete="one-time-code" placeholder={t('login.sms.codePlaceholder')} {...props} />;
}

/** A Brazilian mobile number, with the example placeholder; its messages show under field-error-mobile. */
export function MobileField<Values extends FieldValues, Transformed extends FieldValues = Values>(props: ControlledTextFieldProps<Values, Transformed>) {
  const validationMessage = useValidationMessage();
  return (
    <ControlledTextField
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={validationMessage('mobile_placeholder')}
      errorTestId="field-error-mobile"
      {...props}
    />
  );
}

/**
 * What a ControlledTextField takes from its form: `{...bind('cpf')}` gives it the control, the
 * field and the field's current error as the form words it.
 */
export function fieldBinder<Values extends FieldValues, Transformed extends FieldValues = Values>(
  form: Pick<UseFormReturn<Values, unknown, Transformed>, 'control' | 'formState' | 'getFieldState'>,
  message: (error: FieldError | undefined) => string | undefined,
) {
  return (field: Path<Values>) => ({ control: form.control, field, error: message(form.getFieldState(field, form.formState).error) });
}
