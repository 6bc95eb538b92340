import { useTranslation } from 'react-i18next';
import { EARLIEST_BIRTHDAY, latestOldEnoughBirthday, MIN_PLAYER_AGE } from '@app/contracts';
import { TextField } from '@app/ui';

/** The birthday input of the identity forms: a date picker bounded to 18+ (checked again on submit). */
export function BirthdayField(props: { value: string; onChange: (value: string) => void; error: string | undefined; today: string }) {
  const { t } = useTranslation('account');
  return (
    <TextField
      id="identity-birthday"
      label={t('security.identity.birthday')}
      requiredMark
      type="date"
      autoComplete="bday"
      min={EARLIEST_BIRTHDAY}
      max={latestOldEnoughBirthday(props.today, MIN_PLAYER_AGE)}
      hint={t('security.identity.birthdayHint', { age: MIN_PLAYER_AGE })}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.error}
      errorTestId="identity-birthday-error"
      data-testid="identity-birthday"
    />
  );
}
