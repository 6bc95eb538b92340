import { useTranslation } from 'react-i18next';
import type { Downline } from '@app/contracts';

const DOWNLINE_STATUS_TONE = { active: 'success', locked: 'danger', closed: 'danger' } as const satisfies Record<Downline['status'], string>;

/** Active, locked or closed, as the shared status pill (locked and closed stand out). */
export function DownlineStatusChip({ status }: { status: Downline['status'] }) {
  const { t } = useTranslation('agent');
  return (
    <span className={`status-pill status-pill--${DOWNLINE_STATUS_TONE[status]}`} data-testid="downline-status" data-status={status}>
      {t(`downlines.status.${status}`)}
    </span>
  );
}

/** "Direct" for level 1, "Level n" deeper down the tree. */
export function useLevelLabel(): (level: number) => string {
  const { t } = useTranslation('agent');
  return (level) => (level === 1 ? t('downlines.direct') : t('downlines.level', { level }));
}
