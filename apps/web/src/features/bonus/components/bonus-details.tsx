import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, CoinsIcon, Spinner } from '@app/ui';
import type { BonusGrant, BonusSummary } from '@app/contracts';
import { getToken } from '../../../shared/session-token.ts';
import { EmptyState, LoadFailed, TitledCard, useWalletFormat, walletBalanceQueryOptions, type WalletFormat } from '../../wallet/index.ts';
import { bonusSummaryQueryOptions } from '../bonus.api.ts';
import './bonus.css';

/** /member?tab=bonusDetails: each grant with its wagering progress, and the rules that apply. */
export function BonusDetails() {
  const { t } = useTranslation(['wallet', 'common']);
  const balance = useQuery(walletBalanceQueryOptions(getToken()));
  const format = useWalletFormat(balance.data?.currencySymbol ?? 'R$');
  // Wagering moves with every settled round: the page follows it while open.
  const summary = useQuery({ ...bonusSummaryQueryOptions(getToken()), refetchInterval: 5000 });
  if (summary.isError) return <LoadFailed error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />;
  if (!summary.data) return <Spinner label={t('common:loading')} layout="block" />;
  return (
    <div className="stack" data-testid="bonus-details">
      <TitledCard titleId="bonus-balance-title" title={t('wallet:bonus.balanceTitle')} testId="bonus-balance-card">
        <p className="bonus-balance" data-testid="bonus-balance">
          {format.money(summary.data.balance)}
        </p>
      </TitledCard>
      <TitledCard titleId="bonus-grants-title" title={t('wallet:bonus.grantsTitle')}>
        {summary.data.grants.length === 0 ? (
          <EmptyState testId="bonus-empty" icon={<CoinsIcon size={22} />}>
            {t('wallet:bonus.empty')}
          </EmptyState>
        ) : (
          <ul className="bonus-grants" data-testid="bonus-grants">
            {summary.data.grants.map((grant) => (
              <GrantItem key={grant.id} grant={grant} format={format} />
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard titleId="bonus-rules-title" title={t('wallet:bonus.rulesTitle')}>
        <Alert tone="info" data-testid="bonus-rule">
          {t('wallet:bonus.rule')}
        </Alert>
        <Contributions summary={summary.data} />
      </TitledCard>
    </div>
  );
}

function Contributions({ summary }: { summary: BonusSummary }) {
  const { t } = useTranslation('wallet');
  const listed = summary.contributions.filter((row) => row.percent > 0);
  return (
    <p className="wallet-card__hint" data-testid="bonus-contributions">
      {t('bonus.contributions')}{' '}
      {listed.map((row) => t('bonus.contribution', { type: t(`bonus.gameTypes.${row.gameType}`, { defaultValue: row.gameType }), percent: row.percent })).join(' · ')}
    </p>
  );
}

const TONE: Record<BonusGrant['status'], string> = { active: 'progress', converted: 'success', expired: 'muted', forfeited: 'danger', cancelled: 'muted' };

function GrantItem({ grant, format }: { grant: BonusGrant; format: WalletFormat }) {
  const { t } = useTranslation('wallet');
  const required = Number(grant.required);
  const percent = required === 0 ? 100 : Math.min(100, Math.floor((Number(grant.done) / required) * 100));
  return (
    <li className="bonus-grant" data-testid="bonus-grant" data-status={grant.status}>
      <div className="bonus-grant__head">
        <strong className="bonus-grant__amount">{format.money(grant.amount)}</strong>
        <span className={`bonus-chip bonus-chip--${TONE[grant.status]}`} data-testid="bonus-grant-status">
          {t(`bonus.status.${grant.status}`)}
        </span>
      </div>
      <div className="bonus-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('bonus.progressLabel')}>
        <span className="bonus-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="bonus-grant__line" data-testid="bonus-grant-progress">
        {t('bonus.progress', { done: format.money(grant.done), required: format.money(grant.required), multiple: grant.wageringMultiple, percent })}
      </p>
      {grant.status === 'active' && (
        <p className="bonus-grant__line" data-testid="bonus-grant-holds">
          {t('bonus.holds', { amount: format.money(grant.balance) })}
        </p>
      )}
      <p className="bonus-grant__line bonus-grant__muted">
        {grant.status === 'active'
          ? t('bonus.expires', { time: format.dateTime(grant.expiresAt) })
          : t(`bonus.closed.${grant.status}`, { time: grant.closedAt ? format.dateTime(grant.closedAt) : '', amount: format.money(grant.closedAmount ?? grant.amount) })}
      </p>
    </li>
  );
}
