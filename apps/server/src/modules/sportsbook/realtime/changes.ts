import type { EventStatus, MarketStatus } from '../feed/messages.ts';

/**
 * What one committed feed message changed in the book, as the live push needs it: the event's
 * state when the message set it, and each market whose status, prices or version moved (with its
 * version after the change, so clients merge by version). The feed applier fills a collector inside
 * its transaction and hands it over only after the commit (a rolled-back message is never pushed).
 */
export interface EventStateNow {
  status: EventStatus;
  homeScore: number | null;
  awayScore: number | null;
  period: string | null;
  clockSeconds: number | null;
}

export interface MarketChangeRecord {
  marketKey: string;
  type: string;
  status: MarketStatus;
  oddsVersion: bigint;
  /** Present when prices or an outcome's active flag changed. Odds in thousandths. */
  outcomes?: Array<{ id: string; odds: bigint; active: boolean }>;
}

export interface BookChange {
  eventId: string;
  /** Epoch ms right after the commit. */
  committedAt: number;
  state?: EventStateNow;
  markets: MarketChangeRecord[];
}

export interface ChangeCollector {
  eventId: string;
  state: EventStateNow | undefined;
  markets: MarketChangeRecord[];
}

export const newChangeCollector = (): ChangeCollector => ({ eventId: '', state: undefined, markets: [] });
