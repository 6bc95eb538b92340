import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, ConfirmDialog } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useStartTrial } from '../api/security.queries.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';

/** "Jogar grátis": a trial account (type 4) after the player confirms what it is and is not. */
export function TrialButton() {
  const { t } = useTranslation(['account', 'common']);
  const errorMessage = useErrorMessage();
  const [confirming, setConfirming] = useState(false);
  const trial = useStartTrial();
  const completeLogin = useCompleteLogin();
  return (
    <>
      <button type="button" className="link-button link-button--accent" onClick={() => setConfirming(true)} data-testid="trial-button">
        {t('account:login.trial.link')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('account:login.trial.title')}
        message={
          <>
            {t('account:login.trial.message')}
            {trial.error ? (
              <span className="confirm-error">
                <Alert data-testid="trial-error">{errorMessage(trial.error)}</Alert>
              </span>
            ) : null}
          </>
        }
        confirmLabel={t('account:login.trial.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        busy={trial.isPending}
        testId="trial-confirm-dialog"
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          trial.mutate(undefined, {
            onSuccess: (response) => {
              setConfirming(false);
              completeLogin(response, { trial: true });
            },
          })
        }
      />
    </>
  );
}
