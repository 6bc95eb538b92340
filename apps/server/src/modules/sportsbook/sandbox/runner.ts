import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { FeedRefusal, type ApplyResult } from '../feed/apply.ts';
import type { FeedMessage } from '../feed/messages.ts';
import { SPORTS } from './fixtures.ts';
import { createSandboxFeed, type SandboxFeed } from './sandbox-feed.ts';

/**
 * Runs the sandbox feed into the book: each pass applies the messages timestamped since the last
 * pass (sportsbook_setting.sandbox_through) up to now, through the same apply service a real
 * adapter uses. The seed is chosen once (node:crypto) and kept, so a restart continues the same
 * matches; after a pause (or on the first run) the pass catches up in one go, collapsing the odds
 * changes in between, looking back at most the longest match.
 */
export interface PassOutcome {
  from: Date;
  to: Date;
  messages: number;
  applied: number;
  duplicates: number;
  stale: number;
  refused: number;
}

/** Further back than this a pass does not look: the longest script (publication to settlement). */
function lookbackMs(minuteMs: number): number {
  return Math.max(...SPORTS.map((sport) => sport.spanMinutes * minuteMs + sport.leadMinutes * 60_000)) + 30 * minuteMs;
}
const LIVE_WINDOW_MS = 60_000;

export function createSandboxRunner(deps: {
  db: Db;
  logger: Logger;
  apply: (message: FeedMessage) => Promise<ApplyResult>;
  now: () => Date;
  minuteMs?: number;
  sports?: readonly string[];
}) {
  const minuteMs = deps.minuteMs ?? 60_000;
  let feed: { seed: string; marginBp: number; feed: SandboxFeed } | undefined;

  async function settings(): Promise<{ seed: string; marginBp: number; through: Date | null }> {
    type Row = { sandbox_seed: string | null; sandbox_margin_bp: number; sandbox_through: Date | null };
    let row = (await sql<Row>`select sandbox_seed, sandbox_margin_bp, sandbox_through from sportsbook_setting where id = 1`.execute(deps.db)).rows[0]!;
    if (row.sandbox_seed === null) {
      // The first run draws the seed; two runs at once keep whichever wrote first.
      row = (
        await sql<Row>`update sportsbook_setting set sandbox_seed = coalesce(sandbox_seed, ${randomBytes(16).toString('hex')}), updated_at = now()
                       where id = 1 returning sandbox_seed, sandbox_margin_bp, sandbox_through`.execute(deps.db)
      ).rows[0]!;
    }
    return { seed: row.sandbox_seed!, marginBp: row.sandbox_margin_bp, through: row.sandbox_through };
  }

  function feedFor(seed: string, marginBp: number): SandboxFeed {
    if (!feed || feed.seed !== seed || feed.marginBp !== marginBp) feed = { seed, marginBp, feed: createSandboxFeed({ seed, marginBp, minuteMs, ...(deps.sports ? { sports: deps.sports } : {}) }) };
    return feed.feed;
  }

  /** One pass: the messages due since the last pass, applied in order. */
  async function pass(): Promise<PassOutcome> {
    const { seed, marginBp, through } = await settings();
    const to = deps.now().getTime();
    const from = Math.max(through?.getTime() ?? Number.NEGATIVE_INFINITY, to - lookbackMs(minuteMs));
    const outcome: PassOutcome = { from: new Date(from), to: new Date(to), messages: 0, applied: 0, duplicates: 0, stale: 0, refused: 0 };
    if (to <= from) return outcome;
    const messages = feedFor(seed, marginBp).catchUp(from, to, to - from > LIVE_WINDOW_MS);
    for (const message of messages) {
      outcome.messages += 1;
      try {
        const result = await deps.apply(message);
        if (result.effect === 'applied') outcome.applied += 1;
        else if (result.effect === 'duplicate') outcome.duplicates += 1;
        else outcome.stale += 1;
      } catch (error) {
        if (!(error instanceof FeedRefusal)) throw error;
        outcome.refused += 1;
        deps.logger.warn({ code: error.code, reason: error.message, eventId: message.eventId, kind: message.kind }, 'sandbox message refused');
      }
    }
    await sql`update sportsbook_setting set sandbox_through = ${new Date(to)}, updated_at = now() where id = 1`.execute(deps.db);
    return outcome;
  }

  return { pass, settings };
}
