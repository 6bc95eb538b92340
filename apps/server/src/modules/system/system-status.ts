import { SYSTEM_STATUS, type SystemStatus } from '@app/contracts';
import type { Settings } from './system.settings.ts';

/** Spec §4: maintenance gives 1, else region restriction gives 2, else 0. */
export function computeSystemStatus(settings: Pick<Settings, 'maintenance'>, isRegionBlocked: boolean): SystemStatus {
  if (settings.maintenance.enabled) return SYSTEM_STATUS.MAINTENANCE;
  if (isRegionBlocked) return SYSTEM_STATUS.REGION_BLOCKED;
  return SYSTEM_STATUS.NORMAL;
}
