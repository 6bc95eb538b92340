import { useTranslation } from 'react-i18next';
import { PAYEE_NAME_MAX_LENGTH, PAYEE_NAME_MIN_LENGTH } from '@app/contracts';
import { useFieldMessage } from '../form-issues.ts';

/**
 * The schema message of a real birthday under 18. The server answers that with its own error
 * code (errors:accounts.underage), not a validation key, so the forms show that text for it.
 */
export const UNDERAGE = 'accounts.underage';

/** The zod messages the wire schemas give on their own bounds, read as the identity rules would. */
export const IDENTITY_CONTRACT_KEYS = { payeeName: 'reg_pattern_19', cpf: 'reg_pattern_22', birthday: 'reg_pattern_11' } as const;

interface ShownError {
  type?: string;
  message?: string;
}

/** The text under an identity field: a schema key translated now, or a server message as it came. */
export function useIdentityFieldMessage(): (error: ShownError | undefined) => string | undefined {
  const { t } = useTranslation('errors');
  // The name's rule is the only one with parameters; the other keys ignore them.
  const fieldMessage = useFieldMessage({ min: PAYEE_NAME_MIN_LENGTH, max: PAYEE_NAME_MAX_LENGTH });
  return (error) => (error?.message === UNDERAGE ? t('accounts.underage') : fieldMessage(error));
}
