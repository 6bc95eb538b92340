import type { SportsbookCashOutQuote } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import type { AppEvent, EventBus } from '../../../platform/events.ts';
import type { Logger } from '../../../platform/logger.ts';
import { openTicketsOn } from '../tickets/cash-out.repository.ts';

export const CASHOUT_CHANGED = 'sportsbook.cashout_changed';
const DEFAULT_INTERVAL_MS = 1_000;
/** Tickets priced per pass; the rest of a busy pass are nudged without a quote (the client re-reads). */
const QUOTES_PER_PASS = 50;
/** Ids (and their quotes, ~250 bytes each) per message: one NOTIFY carries at most ~7,900 bytes. */
const IDS_PER_MESSAGE = 20;

/**
 * Live cash-out offers (issue 23): markets the push just published are gathered, and at most once
 * per interval the open tickets with a pending leg on them are found and their owners told
 * (member-scoped `sportsbook.cashout_changed`, through the event bus like the wallet's balance):
 * the ticket ids, with a fresh quote for as many as the pass prices (the others are re-read by
 * the client). One nudge per ticket per interval however often its odds move.
 */
export function createCashOutOffers(deps: {
  db: DbExecutor;
  bus: Pick<EventBus, 'publishAll'>;
  logger: Logger;
  quotesOf: (tickets: ReadonlyArray<{ id: bigint; member_id: bigint }>) => Promise<SportsbookCashOutQuote[]>;
  intervalMs?: number;
}) {
  const intervalMs = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
  let markets = new Map<string, { eventId: string; marketKey: string }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  function marketsPublished(published: ReadonlyArray<{ eventId: string; marketKey: string }>): void {
    if (closed) return;
    for (const market of published) markets.set(`${market.eventId}\u0000${market.marketKey}`, market);
    timer ??= setTimeout(() => void pass(), intervalMs);
  }

  async function offers(): Promise<void> {
    const batch = [...markets.values()];
    markets = new Map();
    if (batch.length === 0) return;
    const tickets = await openTicketsOn(deps.db, batch);
    if (tickets.length === 0) return;
    const quotes = new Map((await deps.quotesOf(tickets.slice(0, QUOTES_PER_PASS))).map((quote) => [quote.ticketId, quote]));
    const byMember = new Map<bigint, string[]>();
    for (const ticket of tickets) byMember.set(ticket.member_id, [...(byMember.get(ticket.member_id) ?? []), ticket.id.toString()]);
    const events: AppEvent[] = [];
    for (const [memberId, ids] of byMember) {
      for (let at = 0; at < ids.length; at += IDS_PER_MESSAGE) {
        const ticketIds = ids.slice(at, at + IDS_PER_MESSAGE);
        const priced = ticketIds.flatMap((id) => quotes.get(id) ?? []);
        events.push({ type: CASHOUT_CHANGED, audience: { kind: 'member', memberId: memberId.toString() }, data: { ticketIds, offers: priced } });
      }
    }
    await deps.bus.publishAll(deps.db, events);
  }

  /** Tells the owners of the tickets on the markets gathered so far (tests call it directly). */
  function pass(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    running = running.then(() => offers().catch((error: unknown) => deps.logger.warn({ err: error }, 'sportsbook cash-out offers not sent')));
    return running;
  }

  return {
    marketsPublished,
    pass,
    async close() {
      closed = true;
      await pass();
    },
  };
}
