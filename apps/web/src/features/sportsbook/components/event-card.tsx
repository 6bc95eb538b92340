import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SportsbookEventSummary } from '@app/contracts';
import { eventName, useBookNames, useStartTime } from './book-names.ts';
import { OddsButton, useJustChanged } from './odds-button.tsx';

export function EventClock({ event }: { event: Pick<SportsbookEventSummary, 'status' | 'homeScore' | 'awayScore' | 'period' | 'clockSeconds' | 'startAt'> }) {
  const { t } = useTranslation('sportsbook');
  const startTime = useStartTime();
  if (event.status === 'live') {
    return (
      <span className="sb-clock is-live" data-testid="sb-event-clock">
        <span className="sb-live-dot" aria-hidden="true" />
        {t('event.live')}
        {event.period ? ` · ${event.period}` : ''}
        {event.clockSeconds !== null ? ` · ${t('event.clock', { minutes: Math.floor(event.clockSeconds / 60) })}` : ''}
      </span>
    );
  }
  if (event.status === 'not_started') return <span className="sb-clock" data-testid="sb-event-clock">{startTime(event.startAt)}</span>;
  return <span className="sb-clock" data-testid="sb-event-clock">{t(`event.status.${event.status}`)}</span>;
}

/** One row of "live now" / "starting soon": tournament, participants, score or start, the main market's odds. */
export function EventCard({ event }: { event: SportsbookEventSummary }) {
  const { t } = useTranslation('sportsbook');
  const names = useBookNames();
  const market = event.mainMarket;
  const live = event.status === 'live';
  const name = eventName(event);
  const scored = useJustChanged(`${event.homeScore ?? 0}-${event.awayScore ?? 0}`);
  return (
    <article className={scored ? 'sb-event is-scored' : 'sb-event'} data-testid="sb-event" data-event-id={event.id}>
      <header className="sb-event__meta">
        <span className="sb-event__tournament">{names.named(event.category)} · {names.named(event.tournament)}</span>
        <EventClock event={event} />
      </header>
      <Link className="sb-event__teams" to={`/sports/event/${encodeURIComponent(event.id)}`} data-testid="sb-event-link">
        <span className="sb-event__team">
          <span>{event.home ?? event.competitors[0]}</span>
          {live ? <strong data-testid="sb-event-score">{event.homeScore ?? 0}</strong> : null}
        </span>
        <span className="sb-event__team">
          <span>{event.away ?? event.competitors[1]}</span>
          {live ? <strong>{event.awayScore ?? 0}</strong> : null}
        </span>
        <span className="sb-event__more">{t('lists.moreMarkets')}</span>
      </Link>
      {market ? (
        <div className="sb-event__odds" style={{ gridTemplateColumns: `repeat(${market.outcomes.length}, minmax(0, 1fr))` }}>
          {market.outcomes.map((outcome) => (
            <OddsButton
              key={outcome.id}
              compact
              label={names.outcome(outcome.nameKey, outcome.params)}
              locked={market.status !== 'active' || !outcome.active}
              selection={{
                eventId: event.id,
                eventName: name,
                marketKey: market.marketKey,
                marketNameKey: market.nameKey,
                marketSpecifiers: market.specifiers,
                outcomeId: outcome.id,
                outcomeNameKey: outcome.nameKey,
                outcomeParams: outcome.params,
                odds: outcome.odds,
              }}
            />
          ))}
        </div>
      ) : (
        <p className="sb-event__none">{t('lists.noMarket')}</p>
      )}
    </article>
  );
}
