import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@app/ui';
import { eventsQueryOptions, type EventFilter, type EventListState } from '../api/sportsbook.api.ts';
import { EventCard } from './event-card.tsx';
import { slipStore, type BookPrice } from './slip-store.ts';

/**
 * "Ao vivo agora" or "Em breve" for one sport, a whole centre (every e-sport, every cockfight) or
 * the whole book (null), with "load more" on the server's cursor. An empty list folds away: the
 * page shows only what is on offer.
 */
export function EventList({ filter, state }: { filter: EventFilter; state: EventListState }) {
  const { t } = useTranslation('sportsbook');
  const query = useInfiniteQuery(eventsQueryOptions(filter, state));
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.events) ?? [], [query.data]);
  const view = {
    isPending: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
    more: query.hasNextPage ? { fetching: query.isFetchingNextPage, next: () => void query.fetchNextPage() } : null,
  };

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
