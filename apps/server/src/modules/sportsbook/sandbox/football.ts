import { lineText } from '../feed/markets.ts';
import { price, pushAdjusted } from './pricing.ts';
import type { Random } from './random.ts';
import { ordered, liveStatus, lost, outcome, refunded, won, type MarketOdds, type MarketSettlement, type ScriptedMessage, type SettledOutcome } from './script.ts';

/**
 * Football: each side's goals are Poisson with a mean from the two teams' strengths (home
 * advantage included); live, the goals still to come are Poisson over the time left, added to
 * the score, which prices 1X2, double chance, draw no bet, totals 0.5…5.5, Asian handicap lines
 * (whole, half and quarter), both teams to score and correct score.
 */
export const TOTAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5];
export const HANDICAP_LINES = [-1.5, -1.25, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5];
const MAX_GOALS = 12;
const CORRECT_SCORE_MAX = 4;

function poissonTable(mean: number): number[] {
  const table: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= MAX_GOALS; k += 1) {
    table.push(p);
    p = (p * mean) / (k + 1);
  }
  return table;
}

/** P(final score = (home + i, away + j)) as a list. */
function finalScores(home: number, away: number, remainingHome: number, remainingAway: number): { home: number; away: number; p: number }[] {
  const h = poissonTable(remainingHome);
  const a = poissonTable(remainingAway);
  const scores: { home: number; away: number; p: number }[] = [];
  for (let i = 0; i <= MAX_GOALS; i += 1) for (let j = 0; j <= MAX_GOALS; j += 1) scores.push({ home: home + i, away: away + j, p: h[i]! * a[j]! });
  return scores;
}

/** A handicap line's halves: a quarter line is two half-stakes on the lines either side. */
export function handicapHalves(hcp: number): number[] {
  return Math.round(hcp * 4) % 2 !== 0 ? [hcp - 0.25, hcp + 0.25] : [hcp];
}

export function footballMarkets(input: { home: number; away: number; lambdaHome: number; lambdaAway: number; remaining: number; marginBp: number }): MarketOdds[] {
  const { home, away, marginBp } = input;
  const scores = finalScores(home, away, input.lambdaHome * input.remaining, input.lambdaAway * input.remaining);
  const sum = (test: (home: number, away: number) => boolean) => scores.reduce((total, score) => (test(score.home, score.away) ? total + score.p : total), 0);
  const pHome = sum((h, a) => h > a);
  const pDraw = sum((h, a) => h === a);
  const pAway = sum((h, a) => h < a);
  const markets: MarketOdds[] = [];
  const add = (type: string, specifiers: Record<string, string>, outcomes: ReturnType<typeof price>[]) => markets.push({ type, specifiers, status: liveStatus(outcomes), outcomes });
  add('1x2', {}, [price('home', pHome, marginBp), price('draw', pDraw, marginBp), price('away', pAway, marginBp)]);
  add('double_chance', {}, [price('home_draw', pHome + pDraw, marginBp), price('home_away', pHome + pAway, marginBp), price('draw_away', pDraw + pAway, marginBp)]);
  const decisive = pHome + pAway;
  add('draw_no_bet', {}, [price('home', decisive > 0 ? pHome / decisive : 0, marginBp), price('away', decisive > 0 ? pAway / decisive : 0, marginBp)]);
  for (const line of TOTAL_LINES) {
    const over = sum((h, a) => h + a > line);
    add('totals', { total: lineText(line) }, [price('over', over, marginBp), price('under', 1 - over, marginBp)]);
  }
  for (const hcp of HANDICAP_LINES) {
    const halves = handicapHalves(hcp);
    const side = (sign: 1 | -1) =>
      pushAdjusted(
        halves.map((line) => ({
          win: sum((h, a) => sign * (h - a + line) > 0),
          push: sum((h, a) => h - a + line === 0),
        })),
      );
    add('asian_handicap', { hcp: lineText(hcp) }, [price('home', side(1), marginBp), price('away', side(-1), marginBp)]);
  }
  const both = sum((h, a) => h > 0 && a > 0);
  add('btts', {}, [price('yes', both, marginBp), price('no', 1 - both, marginBp)]);
  const correct: ReturnType<typeof price>[] = [];
  for (let h = 0; h <= CORRECT_SCORE_MAX; h += 1) for (let a = 0; a <= CORRECT_SCORE_MAX; a += 1) correct.push(price(`${h}:${a}`, sum((x, y) => x === h && y === a), marginBp));
  correct.push(price('other', sum((x, y) => x > CORRECT_SCORE_MAX || y > CORRECT_SCORE_MAX), marginBp));
  add('correct_score', {}, correct);
  return markets;
}

