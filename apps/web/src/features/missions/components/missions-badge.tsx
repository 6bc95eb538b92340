import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../shared/components/count-badge.tsx';
import { useMissionUnread } from '../api/missions.api.ts';

/** The missions tab's unread badge (spec §2): claimable missions not seen yet, and today's open check-in. */
export function MissionsBadge() {
  const { t } = useTranslation('missions');
  const count = useMissionUnread().data?.count ?? 0;
  return <CountBadge count={count} label={t('badge', { count })} testId="missions-badge" />;
}
