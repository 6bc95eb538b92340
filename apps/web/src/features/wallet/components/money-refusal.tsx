import { Link } from 'react-router';
import { Alert } from '@app/ui';
import { isApiError } from '../../../shared/api-client.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { memberTabPath } from '../../member/index.ts';

interface MoneyRefusalProps {
  /** The refused request's error; nothing is drawn without one. */
  error: unknown;
  /** The link's text when the refusal is a missing payment password. */
  setPasswordLabel: string;
  testId: string;
  linkTestId?: string;
}

/**
 * A refused money request (withdraw, transfer) above its button: the server's message, and when
 * the member has no payment password yet, the way to the security centre to set one.
 */
export function MoneyRefusal({ error, setPasswordLabel, testId, linkTestId }: MoneyRefusalProps) {
  const errorMessage = useErrorMessage();
  if (!error) return null;
  const needsPaymentPassword = isApiError(error) && error.code === 'wallet.payment_password_missing';
  return (
    <Alert data-testid={testId}>
      <span>
        {errorMessage(error)}
        {needsPaymentPassword ? (
          <>
            {' '}
            <Link className="link-button" to={memberTabPath('securityCenter')} data-testid={linkTestId}>
              {setPasswordLabel}
            </Link>
          </>
        ) : null}
      </span>
    </Alert>
  );
}