/** Asian handicap results from the final score: quarter lines half won or half lost. */
export function handicapResult(hcp: number, home: number, away: number): { home: SettledOutcome; away: SettledOutcome } {
  const halves = handicapHalves(hcp).map((line) => Math.sign(home - away + line));
  const settle = (id: string, signs: number[]): SettledOutcome => {
    const wins = signs.filter((sign) => sign > 0).length;
    const losses = signs.filter((sign) => sign < 0).length;
    const pushes = signs.length - wins - losses;
    if (pushes === signs.length) return refunded(id);
    if (pushes === 0) return outcome(id, wins > 0);
    return { id, result: wins > 0 ? 'won' : 'lost', voidFactor: 0.5, deadHeatFactor: '1' };
  };
  return { home: settle('home', halves), away: settle('away', halves.map((sign) => -sign)) };
}

export function footballResults(home: number, away: number): MarketSettlement[] {
  const total = home + away;
  const markets: MarketSettlement[] = [
    { type: '1x2', outcomes: [outcome('home', home > away), outcome('draw', home === away), outcome('away', home < away)] },
    { type: 'double_chance', outcomes: [outcome('home_draw', home >= away), outcome('home_away', home !== away), outcome('draw_away', home <= away)] },
    { type: 'draw_no_bet', outcomes: home === away ? [refunded('home'), refunded('away')] : [outcome('home', home > away), outcome('away', home < away)] },
    ...TOTAL_LINES.map((line) => ({ type: 'totals', specifiers: { total: lineText(line) }, outcomes: [outcome('over', total > line), outcome('under', total < line)] })),
    ...HANDICAP_LINES.map((hcp) => {
      const result = handicapResult(hcp, home, away);
      return { type: 'asian_handicap', specifiers: { hcp: lineText(hcp) }, outcomes: [result.home, result.away] };
    }),
    { type: 'btts', outcomes: [outcome('yes', home > 0 && away > 0), outcome('no', !(home > 0 && away > 0))] },
  ];
  const exact = home <= CORRECT_SCORE_MAX && away <= CORRECT_SCORE_MAX ? `${home}:${away}` : 'other';
  const correct: SettledOutcome[] = [];
  for (let h = 0; h <= CORRECT_SCORE_MAX; h += 1) for (let a = 0; a <= CORRECT_SCORE_MAX; a += 1) correct.push(`${h}:${a}` === exact ? won(`${h}:${a}`) : lost(`${h}:${a}`));
  correct.push(exact === 'other' ? won('other') : lost('other'));
  markets.push({ type: 'correct_score', outcomes: correct });
  return markets;
}

export interface FootballPlan {
  lambdaHome: number;
  lambdaAway: number;
  /** Stoppage minutes of each half. */
  stoppage: [number, number];
  /** Goals by half and match-clock second (the 2nd half's clock starts at 45:00), in order. */
  goals: { half: 1 | 2; second: number; side: 'home' | 'away' }[];
}

/** The match as it will happen: goal means from the strengths, goals drawn minute by minute. */
export function planFootball(random: Random, strengthHome: number, strengthAway: number): FootballPlan {
  const lambdaHome = 1.45 * Math.exp(0.35 * (strengthHome - strengthAway));
  const lambdaAway = 1.1 * Math.exp(0.35 * (strengthAway - strengthHome));
  const stoppage: [number, number] = [random.int(1, 3), random.int(2, 6)];
  const goals: FootballPlan['goals'] = [];
  for (const half of [1, 2] as const) {
    for (let minute = 0; minute < 45 + stoppage[half - 1]!; minute += 1) {
      for (const side of ['home', 'away'] as const) {
        if (random.next() < (side === 'home' ? lambdaHome : lambdaAway) / 90) goals.push({ half, second: ((half - 1) * 45 + minute) * 60 + random.int(1, 59), side });
      }
    }
  }
  goals.sort((a, b) => a.half - b.half || a.second - b.second);
  return { lambdaHome, lambdaAway, stoppage, goals };
}

export interface MatchTiming {
  startMs: number;
  /** Real milliseconds per match minute (60,000 in real time; less to speed a demo up). */
  minuteMs: number;
  marginBp: number;
}

/** How long markets stay suspended after a goal before they reopen with new odds. */
export const stopMs = (minuteMs: number) => Math.min(10_000, Math.floor(minuteMs / 3));

/**
 * The live part of a football fixture's script, from kick-off to settlement: an odds change each
 * match minute (clock, score, repriced markets), a bet stop at each goal and the markets reopened
 * with the new score a few seconds later, half time, full time (markets deactivated), the
 * settlement two minutes later. With `correction`, the first result reported counts a goal the
 * referee disallowed (an extra away goal): it is settled live-scouted, then, ten minutes later,
 * the score is corrected, the settlement rolled back and settled again, confirmed.
 */
