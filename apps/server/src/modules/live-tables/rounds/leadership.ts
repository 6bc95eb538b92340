import type { Logger } from '../../../platform/logger.ts';
import { startLeadership, type Leadership } from '../../../platform/leadership.ts';
import { LIVE_LEADER_LOCK } from '../live-settings.ts';

/** One live-tables leader at a time, across every process (platform/leadership.ts: an advisory lock on a connection of its own). */
export function startLiveLeadership(deps: { connectionString: string; logger: Logger; pollMs: number; lead: (signal: AbortSignal) => Promise<void> }): Leadership {
  return startLeadership({ ...deps, name: 'live-tables', lockKey: LIVE_LEADER_LOCK });
}

export type LiveLeadership = Leadership;
