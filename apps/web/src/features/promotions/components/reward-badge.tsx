import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../shared/components/count-badge.tsx';
import { useRewardSummary } from '../api/promotions.api.ts';

/** The reward centre's unread badge (spec §2): rewards issued since the member last opened it. */
export function RewardBadge() {
  const { t } = useTranslation('content');
  const unseen = useRewardSummary().data?.unseen ?? 0;
  return <CountBadge count={unseen} label={t('rewards.badge', { count: unseen })} testId="reward-badge" />;
}
