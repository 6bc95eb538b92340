import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Reward } from '@app/contracts';
import { Alert, Button, Spinner, buttonClassName, formatDateTime } from '@app/ui';
import { intlLocaleOf } from '@app/i18n';
import { formatMoney } from '../../../shared/format/money.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { useContentLanguage } from '../../content/index.ts';
import { useClaim, useClaimAll, useMarkSeen, useRewardCentre } from '../api/promotions.api.ts';
import './promotions.css';

/**
 * The member centre's rewardCenter tab: claimable rewards (one or all) with the date each must be
 * claimed by, then the history (claimed, and expired unclaimed).
 * Opening it clears the unread badge. A claim the server refuses (budget spent, cap reached)
 * says why; a double click pays once (the server's lock, and the button waits meanwhile).
 */
export function RewardCentre() {
  const { t } = useTranslation('content');
  const language = useContentLanguage();
  const centre = useRewardCentre();
  const claim = useClaim();
  const claimAll = useClaimAll();
  const markSeen = useMarkSeen();
  const errorMessage = useErrorMessage();
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const money = (amount: string) => `R$ ${formatMoney(amount, language)}`;
  const unseen = centre.data?.unseen ?? 0;
  const { mutate: seen } = markSeen;

  useEffect(() => {
    if (unseen > 0) seen();
  }, [unseen, seen]);

  if (centre.isPending) return <Spinner label={t('rewards.loading')} layout="block" />;
  if (centre.isError) return <Alert tone="error">{t('rewards.failed')}</Alert>;
  const { claimable, history } = centre.data;
  const busy = claim.isPending || claimAll.isPending;

  const onClaim = (reward: Reward) =>
    claim.mutate(reward.id, {
      onSuccess: (claimed) => setMessage({ tone: 'info', text: t('rewards.claimed', { amount: money(claimed.amount) }) }),
      onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
    });
  const onClaimAll = () =>
    claimAll.mutate(undefined, {
      onSuccess: (result) => {
        const total = result.claimed.reduce((sum, reward) => sum + Math.round(Number(reward.amount) * 100), 0);
        if (result.refused.length > 0) setMessage({ tone: 'error', text: t('rewards.refused', { count: result.refused.length, reason: errorMessage(new ApiError(409, result.refused[0]!.code, '')) }) });
        else setMessage({ tone: 'info', text: t('rewards.claimed', { amount: money((total / 100).toFixed(2)) }) });
      },
      onError: (error) => setMessage({ tone: 'error', text: errorMessage(error) }),
    });

  const kindOf = (reward: Reward) => (reward.kind === 'cash' ? t('rewards.kind.cash') : t('rewards.kind.bonus', { multiple: reward.wageringMultiple }));
  const when = (iso: string) => formatDateTime(iso, intlLocaleOf(language));

  return (
    <div className="reward-centre stack stack--gap-4" data-testid="reward-centre">
      <p className="reward-centre__intro">{t('rewards.intro')}</p>
      {message ? (
        <Alert tone={message.tone} data-testid="reward-message">
          {message.text}
        </Alert>
      ) : null}
      <section className="stack stack--gap-2" aria-labelledby="rewards-claimable">
        <div className="reward-centre__head">
          <h3 id="rewards-claimable">{t('rewards.claimable')}</h3>
          {claimable.length > 1 ? (
            <Button variant="accent" size="sm" onClick={onClaimAll} disabled={busy} data-testid="reward-claim-all">
              {t('rewards.claimAll')}
            </Button>
          ) : null}
        </div>
        {claimable.length === 0 ? (
          <div className="dashed-note reward-centre__empty">
            <p>{t('rewards.empty')}</p>
            <Link className={buttonClassName('outline', 'sm')} to="/promotions">
              {t('rewards.seePromotions')}
            </Link>
          </div>
        ) : (
          <ul className="reward-list">
            {claimable.map((reward) => (
              <li key={reward.id} className="reward-item" data-testid={`reward-${reward.id}`}>
                <div className="reward-item__text">
                  <strong>{reward.title}</strong>
                  <span className="reward-item__meta">
                    {kindOf(reward)} · {t('rewards.issuedAt', { date: when(reward.issuedAt) })}
                  </span>
                  {reward.expiresAt ? (
                    <span className="reward-item__meta" data-testid={`reward-expires-${reward.id}`}>
                      {t('rewards.expiresAt', { date: when(reward.expiresAt) })}
                    </span>
                  ) : null}
                </div>
                <strong className="reward-item__amount">{money(reward.amount)}</strong>
                <Button variant="accent" size="sm" onClick={() => onClaim(reward)} disabled={busy} data-testid={`reward-claim-${reward.id}`}>
                  {t('rewards.claim')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="stack stack--gap-2" aria-labelledby="rewards-history">
        <h3 id="rewards-history">{t('rewards.history')}</h3>
        {history.length === 0 ? (
          <p className="reward-item__meta">{t('rewards.historyEmpty')}</p>
        ) : (
          <ul className="reward-list" data-testid="reward-history">
            {history.map((reward) => (
              <li key={reward.id} className={`reward-item reward-item--done${reward.status === 'expired' ? ' reward-item--expired' : ''}`} data-testid={`reward-history-${reward.id}`} data-status={reward.status}>
                <div className="reward-item__text">
                  <strong>
                    {reward.title}
                    {reward.status === 'expired' ? <span className="reward-item__badge">{t('rewards.expired')}</span> : null}
                  </strong>
                  <span className="reward-item__meta">
                    {kindOf(reward)} ·{' '}
                    {reward.status === 'expired' ? t('rewards.expiredAt', { date: when(reward.expiresAt ?? reward.issuedAt) }) : t('rewards.claimedAt', { date: when(reward.claimedAt ?? reward.issuedAt) })}
                  </span>
                </div>
                <strong className="reward-item__amount">{money(reward.amount)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
