import { CRASH_MAX_MULTIPLIER } from '@app/house-games';

/** How the leader paces rounds (CRASH_* settings, docs/operations.md). */
export interface CrashSettings {
  /** Whether this process contends for leadership (the one that runs rounds). */
  leader: boolean;
  bettingMs: number;
  /** Between the crash and the next round's betting window. */
  pauseMs: number;
  tickMs: number;
  /** Rounds per hash chain; a new chain (new terminating hash and salt) follows the last round. */
  chainLength: number;
  /** How often a process that does not lead tries to take over. */
  takeoverPollMs: number;
}

/** Centavos and hundredths. */
export const CRASH_LIMITS = { minBet: 10n, maxBet: 100_000n, minAutoCashOut: 101n, maxMultiplier: CRASH_MAX_MULTIPLIER } as const;

/** /ws topic of the crash feed: ticks go only to connections watching the game. */
export const CRASH_TOPIC = 'crash';

/** PostgreSQL advisory lock key held (session-level) by the leading process. */
export const CRASH_LEADER_LOCK = 7_341_001;

/** Bets whose confirmation is still in flight when betting closes are waited for this long, then refunded. */
export const PENDING_GRACE_MS = 1000;
