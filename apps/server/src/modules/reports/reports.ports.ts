import type { preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorPermission } from '@app/contracts';

/** What the back-office module lends us: operator sessions by permission (reports only read). */
export interface OperatorAccess {
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
}

/** The system module's view of the site, as the dashboard shows it. */
export interface SiteStatus {
  maintenance: boolean;
  regionRules: boolean;
  /** The last worker heartbeat; null when no worker ever ran. */
  workerSeenAt: Date | null;
}

/** The wallet's last invariant check (`npm run ledger:check`, hourly job). */
export interface LedgerCheckSummary {
  ok: boolean;
  finishedAt: Date;
  journals: bigint;
  entries: bigint;
  problems: number;
}

export interface ReportsPorts {
  /** The site's time zone (settings locale.timeZone): days are its calendar days. */
  timeZone(): Promise<string>;
  siteStatus(): Promise<SiteStatus>;
  lastLedgerCheck(): Promise<LedgerCheckSummary | undefined>;
}
