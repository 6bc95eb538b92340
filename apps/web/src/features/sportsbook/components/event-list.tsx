import { useInfiniteQuery, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsbookEventSummary } from '@app/contracts';
import { Button, Spinner } from '@app/ui';
import { eventsFirstPageQueryOptions, eventsQueryOptions, type EventListState } from '../api/sportsbook.api.ts';
import { EventCard } from './event-card.tsx';
import { slipStore, type BookPrice } from './slip-store.ts';

interface ListView {
  events: SportsbookEventSummary[];
  isPending: boolean;
  isError: boolean;
  retry: () => void;
  more: { fetching: boolean; next: () => void } | null;
}

/** One sport or the whole book: paged on the server's cursor. */
function usePagedList(sport: string | null, state: EventListState, enabled: boolean): ListView {
  const query = useInfiniteQuery({ ...eventsQueryOptions(sport, state), enabled });
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.events) ?? [], [query.data]);
  return {
    events,
    isPending: enabled && query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
    more: query.hasNextPage ? { fetching: query.isFetchingNextPage, next: () => void query.fetchNextPage() } : null,
  };
}

/** Several sports (a game centre's "all"): each sport's first page, merged by start. */
function useMergedList(sports: readonly string[], state: EventListState): ListView {
  const merged = useQueries({
    queries: sports.map((sport) => eventsFirstPageQueryOptions(sport, state)),
    combine: (results) => ({
      events: results.flatMap((result) => result.data?.events ?? []).sort((a, b) => a.startAt.localeCompare(b.startAt) || a.id.localeCompare(b.id)),
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
    }),
  });
  const queryClient = useQueryClient();
  return { ...merged, retry: () => void queryClient.refetchQueries({ queryKey: ['sportsbook', 'events'] }), more: null };
}

/**
 * "Ao vivo agora" or "Em breve" for the chosen sports (null: the whole book), with "load more" on
 * the server's cursor. An empty list folds away: the page shows only what is on offer.
 */
export function EventList({ sports, state }: { sports: readonly string[] | null; state: EventListState }) {
  const { t } = useTranslation('sportsbook');
  const merged = sports !== null && sports.length > 1;
  const paged = usePagedList(sports?.[0] ?? null, state, !merged);
  const mergedView = useMergedList(merged ? sports : [], state);
  const view = merged ? mergedView : paged;
  const { events } = view;

  // The slip shows the odds the book shows now.
  useEffect(() => {
    const updates = new Map<string, BookPrice>();
    for (const event of events) {
      const market = event.mainMarket;
      for (const outcome of market?.outcomes ?? []) updates.set(`${event.id}|${market!.marketKey}|${outcome.id}`, { odds: outcome.odds, locked: market!.status !== 'active' || !outcome.active });
    }
    if (updates.size > 0) slipStore.updateOdds(updates);
  }, [events]);

  if (!view.isPending && !view.isError && events.length === 0) return null;
  return (
    <section className="sb-list" aria-labelledby={`sb-list-${state}`} data-testid={`sb-list-${state}`}>
      <h2 className="sb-list__title" id={`sb-list-${state}`}>
        {state === 'live' ? <span className="sb-live-dot" aria-hidden="true" /> : null}
        {t(state === 'live' ? 'lists.live' : 'lists.upcoming')}
      </h2>
      {view.isPending ? (
        <div className="sb-list__state"><Spinner label={t('lists.loading')} /></div>
      ) : view.isError && events.length === 0 ? (
        <div className="sb-list__state" data-testid="sb-list-error">
          <p>{t('lists.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={view.retry}>{t('lists.retry')}</Button>
        </div>
      ) : (
        <div className="sb-list__events">
          {events.map((event) => <EventCard key={event.id} event={event} />)}
        </div>
      )}
      {view.more ? (
        <Button variant="outline" block disabled={view.more.fetching} onClick={view.more.next} data-testid={`sb-load-more-${state}`}>
          {t('lists.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
