import { useTranslation } from 'react-i18next';
import type { Downline } from '@app/contracts';

/** Active, locked or closed, as a small chip (locked and closed stand out). */
export function DownlineStatusChip({ status }: { status: Downline['status'] }) {
  const { t } = useTranslation('agent');
  return (
    <span className={`agent-status agent-status--${status}`} data-testid="downline-status" data-status={status}>
      {t(`downlines.status.${status}`)}
    </span>
  );
}

/** "Direct" for level 1, "Level n" deeper down the tree. */
export function useLevelLabel(): (level: number) => string {
  const { t } = useTranslation('agent');
  return (level) => (level === 1 ? t('downlines.direct') : t('downlines.level', { level }));
}
