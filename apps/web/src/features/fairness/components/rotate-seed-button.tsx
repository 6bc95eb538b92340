import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RotationResponse } from '@app/contracts';
import { Alert, Button, ConfirmDialog, RefreshIcon } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useRotateSeed } from '../api/fairness.queries.ts';

/** "Rotate server seed", confirmed first: it reveals the current seed and commits a new one. */
export function RotateSeedButton({ onRotated, variant = 'outline' }: { onRotated: (response: RotationResponse) => void; variant?: 'outline' | 'accent' }) {
  const { t } = useTranslation(['fairness', 'common']);
  const errorMessage = useErrorMessage();
  const rotate = useRotateSeed();
  const [confirming, setConfirming] = useState(false);
  // Checked synchronously: a double click on "confirm" must not rotate twice.
  const inFlight = useRef(false);

  const confirm = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    // mutateAsync, not mutate's callbacks: this button unmounts when the rotation reveals the
    // seed it was asking for (the page's notice goes away), and the page must still hear of it.
    rotate
      .mutateAsync()
      .then(onRotated, () => undefined)
      .finally(() => {
        inFlight.current = false;
        setConfirming(false);
      });
  };

  return (
    <div className="fairness-rotate">
      <Button
        variant={variant}
        onClick={() => {
          rotate.reset();
          setConfirming(true);
        }}
        disabled={rotate.isPending}
        aria-busy={rotate.isPending}
        data-testid="rotate-seed"
      >
        <RefreshIcon size={16} aria-hidden="true" />
        {t('fairness:rotate.button')}
      </Button>
      {rotate.isError ? (
        <Alert data-testid="rotate-error">{errorMessage(rotate.error)}</Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('fairness:rotate.confirmTitle')}
        message={t('fairness:rotate.confirmText')}
        confirmLabel={t('fairness:rotate.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirm}
        onCancel={() => {
          if (!rotate.isPending) setConfirming(false);
        }}
        busy={rotate.isPending}
        testId="rotate-confirm"
      />
    </div>
  );
}