export function footballLive(plan: FootballPlan, timing: MatchTiming, correction: boolean): ScriptedMessage[] {
  const { startMs, minuteMs, marginBp } = timing;
  const secondHalfStartMs = startMs + (45 + plan.stoppage[0] + 15) * minuteMs;
  /** Real time of a match-clock second in a half. */
  const at = (half: 1 | 2, second: number) => (half === 1 ? startMs + (second / 60) * minuteMs : secondHalfStartMs + ((second - 2700) / 60) * minuteMs);
  const messages: ScriptedMessage[] = [];
  const score = (half: 1 | 2, second: number) => {
    const before = plan.goals.filter((goal) => goal.half < half || (goal.half === half && goal.second <= second));
    const home = before.filter((goal) => goal.side === 'home').length;
    return { home, away: before.length - home };
  };
  const detail = (half: 1 | 2, second: number) => {
    const first = score(1, Number.MAX_SAFE_INTEGER);
    const now = score(half, second);
    return half === 1 ? [{ period: '1H', ...now }] : [{ period: '1H', ...first }, { period: '2H', home: now.home - first.home, away: now.away - first.away }];
  };
  const oddsChange = (timestamp: number, half: 1 | 2, second: number, period: string) => {
    const now = score(half, second);
    // The time left in the match, stoppage time included (as a share of the 90 minutes the goal means are for).
    const firstHalfEnd = (45 + plan.stoppage[0]) * 60;
    const secondHalfLength = (45 + plan.stoppage[1]) * 60;
    const left = half === 1 ? Math.max(0, firstHalfEnd - second) + secondHalfLength : Math.max(0, 2700 + secondHalfLength - second);
    const remaining = left / 5400;
    messages.push({
      kind: 'odds_change',
      timestamp,
      event: { status: 'live', homeScore: now.home, awayScore: now.away, period, clockSeconds: second, scoreDetail: detail(half, second) },
      markets: footballMarkets({ home: now.home, away: now.away, lambdaHome: plan.lambdaHome, lambdaAway: plan.lambdaAway, remaining, marginBp }),
    });
  };
  const stop = stopMs(minuteMs);
  const stopped = (timestamp: number) => plan.goals.some((goal) => timestamp >= at(goal.half, goal.second) && timestamp < at(goal.half, goal.second) + stop);
  for (const half of [1, 2] as const) {
    const first = (half - 1) * 2700;
    const last = first + (45 + plan.stoppage[half - 1]!) * 60;
    for (let second = first; second < last; second += 60) {
      const timestamp = at(half, second);
      if (!stopped(timestamp)) oddsChange(timestamp, half, second, half === 1 ? '1H' : '2H');
    }
    const endMs = at(half, last);
    let reopenAtWhistle = false;
    for (const goal of plan.goals.filter((item) => item.half === half)) {
      const timestamp = at(half, goal.second);
      messages.push({ kind: 'bet_stop', timestamp });
      // A goal in the half's last seconds: the whistle comes first (half time reopens the markets, full time closes them).
      if (timestamp + stop < endMs) oddsChange(timestamp + stop, half, goal.second + Math.round((stop / minuteMs) * 60), half === 1 ? '1H' : '2H');
      else reopenAtWhistle = true;
    }
    const final = score(half, last);
    if (half === 1) {
      const halfTime = { status: 'live' as const, homeScore: final.home, awayScore: final.away, period: 'HT', clockSeconds: 2700, scoreDetail: detail(1, last) };
      if (reopenAtWhistle) {
        oddsChange(endMs, 1, last, 'HT');
        const priced = messages.at(-1)!;
        if (priced.kind === 'odds_change') priced.event = halfTime;
      } else {
        messages.push({ kind: 'odds_change', timestamp: endMs, event: halfTime });
      }
      continue;
    }
    const reported = correction ? { home: final.home, away: final.away + 1 } : final;
    const closed = footballMarkets({ ...reported, lambdaHome: plan.lambdaHome, lambdaAway: plan.lambdaAway, remaining: 0, marginBp }).map((market) => ({ ...market, status: 'deactivated' as const }));
    const ended = (home: number, away: number) => ({ status: 'ended' as const, homeScore: home, awayScore: away, period: 'FT', clockSeconds: null });
    messages.push({ kind: 'odds_change', timestamp: endMs, event: ended(reported.home, reported.away), markets: closed });
    messages.push({ kind: 'bet_settlement', timestamp: endMs + 2 * minuteMs, certainty: correction ? 'live_scouted' : 'confirmed', markets: footballResults(reported.home, reported.away) });
    if (correction) {
      const fixedAt = endMs + 10 * minuteMs;
      messages.push({ kind: 'odds_change', timestamp: fixedAt, event: ended(final.home, final.away) });
      messages.push({ kind: 'rollback_bet_settlement', timestamp: fixedAt + 1, markets: footballResults(reported.home, reported.away).map(({ type, specifiers }) => ({ type, specifiers })) });
      messages.push({ kind: 'bet_settlement', timestamp: fixedAt + 2, certainty: 'confirmed', markets: footballResults(final.home, final.away) });
    }
  }
  return ordered(messages);
}
