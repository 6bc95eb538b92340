import { useTranslation } from 'react-i18next';
import { useRewardSummary } from '../api/promotions.api.ts';
import './promotions.css';

/** The reward centre's unread badge (spec §2): rewards issued since the member last opened it. */
export function RewardBadge() {
  const { t } = useTranslation('content');
  const summary = useRewardSummary();
  const unseen = summary.data?.unseen ?? 0;
  if (unseen === 0) return null;
  return (
    <span className="reward-badge" aria-label={t('rewards.badge', { count: unseen })} data-testid="reward-badge">
      {unseen > 99 ? '99+' : unseen}
    </span>
  );
}
