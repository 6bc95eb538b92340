import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BallIcon, Tabs } from '@app/ui';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { useBookTopics } from '../api/book-live.ts';
import { sportsQueryOptions, type EventFilter } from '../api/sportsbook.api.ts';
import { useBookNames } from '../components/book-names.ts';
import { EventList } from '../components/event-list.tsx';
import { MyBets, type MyBetsStatus } from '../components/my-bets.tsx';
import { SlipDock } from '../components/slip-dock.tsx';
import '../components/sportsbook.css';

const TABS = ['book', 'myBets'] as const;
type BookTab = (typeof TABS)[number];
interface Sport {
  id: string;
  kind: 'sport' | 'esport' | 'cockfight';
  namePt: string;
  nameEn: string;
  live: number;
  upcoming: number;
}
export type BookCentre = 'sports' | 'esports' | 'cockfight';

/** Which of the book's sports each centre shows: /sports all of them, the game centres their kind. */
const KINDS: Record<BookCentre, 'esport' | 'cockfight' | null> = { sports: null, esports: 'esport', cockfight: 'cockfight' };

/**
 * /sports (spec §2's sports list page), /esports and /cockfight (game centres): the house book
 * first — sport tabs, "live now" and "starting soon" with the main market's odds, the slip, my
 * bets — then the vendors' games (`vendors`, the games feature's page, passed in by the router)
 * below it. With no events in the book (no feed) the book folds away and the vendors remain.
 */
export function SportsbookPage({ vendors, centre = 'sports' }: { vendors?: ReactNode; centre?: BookCentre }) {
  const { t } = useTranslation('sportsbook');
  const [params, setParams] = useSearchParams();
  const tab: BookTab = params.get('tab') === 'mybets' ? 'myBets' : 'book';
  const betsStatus: MyBetsStatus = params.get('bets') === 'settled' ? 'settled' : 'open';
  const sports = useQuery(sportsQueryOptions());
  const kind = KINDS[centre];
  const offered = (sports.data?.sports ?? []).filter((item) => item.live + item.upcoming > 0 && (kind === null || item.kind === kind));
  const chosen = offered.find((item) => item.id === params.get('sport'))?.id ?? null;
  // "All" of a game centre is its kind (CS2, LoL, Dota 2 paged together); /sports's "all" is the whole book.
  const filter: EventFilter = chosen ? { sport: chosen } : kind === null ? null : { kind };
  const listKey = chosen ?? kind ?? 'all';
  const folded = !sports.isPending && offered.length === 0 && tab === 'book';
  useBookTopics(folded ? [] : ['sportsbook.live']);
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className={folded ? 'page sb-page is-folded' : 'page sb-page'} data-testid="sportsbook-page" data-centre={centre}>
      {folded ? null : (
        <>
          <PageHeader title={t(`centre.${centre}.title`)} subtitle={t(`centre.${centre}.subtitle`)} icon={<BallIcon />} />
          <div className="sb-layout" data-testid="sb-book">
            <div className="sb-main">
              <Tabs
                label={t('tabs.label')}
                value={tab}
                onChange={(next) => update({ tab: next === 'myBets' ? 'mybets' : null })}
                items={TABS.map((id) => ({ id, label: id === 'book' ? t(`centre.${centre}.tab`) : t('tabs.myBets') }))}
              />
              {tab === 'book' ? (
                <>
                  {offered.length > 1 ? <SportTabs sports={offered} sport={chosen} onSport={(id) => update({ sport: id })} /> : null}
                  {sports.isPending ? null : (
                    <>
                      <EventList key={`live-${listKey}`} filter={filter} state="live" />
                      <EventList key={`upcoming-${listKey}`} filter={filter} state="upcoming" />
                    </>
                  )}
                </>
              ) : (
                <MyBets status={betsStatus} onStatus={(status) => update({ bets: status === 'settled' ? 'settled' : null })} />
              )}
            </div>
            <SlipDock />
          </div>
        </>
      )}
      {vendors ? <div className="sb-vendors" data-testid="sb-vendors">{vendors}</div> : null}
    </div>
  );
}

function SportTabs({ sports, sport, onSport }: { sports: readonly Sport[]; sport: string | null; onSport: (id: string | null) => void }) {
  const { t } = useTranslation('sportsbook');
  const names = useBookNames();
  return (
    <nav className="sb-chips sb-sports" aria-label={t('sports.label')} data-testid="sb-sports">
      <button type="button" aria-pressed={sport === null} className={sport === null ? 'is-active' : ''} onClick={() => onSport(null)}>
        {t('sports.all')}
      </button>
      {sports.map((item) => (
        <button key={item.id} type="button" aria-pressed={sport === item.id} className={sport === item.id ? 'is-active' : ''} data-testid="sb-sport" onClick={() => onSport(item.id)}>
          {names.named(item)}
          {item.live > 0 ? <span className="sb-sports__live">{item.live}</span> : null}
        </button>
      ))}
    </nav>
  );
}
