import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BallIcon, Tabs } from '@app/ui';
import { PageHeader } from '../../../shared/components/page-header.tsx';
import { sportsQueryOptions } from '../api/sportsbook.api.ts';
import { SlipDock } from '../components/bet-slip.tsx';
import { useBookNames } from '../components/book-names.ts';
import { EventList } from '../components/event-list.tsx';
import { MyBets, type MyBetsStatus } from '../components/my-bets.tsx';
import '../components/sportsbook.css';

const TABS = ['book', 'myBets'] as const;
type BookTab = (typeof TABS)[number];

/**
 * /sports (spec §2's sports list page): the house book first — sport tabs, "live now" and
 * "starting soon" with the main market's odds, the slip, my bets — then the sports vendors'
 * games (`vendors`, the games feature's list, passed in by the router) below it.
 */
export function SportsbookPage({ vendors }: { vendors?: ReactNode }) {
  const { t } = useTranslation('sportsbook');
  const [params, setParams] = useSearchParams();
  const tab: BookTab = params.get('tab') === 'mybets' ? 'myBets' : 'book';
  const sport = params.get('sport');
  const betsStatus: MyBetsStatus = params.get('bets') === 'settled' ? 'settled' : 'open';
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className="page sb-page" data-testid="sportsbook-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} icon={<BallIcon />} />
      <div className="sb-layout">
        <div className="sb-main">
          <Tabs
            label={t('tabs.label')}
            value={tab}
            onChange={(next) => update({ tab: next === 'myBets' ? 'mybets' : null })}
            items={TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
          />
          {tab === 'book' ? (
            <>
              <SportTabs sport={sport} onSport={(id) => update({ sport: id })} />
              <EventList key={`live-${sport ?? ''}`} sport={sport} state="live" />
              <EventList key={`upcoming-${sport ?? ''}`} sport={sport} state="upcoming" />
            </>
          ) : (
            <MyBets status={betsStatus} onStatus={(status) => update({ bets: status === 'settled' ? 'settled' : null })} />
          )}
          {vendors ? <div className="sb-vendors" data-testid="sb-vendors">{vendors}</div> : null}
        </div>
        <SlipDock />
      </div>
    </div>
  );
}

function SportTabs({ sport, onSport }: { sport: string | null; onSport: (id: string | null) => void }) {
  const { t } = useTranslation('sportsbook');
  const names = useBookNames();
  const sports = useQuery(sportsQueryOptions());
  const list = (sports.data?.sports ?? []).filter((item) => item.live + item.upcoming > 0);
  return (
    <nav className="sb-chips sb-sports" aria-label={t('sports.label')} data-testid="sb-sports">
      <button type="button" aria-pressed={sport === null} className={sport === null ? 'is-active' : ''} onClick={() => onSport(null)}>
        {t('sports.all')}
      </button>
      {list.map((item) => (
        <button key={item.id} type="button" aria-pressed={sport === item.id} className={sport === item.id ? 'is-active' : ''} data-testid="sb-sport" onClick={() => onSport(item.id)}>
          {names.named(item)}
          {item.live > 0 ? <span className="sb-sports__live">{item.live}</span> : null}
        </button>
      ))}
    </nav>
  );
}
