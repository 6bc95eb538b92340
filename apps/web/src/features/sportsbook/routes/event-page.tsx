import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { sportsbookEventTopic, type SportsbookEventDetail, type SportsbookMarketView } from '@app/contracts';
import { ChevronDownIcon, ChevronLeftIcon, Spinner } from '@app/ui';
import { errorCodeOf } from '../../../shared/error-message.ts';
import { useBookTopics } from '../api/book-live.ts';
import { eventQueryOptions } from '../api/sportsbook.api.ts';
import { SlipDock } from '../components/slip-dock.tsx';
import { eventName, useBookNames } from '../components/book-names.ts';
import { EventClock } from '../components/event-card.tsx';
import { OddsButton, useJustChanged } from '../components/odds-button.tsx';
import { slipStore, type BookPrice } from '../components/slip-store.ts';
import '../components/sportsbook.css';

/** /sports/event/:id: the scoreboard and every market, grouped by type and collapsible; refreshed every few seconds while live. */
export function EventPage() {
  const { t } = useTranslation('sportsbook');
  const { id = '' } = useParams();
  const query = useQuery(eventQueryOptions(id));
  const event = query.data;
  const [category, setCategory] = useState<MarketCategory | null>(null);
  useBookTopics(id ? [sportsbookEventTopic(id)] : []);
  const categories = useMemo(() => [...new Set((event?.marketGroups ?? []).map((group) => categoryOf(group.type)))].sort((a, b) => CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b)), [event]);
  const shownGroups = (event?.marketGroups ?? []).filter((group) => category === null || categoryOf(group.type) === category);

  useEffect(() => {
    if (!event) return;
    const updates = new Map<string, BookPrice>();
    for (const group of event.marketGroups) {
      for (const market of group.markets) for (const outcome of market.outcomes) updates.set(`${event.id}|${market.marketKey}|${outcome.id}`, { odds: outcome.odds, locked: market.status !== 'active' || !outcome.active });
    }
    slipStore.updateOdds(updates);
  }, [event]);

  return (
    <div className="page sb-page" data-testid="sportsbook-event-page">
      <div className="sb-layout">
        <div className="sb-main">
          <Link to={event?.sport.kind === 'esport' ? '/esports' : event?.sport.kind === 'cockfight' ? '/cockfight' : '/sports'} className="sb-back" data-testid="sb-back"><ChevronLeftIcon size={16} /> {t('event.back')}</Link>
          {query.isPending ? (
            <div className="sb-list__state"><Spinner label={t('lists.loading')} /></div>
          ) : !event ? (
            <p className="sb-list__state" data-testid="sb-event-missing">{errorCodeOf(query.error) === 'sportsbook.event_not_found' ? t('event.notFound') : t('lists.loadFailed')}</p>
          ) : (
            <>
              <Scoreboard event={event} />
              {event.marketGroups.length === 0 ? <p className="sb-list__state">{t('event.noMarkets')}</p> : null}
              {categories.length > 1 ? <CategoryChips categories={categories} category={category} onCategory={setCategory} /> : null}
              {shownGroups.map((group) => <MarketGroup key={group.type} event={event} group={group} />)}
            </>
          )}
        </div>
        <SlipDock />
      </div>
    </div>
  );
}

/** The event page's market tabs, as players know them: main, goals/points, handicap, maps/players, score. */
const CATEGORIES = ['main', 'totals', 'handicap', 'maps', 'score', 'other'] as const;
type MarketCategory = (typeof CATEGORIES)[number];
const CATEGORY_OF: Record<string, MarketCategory> = {
  '1x2': 'main',
  double_chance: 'main',
  draw_no_bet: 'main',
  match_winner: 'main',
  cockfight_winner: 'main',
  btts: 'totals',
  totals: 'totals',
  asian_handicap: 'handicap',
  map_winner: 'maps',
  correct_score: 'score',
};
const categoryOf = (type: string): MarketCategory => CATEGORY_OF[type] ?? (type.startsWith('player') || type.startsWith('map') ? 'maps' : 'other');

function CategoryChips({ categories, category, onCategory }: { categories: readonly MarketCategory[]; category: MarketCategory | null; onCategory: (next: MarketCategory | null) => void }) {
  const { t } = useTranslation('sportsbook');
  return (
    <nav className="sb-chips" aria-label={t('event.categories.label')} data-testid="sb-market-categories">
      {[null, ...categories].map((id) => (
        <button key={id ?? 'all'} type="button" aria-pressed={category === id} className={category === id ? 'is-active' : ''} data-testid={`sb-category-${id ?? 'all'}`} onClick={() => onCategory(id)}>
          {t(`event.categories.${id ?? 'all'}`)}
        </button>
      ))}
    </nav>
  );
}

function Scoreboard({ event }: { event: SportsbookEventDetail }) {
  const names = useBookNames();
  const live = event.status === 'live';
  const scored = useJustChanged(`${event.homeScore ?? 0}-${event.awayScore ?? 0}`);
  return (
    <section className="sb-scoreboard" data-testid="sb-scoreboard">
      <p className="sb-scoreboard__meta">{names.named(event.sport)} · {names.named(event.category)} · {names.named(event.tournament)}</p>
      <h1 className="sb-scoreboard__teams" data-testid="page-title">
        <span>{event.home ?? event.competitors[0]}</span>
        {live ? <strong className={scored ? 'sb-scoreboard__score is-flash' : 'sb-scoreboard__score'} data-testid="sb-scoreboard-score" aria-live="polite">{event.homeScore ?? 0} – {event.awayScore ?? 0}</strong> : <span className="sb-scoreboard__vs">×</span>}
        <span>{event.away ?? event.competitors[1]}</span>
      </h1>
      <EventClock event={event} />
      {live && event.scoreDetail.length > 0 ? (
        <p className="sb-scoreboard__periods">{event.scoreDetail.map((period) => `${period.period}: ${period.home}–${period.away}`).join(' · ')}</p>
      ) : null}
    </section>
  );
}

function MarketGroup({ event, group }: { event: SportsbookEventDetail; group: SportsbookEventDetail['marketGroups'][number] }) {
  const names = useBookNames();
  const [open, setOpen] = useState(true);
  const bodyId = `sb-group-${group.type}`;
  return (
    <section className={open ? 'sb-group is-open' : 'sb-group'} data-testid="sb-market-group" data-type={group.type}>
      <button type="button" className="sb-group__head" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)} data-testid="sb-market-group-toggle">
        <span>{names.group(group.nameKey)}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open ? (
        <div className="sb-group__body" id={bodyId}>
          {group.markets.map((market) => <Market key={market.marketKey} event={event} market={market} showName={group.markets.length > 1} />)}
        </div>
      ) : null}
    </section>
  );
}

function Market({ event, market, showName }: { event: SportsbookEventDetail; market: SportsbookMarketView; showName: boolean }) {
  const names = useBookNames();
  const locked = market.status !== 'active';
  const columns = market.outcomes.length === 2 || market.outcomes.length > 3 ? 2 : 3;
  return (
    <div className={locked ? 'sb-market is-locked' : 'sb-market'} data-testid="sb-market" data-status={market.status}>
      {showName ? <p className="sb-market__name">{names.market(market.nameKey, market.specifiers)}</p> : null}
      <div className="sb-market__outcomes" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {market.outcomes.map((outcome) => (
          <OddsButton
            key={outcome.id}
            label={names.outcome(outcome.nameKey, outcome.params)}
            locked={locked || !outcome.active}
            selection={{
              eventId: event.id,
              eventName: eventName(event),
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
    </div>
  );
}
