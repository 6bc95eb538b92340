import { useTranslation } from 'react-i18next';
import { Alert, Button } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { useSandboxPay } from '../../api/payments.queries.ts';

/** Demo environment only: pays the charge as the sandbox provider's payer would. */
export function SandboxPay({ depositId }: { depositId: string }) {
  const { t } = useTranslation('payments');
  const errorMessage = useErrorMessage();
  const pay = useSandboxPay();
  return (
    <div className="deposit-sandbox" data-testid="deposit-sandbox">
      <p className="deposit-sandbox__text">
        <strong>{t('deposit.sandboxTitle')}.</strong> {t('deposit.sandboxHint')}
      </p>
      <Button
        variant="outline"
        disabled={pay.isPending}
        aria-busy={pay.isPending}
        onClick={() => {
          if (!pay.isPending) pay.mutate(depositId);
        }}
        data-testid="deposit-sandbox-pay"
      >
        {pay.isPending ? t('deposit.sandboxPaying') : t('deposit.sandboxPay')}
      </Button>
      {pay.error ? <Alert data-testid="deposit-sandbox-error">{errorMessage(pay.error)}</Alert> : null}
    </div>
  );
}
