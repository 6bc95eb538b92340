import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SportsbookEventChange, SportsbookEventDetail, SportsbookEventSummary, SportsbookMarketChange, SportsbookMarketView, WsTopic } from '@app/contracts';
import { watchTopic } from '../../../shared/ws-client.ts';
import { sportsbookKeys } from './sportsbook.api.ts';

/**
 * The book's live push (/ws `sportsbook.changes`, contracts/sportsbook.ts): merged into the
 * cached reads by each market's oddsVersion (only a higher version is taken), so every screen
 * showing the event — list, event page, slip — moves with it. The reads' slow polling stays as
 * the fallback when the socket is down.
 */

const newer = (change: string, shown: string) => {
  try {
    return BigInt(change) > BigInt(shown);
  } catch {
    return change !== shown;
  }
};

export function mergeMarket(market: SportsbookMarketView, change: SportsbookMarketChange): SportsbookMarketView {
  if (change.marketKey !== market.marketKey || !newer(change.oddsVersion, market.oddsVersion)) return market;
  const outcomes = change.outcomes
    ? market.outcomes.map((outcome) => {
        const moved = change.outcomes!.find((item) => item.id === outcome.id);
        return moved ? { ...outcome, odds: moved.odds, active: moved.active } : outcome;
      })
    : market.outcomes;
  return { ...market, status: change.status, oddsVersion: change.oddsVersion, outcomes };
}

function withState<T extends Pick<SportsbookEventSummary, 'status' | 'homeScore' | 'awayScore' | 'period' | 'clockSeconds'>>(event: T, change: SportsbookEventChange): T {
  return change.state ? { ...event, ...change.state } : event;
}

/** An event page's read with the changes; `unknown` when a market it does not show appeared (re-read the event). */
export function mergeEventDetail(detail: SportsbookEventDetail, change: SportsbookEventChange): { detail: SportsbookEventDetail; unknown: boolean } {
  if (change.eventId !== detail.id) return { detail, unknown: false };
  const known = new Set(detail.marketGroups.flatMap((group) => group.markets.map((market) => market.marketKey)));
  const unknown = change.markets.some((market) => !known.has(market.marketKey));
  const byKey = new Map(change.markets.map((market) => [market.marketKey, market]));
  const marketGroups = byKey.size === 0 ? detail.marketGroups : detail.marketGroups.map((group) => ({ ...group, markets: group.markets.map((market) => (byKey.has(market.marketKey) ? mergeMarket(market, byKey.get(market.marketKey)!) : market)) }));
  return { detail: { ...withState(detail, change), marketGroups }, unknown };
}

export function mergeEventSummary(event: SportsbookEventSummary, change: SportsbookEventChange): SportsbookEventSummary {
  if (change.eventId !== event.id) return event;
  const main = event.mainMarket ? change.markets.find((market) => market.marketKey === event.mainMarket!.marketKey) : undefined;
  return { ...withState(event, change), mainMarket: main && event.mainMarket ? mergeMarket(event.mainMarket, main) : event.mainMarket };
}

type EventPage = { events: SportsbookEventSummary[]; nextCursor: string | null };

export function applyBookChanges(queryClient: QueryClient, changes: readonly SportsbookEventChange[]): void {
  let listsMoved = false;
  for (const change of changes) {
    let unknown = false;
    queryClient.setQueryData<SportsbookEventDetail>(sportsbookKeys.event(change.eventId), (old) => {
      if (!old) return old;
      const merged = mergeEventDetail(old, change);
      unknown = merged.unknown;
      return merged.detail;
    });
    if (unknown) void queryClient.invalidateQueries({ queryKey: sportsbookKeys.event(change.eventId) });
    // An event that started or ended moves between "starting soon" and "live now".
    if (change.state && change.state.status !== 'live' && change.state.status !== 'not_started') listsMoved = true;
  }
  const byEvent = new Map(changes.map((change) => [change.eventId, change]));
  const mergePage = (page: EventPage): EventPage => {
    let touched = false;
    const events = page.events.map((event) => {
      const change = byEvent.get(event.id);
      if (!change) return event;
      if (change.state && change.state.status !== event.status) listsMoved = true;
      touched = true;
      return mergeEventSummary(event, change);
    });
    return touched ? { ...page, events } : page;
  };
  // The lists are paged (infinite) reads, or a game centre's first pages.
  queryClient.setQueriesData<InfiniteData<EventPage> | EventPage>({ queryKey: ['sportsbook', 'events'] }, (old) => {
    if (!old) return old;
    if ('pages' in old) return { ...old, pages: old.pages.map(mergePage) };
    return mergePage(old);
  });
  if (listsMoved) void queryClient.invalidateQueries({ queryKey: ['sportsbook', 'events'] });
}

/** Watches book topics while mounted; each batch goes to the cache (and to `onChanges`, e.g. the slip). */
export function useBookTopics(topics: readonly WsTopic[], onChanges?: (changes: readonly SportsbookEventChange[]) => void): void {
  const queryClient = useQueryClient();
  const handler = useRef(onChanges);
  useEffect(() => {
    handler.current = onChanges;
  }, [onChanges]);
  const key = [...new Set(topics)].sort().join(' ');
  useEffect(() => {
    if (!key) return;
    const stops = key.split(' ').map((topic) =>
      watchTopic(topic as WsTopic, {
        onMessage: (message) => {
          if (message.type !== 'sportsbook.changes') return;
          applyBookChanges(queryClient, message.events);
          handler.current?.(message.events);
        },
        // A new socket: what was pushed while it was down did not arrive; read the book again.
        onSubscribed: () => {
          void queryClient.invalidateQueries({ queryKey: ['sportsbook', 'events'] });
          void queryClient.invalidateQueries({ queryKey: ['sportsbook', 'event'] });
        },
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [key, queryClient]);
}
