import { useTranslation } from 'react-i18next';
import type { DepositStatus, WithdrawalStatus } from '@app/contracts';

type Tone = 'success' | 'progress' | 'warning' | 'danger' | 'muted';

const DEPOSIT_TONES: Record<DepositStatus, Tone> = {
  pending: 'progress',
  paid: 'progress',
  credited: 'success',
  held: 'warning',
  refunded: 'muted',
  expired: 'muted',
  failed: 'danger',
};

const WITHDRAWAL_TONES: Record<WithdrawalStatus, Tone> = {
  reviewing: 'progress',
  approved: 'progress',
  paying: 'progress',
  paid: 'success',
  rejected: 'danger',
  failed: 'danger',
};

function Chip({ tone, status, label, testId }: { tone: Tone; status: string; label: string; testId: string }) {
  return (
    // data-status: the raw status, for tests and styling that must not depend on the language.
    <span className={`payments-chip payments-chip--${tone}`} data-status={status} data-testid={testId}>
      {label}
    </span>
  );
}

export function DepositStatusChip({ status, testId }: { status: DepositStatus; testId: string }) {
  const { t } = useTranslation('payments');
  return <Chip tone={DEPOSIT_TONES[status]} status={status} label={t(`depositStatus.${status}`)} testId={testId} />;
}

export function WithdrawalStatusChip({ status, testId }: { status: WithdrawalStatus; testId: string }) {
  const { t } = useTranslation('payments');
  return <Chip tone={WITHDRAWAL_TONES[status]} status={status} label={t(`withdrawalStatus.${status}`)} testId={testId} />;
}
