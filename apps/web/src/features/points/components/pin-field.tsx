import { useTranslation } from 'react-i18next';
import { TextField } from '@app/ui';

/** The 6-digit payment password, as redemption and conversion ask for it. */
export function PinField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('pages');
  return (
    <TextField
      id={id}
      label={t('pointMall.paymentPassword')}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      hint={t('pointMall.paymentPasswordHint')}
      data-testid={`${id}-input`}
    />
  );
}

export const isPin = (value: string) => /^\d{6}$/.test(value);
