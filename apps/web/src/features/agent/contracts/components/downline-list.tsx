import { useTranslation } from 'react-i18next';
import type { Contract, ContractOverview } from '@app/contracts';
import { Alert, Button, UserIcon } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import { EmptyState } from '../../../wallet/index.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import type { Decision, DecisionState } from '../hooks/use-contract-decision.ts';
import { ContractStatusBadge } from './status-badge.tsx';
import { TierTable } from './tier-table.tsx';

type Downline = ContractOverview['downlines'][number];

interface DownlineListProps {
  overview: ContractOverview;
  format: ContractFormat;
  /** The agent holds a contract of this kind, so it may offer one. */
  canOffer: boolean;
  onOffer: (account: string) => void;
  /** Withdraw goes at once; terminate asks first (the page owns the confirmation). */
  onDecide: (contract: Contract, decision: Extract<Decision, 'withdraw' | 'terminate'>) => void;
  decisions: DecisionState;
}

/** The agent's direct downline agents, each with its contract in force and any offer waiting. */
export function DownlineList({ overview, format, canOffer, onOffer, onDecide, decisions }: DownlineListProps) {
  const { t } = useTranslation('contracts');
  if (overview.downlines.length === 0) {
    return <EmptyState testId="downlines-empty" icon={<UserIcon size={22} />}>{t('downlines.empty')}</EmptyState>;
  }
  return (
    <ul className="contract-downlines stack stack--list">
      {overview.downlines.map((downline) => (
        <DownlineItem
          key={downline.account}
          downline={downline}
          format={format}
          canOffer={canOffer}
          onOffer={onOffer}
          onDecide={onDecide}
          decisions={decisions}
        />
      ))}
    </ul>
  );
}

function DownlineItem({ downline, format, canOffer, onOffer, onDecide, decisions }: Omit<DownlineListProps, 'overview'> & { downline: Downline }) {
  const { pendingFor, isPending: busy, errorFor } = decisions;
  const { t } = useTranslation('contracts');
  const errorMessage = useErrorMessage();
  const { active, pending } = downline;
  const error = (active ? errorFor(active.id) : null) ?? (pending ? errorFor(pending.id) : null);
  return (
    <li className="contract-downline" data-testid="downline-row" data-account={downline.account}>
      <div className="contract-downline__head">
        <span className="contract-downline__name">
          <strong>{downline.account}</strong>
          {downline.nickname && downline.nickname !== downline.account ? <span className="contract-downline__nickname">{downline.nickname}</span> : null}
        </span>
        {active ? <ContractStatusBadge status="active" /> : pending ? null : <span className="contract-badge contract-badge--off">{t('downlines.none')}</span>}
        {pending ? <ContractStatusBadge status="offered" /> : null}
      </div>
      {active ? (
        <div className="contract-downline__block" data-testid="downline-active">
          <p className="contract-downline__label">{t('downlines.activeSince', { version: active.version, time: format.dateTime(active.decidedAt ?? active.offeredAt) })}</p>
          {active.upline === null ? (
            <p className="contract-downline__label" data-testid="downline-platform-paid">
              {t('downlines.platformPaid')}
            </p>
          ) : null}
          <TierTable kind={active.kind} tiers={active.tiers} format={format} />
        </div>
      ) : null}
      {pending ? (
        <div className="contract-downline__block" data-testid="downline-pending">
          <p className="contract-downline__label">{t('downlines.pendingSince', { time: format.dateTime(pending.offeredAt) })}</p>
          <TierTable kind={pending.kind} tiers={pending.tiers} format={format} />
        </div>
      ) : null}
      {error ? <Alert data-testid="downline-error">{errorMessage(error)}</Alert> : null}
      {canOffer || pending || active ? (
        <div className="contract-actions contract-actions--start">
          {canOffer && !pending ? (
            <Button variant="primary" size="sm" onClick={() => onOffer(downline.account)} data-testid="downline-offer">
              {active ? t('downlines.raise') : t('downlines.offer')}
            </Button>
          ) : null}
          {pending ? (
            <Button variant="outline" size="sm" disabled={busy} aria-busy={pendingFor(pending.id) === 'withdraw'} onClick={() => onDecide(pending, 'withdraw')} data-testid="downline-withdraw">
              {pendingFor(pending.id) === 'withdraw' ? t('actions.working') : t('actions.withdraw')}
            </Button>
          ) : null}
          {/* An operator's grant is the platform's: only its holder or an operator may end it. */}
          {active && active.upline !== null ? (
            <Button variant="ghost" size="sm" className="contract-danger" disabled={busy} onClick={() => onDecide(active, 'terminate')} data-testid="downline-terminate">
              {t('actions.terminate')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
