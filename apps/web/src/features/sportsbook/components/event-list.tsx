import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@app/ui';
import { eventsQueryOptions, type EventListState } from '../api/sportsbook.api.ts';
import { EventCard } from './event-card.tsx';
import { slipStore } from './slip-store.ts';

/** "Ao vivo agora" or "Em breve" for the chosen sport, with "load more" on the server's cursor. */
export function EventList({ sport, state }: { sport: string | null; state: EventListState }) {
  const { t } = useTranslation('sportsbook');
  const query = useInfiniteQuery(eventsQueryOptions(sport, state));
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.events) ?? [], [query.data]);

  // The slip shows the odds the book shows now.
  useEffect(() => {
    const updates = new Map<string, string>();
    for (const event of events) for (const outcome of event.mainMarket?.outcomes ?? []) updates.set(`${event.id}|${event.mainMarket!.marketKey}|${outcome.id}`, outcome.odds);
    if (updates.size > 0) slipStore.updateOdds(updates);
  }, [events]);

  return (
    <section className="sb-list" aria-labelledby={`sb-list-${state}`} data-testid={`sb-list-${state}`}>
      <h2 className="sb-list__title" id={`sb-list-${state}`}>
        {state === 'live' ? <span className="sb-live-dot" aria-hidden="true" /> : null}
        {t(state === 'live' ? 'lists.live' : 'lists.upcoming')}
      </h2>
      {query.isPending ? (
        <div className="sb-list__state"><Spinner label={t('lists.loading')} /></div>
      ) : query.isError && events.length === 0 ? (
        <div className="sb-list__state" data-testid="sb-list-error">
          <p>{t('lists.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>{t('lists.retry')}</Button>
        </div>
      ) : events.length === 0 ? (
        <p className="sb-list__state" data-testid="sb-list-empty">{t('lists.empty')}</p>
      ) : (
        <div className="sb-list__events">
          {events.map((event) => <EventCard key={event.id} event={event} />)}
        </div>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" block disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid={`sb-load-more-${state}`}>
          {t('lists.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
