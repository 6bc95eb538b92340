import { useEffect, useId, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Spinner } from '@app/ui';
import type { Deposit, DepositStatus } from '@app/contracts';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { useSessionToken } from '../../../../shared/session-token.ts';
import { LoadFailed, type WalletFormat } from '../../../wallet/index.ts';
import { depositQueryOptions, paymentsKeys } from '../../api/payments.queries.ts';
import { useCreditedBalance } from '../../hooks/use-credited-balance.ts';
import { DepositStatusChip } from '../status-chip.tsx';
import { DepositCountdown } from './deposit-countdown.tsx';
import { PixCode } from './pix-code.tsx';
import { SandboxPay } from './sandbox-pay.tsx';

interface DepositChargeProps {
  depositId: string;
  sandbox: boolean;
  format: WalletFormat;
  titleId: string;
  /** A new charge of the same amount (after expiry or failure): a new intent, a new requestId. */
  onNewCharge: (amount: string) => void;
  /** Back to the amount form. */
  onDone: () => void;
  isCreating: boolean;
  createError: unknown;
}

/** The charge to pay: QR code, Pix Copia e Cola, countdown and live status until credited. */
export function DepositCharge({ depositId, sandbox, format, titleId, onNewCharge, onDone, isCreating, createError }: DepositChargeProps) {
  const { t } = useTranslation(['payments', 'common']);
  const token = useSessionToken();
  const query = useQuery(depositQueryOptions(token, depositId));
  const deposit = query.data;
  const newBalance = useCreditedBalance(deposit);
  useListFollowsStatus(token, deposit?.status);

  if (!deposit) {
    return query.isError ? (
      <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    ) : (
      <Spinner label={t('common:loading')} layout="block" />
    );
  }
  // A pending deposit always carries its code; only a charge the PSP never created (failed) has none.
  const code = deposit.status === 'pending' && deposit.brCode !== null && deposit.qrCode !== null ? { brCode: deposit.brCode, qrCode: deposit.qrCode } : null;
  const isPending = code !== null;
  return (
    <div className="deposit-charge" data-testid="deposit-charge" data-deposit-id={deposit.id}>
      <div className="cluster cluster--baseline cluster--spread">
        <h3 id={titleId} className="wallet-card__title">
          {t('payments:deposit.chargeTitle')}
        </h3>
        <p className="deposit-charge__amount">
          <span className="deposit-charge__amount-label">{t('payments:deposit.chargeAmount')}</span>
          <span className="amount" data-testid="deposit-charge-amount">
            {format.money(deposit.amount)}
          </span>
        </p>
      </div>
      <DepositState deposit={deposit} />
      {deposit.status === 'credited' ? <CreditedNotice deposit={deposit} newBalance={newBalance} format={format} /> : null}
      {code ? (
        <div className="deposit-charge__pay">
          <img
            className="deposit-qr"
            src={code.qrCode}
            alt={t('payments:deposit.qrAlt', { amount: format.money(deposit.amount) })}
            width={232}
            height={232}
            data-testid="deposit-qr"
          />
          <div className="deposit-charge__details">
            <p className="wallet-card__hint">{t('payments:deposit.scanHint')}</p>
            <DepositCountdown expiresAt={deposit.expiresAt} />
            <PixCode code={code.brCode} />
          </div>
        </div>
      ) : null}
      {isPending && sandbox ? <SandboxPay depositId={deposit.id} /> : null}
      <ChargeActions deposit={deposit} onNewCharge={onNewCharge} onDone={onDone} isCreating={isCreating} createError={createError} />
    </div>
  );
}

/**
 * A status learnt by polling the charge (no /ws push) would leave the list below showing the old
 * one: re-read the list whenever the charge's status changes after it was first shown.
 */
function useListFollowsStatus(token: string | null, status: DepositStatus | undefined) {
  const queryClient = useQueryClient();
  const shown = useRef(status);
  useEffect(() => {
    if (status === undefined || status === shown.current) return;
    const isFirst = shown.current === undefined;
    shown.current = status;
    if (!isFirst) void queryClient.invalidateQueries({ queryKey: paymentsKeys.depositLists(token) });
  }, [queryClient, status, token]);
}

/** The status, announced politely when it changes, with what it means for the member. */
function DepositState({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation('payments');
  const labelId = useId();
  return (
    <div className="deposit-state" role="status" aria-labelledby={labelId}>
      <span id={labelId} className="ui-visually-hidden">
        {t('deposit.statusLabel')}
      </span>
      <DepositStatusChip status={deposit.status} testId="deposit-status" />
      <p className="deposit-state__hint" data-testid="deposit-status-hint">
        {t(`deposit.statusHint.${deposit.status}`)}
      </p>
    </div>
  );
}

function CreditedNotice({ deposit, newBalance, format }: { deposit: Deposit; newBalance: string | undefined; format: WalletFormat }) {
  const { t } = useTranslation('payments');
  return (
    <Alert tone="info" data-testid="deposit-success">
      <span className="deposit-success">
        <strong>{t('deposit.success', { amount: format.money(deposit.amount) })}</strong>{' '}
        <span data-testid="deposit-new-balance">
          {newBalance === undefined ? t('deposit.updatingBalance') : t('deposit.newBalance', { balance: format.money(newBalance) })}
        </span>
      </span>
    </Alert>
  );
}

interface ChargeActionsProps {
  deposit: Deposit;
  onNewCharge: (amount: string) => void;
  onDone: () => void;
  isCreating: boolean;
  createError: unknown;
}

function ChargeActions({ deposit, onNewCharge, onDone, isCreating, createError }: ChargeActionsProps) {
  const { t } = useTranslation('payments');
  const errorMessage = useErrorMessage();
  const canRecharge = deposit.status === 'expired' || deposit.status === 'failed';
  return (
    <>
      {createError ? <Alert data-testid="deposit-error">{errorMessage(createError)}</Alert> : null}
      <div className="cluster">
        {canRecharge ? (
          <Button
            variant="accent"
            disabled={isCreating}
            aria-busy={isCreating}
            onClick={() => onNewCharge(deposit.amount)}
            data-testid="deposit-new-charge"
          >
            {isCreating ? t('deposit.submitting') : t('deposit.newCharge')}
          </Button>
        ) : null}
        <Button variant={deposit.status === 'credited' ? 'accent' : 'outline'} onClick={onDone} data-testid="deposit-back">
          {deposit.status === 'pending' ? t('deposit.changeAmount') : t('deposit.anotherDeposit')}
        </Button>
      </div>
    </>
  );
}
