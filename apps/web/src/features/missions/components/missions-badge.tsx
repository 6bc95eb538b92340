import { useTranslation } from 'react-i18next';
import { useMissionUnread } from '../api/missions.api.ts';
import './missions-badge.css';

/** The missions tab's unread badge (spec §2): claimable missions not seen yet, and today's open check-in. */
export function MissionsBadge() {
  const { t } = useTranslation('missions');
  const unread = useMissionUnread();
  const count = unread.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <span className="missions-badge" aria-label={t('badge', { count })} data-testid="missions-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}
