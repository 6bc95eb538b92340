import { lineText } from '../feed/markets.ts';
import { handicapResult } from './football.ts';
import { normalCdf, price } from './pricing.ts';
import type { Random } from './random.ts';
import { liveStatus, ordered, outcome, type MarketOdds, type MarketSettlement, type ScriptedMessage } from './script.ts';

/**
 * Basketball (FIBA: four 10-minute quarters, 5-minute overtimes until a side leads): each side
 * scores 1-, 2- and 3-point baskets at a rate from its strength; live prices use the normal
 * approximation of the points still to come. Markets: match winner (overtime included), totals
 * and a handicap on fixed lines set before the tip-off.
 */
const POINT_VALUES = [1, 2, 2, 2, 2, 2, 2, 3, 3, 3];
/** Variance per point scored (E[v²] / E[v] for the values above). */
const VARIANCE_PER_POINT = 2.36;

export interface BasketballPlan {
  meanHome: number;
  meanAway: number;
  /** Points per minute of play (40 regulation minutes, then 5 per overtime). */
  minutes: { home: number; away: number }[];
  totalLines: number[];
  handicapLines: number[];
}

export function planBasketball(random: Random, strengthHome: number, strengthAway: number): BasketballPlan {
  const meanHome = 82 + 5 * (strengthHome - strengthAway) + 2;
  const meanAway = 80 + 5 * (strengthAway - strengthHome);
  const minute = () => {
    const score = (mean: number) => {
      let points = 0;
      for (let basket = random.poisson(mean / 40 / 2.2); basket > 0; basket -= 1) points += random.pick(POINT_VALUES);
      return points;
    };
    return { home: score(meanHome), away: score(meanAway) };
  };
  const minutes = Array.from({ length: 40 }, minute);
  const totals = () => minutes.reduce((sum, item) => ({ home: sum.home + item.home, away: sum.away + item.away }), { home: 0, away: 0 });
  for (let overtime = 0; totals().home === totals().away; overtime += 1) {
    const extra = Array.from({ length: 5 }, minute);
    if (overtime === 4) extra[4] = { home: extra[4]!.home + 1, away: extra[4]!.away };
    minutes.push(...extra);
  }
  const total = Math.floor(meanHome + meanAway) + 0.5;
  const spread = -Math.round(meanHome - meanAway) - 0.5;
  return { meanHome, meanAway, minutes, totalLines: [total - 10, total - 5, total, total + 5, total + 10], handicapLines: [spread - 4, spread, spread + 4] };
}

export function basketballMarkets(plan: BasketballPlan, state: { home: number; away: number; remainingMinutes: number }, marginBp: number): MarketOdds[] {
  const fraction = state.remainingMinutes / 40;
  const mean = (plan.meanHome - plan.meanAway) * fraction;
  const meanTotal = (plan.meanHome + plan.meanAway) * fraction;
  const sigma = Math.sqrt(VARIANCE_PER_POINT * meanTotal);
  const lead = state.home - state.away;
  const chance = (threshold: number, centre: number) => (sigma > 0 ? 1 - normalCdf((threshold - centre) / sigma) : centre > threshold ? 1 : 0);
  const markets: MarketOdds[] = [];
  const home = sigma > 0 ? normalCdf((lead + mean) / sigma) : lead > 0 ? 1 : lead < 0 ? 0 : 0.5;
  const winner = [price('home', home, marginBp), price('away', 1 - home, marginBp)];
  markets.push({ type: 'match_winner', specifiers: {}, status: liveStatus(winner), outcomes: winner });
  for (const line of plan.totalLines) {
    const over = chance(line, state.home + state.away + meanTotal);
    const outcomes = [price('over', over, marginBp), price('under', 1 - over, marginBp)];
    markets.push({ type: 'totals', specifiers: { total: lineText(line) }, status: liveStatus(outcomes), outcomes });
  }
  for (const hcp of plan.handicapLines) {
    const covers = chance(-hcp, lead + mean);
    const outcomes = [price('home', covers, marginBp), price('away', 1 - covers, marginBp)];
    markets.push({ type: 'asian_handicap', specifiers: { hcp: lineText(hcp) }, status: liveStatus(outcomes), outcomes });
  }
  return markets;
}

export function basketballResults(plan: BasketballPlan, home: number, away: number): MarketSettlement[] {
  return [
    { type: 'match_winner', outcomes: [outcome('home', home > away), outcome('away', away > home)] },
    ...plan.totalLines.map((line) => ({ type: 'totals', specifiers: { total: lineText(line) }, outcomes: [outcome('over', home + away > line), outcome('under', home + away < line)] })),
    ...plan.handicapLines.map((hcp) => {
      const result = handicapResult(hcp, home, away);
      return { type: 'asian_handicap', specifiers: { hcp: lineText(hcp) }, outcomes: [result.home, result.away] };
    }),
  ];
}

/** Quarter (or overtime) of a played minute, and the break before it in minutes. */
function periodOf(minute: number): { period: string; breakBefore: number } {
  if (minute < 40) return { period: `Q${Math.floor(minute / 10) + 1}`, breakBefore: minute === 20 ? 10 : minute % 10 === 0 && minute > 0 ? 2 : 0 };
  return { period: `OT${Math.floor((minute - 40) / 5) + 1}`, breakBefore: (minute - 40) % 5 === 0 ? 2 : 0 };
}

export function basketballLive(plan: BasketballPlan, timing: { startMs: number; minuteMs: number; marginBp: number }): ScriptedMessage[] {
  const messages: ScriptedMessage[] = [];
  let t = timing.startMs;
  let [home, away] = [0, 0];
  const detail: { period: string; home: number; away: number }[] = [];
  for (const [minute, points] of plan.minutes.entries()) {
    const { period, breakBefore } = periodOf(minute);
    t += breakBefore * timing.minuteMs;
    if (detail.at(-1)?.period !== period) detail.push({ period, home: 0, away: 0 });
    const remainingMinutes = minute < 40 ? 40 - minute : 5 - ((minute - 40) % 5);
    messages.push({
      kind: 'odds_change',
      timestamp: t,
      event: { status: 'live', homeScore: home, awayScore: away, period, clockSeconds: minute * 60, scoreDetail: detail.map((item) => ({ ...item })) },
      markets: basketballMarkets(plan, { home, away, remainingMinutes }, timing.marginBp),
    });
    home += points.home;
    away += points.away;
    detail.at(-1)!.home += points.home;
    detail.at(-1)!.away += points.away;
    t += timing.minuteMs;
  }
  const closed = basketballMarkets(plan, { home, away, remainingMinutes: 0 }, timing.marginBp).map((market) => ({ ...market, status: 'deactivated' as const }));
  messages.push({ kind: 'odds_change', timestamp: t, event: { status: 'ended', homeScore: home, awayScore: away, period: 'END', clockSeconds: null, scoreDetail: detail }, markets: closed });
  messages.push({ kind: 'bet_settlement', timestamp: t + 2 * timing.minuteMs, certainty: 'confirmed', markets: basketballResults(plan, home, away) });
  return ordered(messages);
}
