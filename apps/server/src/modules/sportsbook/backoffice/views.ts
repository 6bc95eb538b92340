import type { SportsbookAdminEventDetail, SportsbookAdminEventRow } from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import * as repository from './console.repository.ts';
import { oddsText } from './operator-feed.ts';

export const money = (cents: bigint | number | string | null | undefined) => formatCents(BigInt(cents ?? 0));

export const eventRowView = (row: repository.EventRow): SportsbookAdminEventRow => ({
  id: row.id,
  producer: row.producer,
  sport: { id: row.sport_id, namePt: row.sport_pt, nameEn: row.sport_en },
  tournament: { id: row.tournament_id, namePt: row.tournament_pt, nameEn: row.tournament_en },
  category: { id: row.category_id, namePt: row.category_pt, nameEn: row.category_en },
  home: row.home,
  away: row.away,
  competitors: row.competitors,
  startAt: row.start_at.toISOString(),
  status: row.status,
  homeScore: row.home_score,
  awayScore: row.away_score,
  period: row.period,
  clockSeconds: row.clock_seconds,
  markets: row.markets,
  openTickets: row.open_tickets,
});

/** Σ(1/odds) − 1 of the active outcomes, in percent with two places. */
function marginOf(outcomes: ReadonlyArray<{ odds: bigint; active: boolean }>): string | null {
  const active = outcomes.filter((outcome) => outcome.active);
  if (active.length < 2) return null;
  const book = active.reduce((sum, outcome) => sum + 1000 / Number(outcome.odds), 0);
  return ((book - 1) * 100).toFixed(2);
}

export async function eventDetail(db: Db, row: repository.EventRow): Promise<SportsbookAdminEventDetail> {
  const [markets, outcomes, liability, results] = await Promise.all([
    repository.marketsOf(db, row.id),
    repository.outcomesOf(db, row.id),
    repository.outcomeLiability(db, row.id),
    repository.resultsOf(db, row.id),
  ]);
  const liabilityOf = new Map(liability.map((entry) => [`${entry.market_key} ${entry.outcome_id}`, entry]));
  const eventTotals = (await repository.eventLiabilityOf(db, row.id)) ?? { tickets: 0, stake: 0n, potential: 0n };
  return {
    ...eventRowView(row),
    markets: markets.map((market) => {
      const own = outcomes.filter((outcome) => outcome.market_key === market.market_key);
      return {
        marketKey: market.market_key,
        type: market.type,
        specifiers: Object.fromEntries(market.specifiers === '' ? [] : market.specifiers.split('|').map((pair) => pair.split('=') as [string, string])),
        status: market.status,
        marginPercent: marginOf(own),
        stakeAtRisk: money(market.stake_at_risk),
        outcomes: own.map((outcome) => {
          const exposure = liabilityOf.get(`${market.market_key} ${outcome.outcome_id}`);
          return { id: outcome.outcome_id, odds: oddsText(outcome.odds), active: outcome.active, liability: money(exposure?.potential), stake: money(exposure?.stake), tickets: exposure?.tickets ?? 0 };
        }),
        results: results
          .filter((result) => result.market_key === market.market_key)
          .map((result) => ({ seq: result.seq.toString(), kind: result.kind, producer: result.producer, at: result.created_at.toISOString(), outcomes: result.results })),
      };
    }),
    liability: { tickets: eventTotals.tickets, stake: money(eventTotals.stake), potentialReturn: money(eventTotals.potential) },
  };
}
