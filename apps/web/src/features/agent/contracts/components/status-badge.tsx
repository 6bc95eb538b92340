import { useTranslation } from 'react-i18next';
import type { ContractStatus, SettlementLine } from '@app/contracts';

type Tone = 'ok' | 'wait' | 'warn' | 'off';

const CONTRACT_TONES: Record<ContractStatus, Tone> = {
  offered: 'wait',
  active: 'ok',
  rejected: 'off',
  terminated: 'off',
  superseded: 'off',
  withdrawn: 'off',
};

const LINE_TONES: Record<SettlementLine['status'], Tone> = {
  calculated: 'wait',
  paid: 'ok',
  insufficient: 'warn',
  not_qualified: 'off',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation('contracts');
  return (
    <span className={`contract-badge contract-badge--${CONTRACT_TONES[status]}`} data-testid="contract-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** A settlement line's state; the legend under the records explains each in full. */
export function LineStatusBadge({ status }: { status: SettlementLine['status'] }) {
  const { t } = useTranslation('contracts');
  return (
    <span
      className={`contract-badge contract-badge--${LINE_TONES[status]}`}
      title={t(`records.statusHelp.${status}`)}
      data-testid="line-status"
      data-status={status}
    >
      {t(`records.status.${status}`)}
    </span>
  );
}
