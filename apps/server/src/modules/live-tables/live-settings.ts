import { DEFAULT_CUT_FROM_END } from '@app/house-games';

/** How the leader paces the tables (LIVE_* settings, docs/live-tables.md). */
export interface LiveSettings {
  /** Whether this process contends for the lead (processes that run jobs do by default). */
  leader: boolean;
  /** Overrides every table's betting_ms (tests, e2e); unset: the table's own. */
  bettingMs?: number;
  /** How long the deal or the spin is shown before the result phase; unset: baccarat 6 s, roulette 8 s. */
  revealMs?: number;
  /** Between a round's result and the next round's betting window. */
  pauseMs: number;
  /** Cards left behind the cut card. */
  shoeCut: number;
  takeoverPollMs: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = { leader: true, pauseMs: 3000, shoeCut: DEFAULT_CUT_FROM_END, takeoverPollMs: 1000 };
export const DEFAULT_REVEAL_MS = { baccarat: 6000, roulette: 8000 } as const;

/** PostgreSQL advisory lock key held (session-level) by the leading process. */
export const LIVE_LEADER_LOCK = 7_341_025;

/** Bets still being confirmed when the window closes are waited for this long, then refunded. */
export const PENDING_GRACE_MS = 1000;

/** How often the leader looks again at a closed table. */
export const CLOSED_TABLE_POLL_MS = 1000;
