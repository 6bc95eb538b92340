import type { ReactNode } from 'react';
import { Controller, type Control, type UseFormClearErrors } from 'react-hook-form';
import { Checkbox } from '@app/ui';
import type { RegisterCheckContext, RegisterValues } from './register-resolver.ts';

interface RegisterCheckboxProps {
  control: Control<RegisterValues, RegisterCheckContext>;
  clearErrors: UseFormClearErrors<RegisterValues>;
  name: 'agreeTerms' | 'confirm21';
  label: ReactNode;
}

/** The box's id and test id, as the e2e specs know them. */
const IDS = { agreeTerms: 'register-terms', confirm21: 'register-confirm21' } as const;

/** A box the member must tick (id register-<name>); ticking it takes its message away at once. */
export function RegisterCheckbox({ control, clearErrors, name, label }: RegisterCheckboxProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Checkbox
          id={IDS[name]}
          checked={field.value}
          onChange={(event) => {
            field.onChange(event.target.checked);
            clearErrors(name);
          }}
          label={label}
          error={fieldState.error?.message}
          errorTestId={`field-error-${name}`}
          data-testid={IDS[name]}
        />
      )}
    />
  );
}
