import type { Logger } from '../../../platform/logger.ts';
import { startLeadership, type Leadership } from '../../../platform/leadership.ts';
import { CRASH_LEADER_LOCK } from './crash-settings.ts';

/** One crash leader at a time, across every process (platform/leadership.ts: an advisory lock on a connection of its own). */
export function startCrashLeadership(deps: { connectionString: string; logger: Logger; pollMs: number; lead: (signal: AbortSignal) => Promise<void> }): Leadership {
  return startLeadership({ ...deps, name: 'crash', lockKey: CRASH_LEADER_LOCK });
}

export type CrashLeadership = Leadership;
