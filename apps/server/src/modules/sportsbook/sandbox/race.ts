import type { Random } from './random.ts';
import { price } from './pricing.ts';
import { liveStatus, ordered, outcome, type MarketOdds, type ScriptedMessage } from './script.ts';

/**
 * Best-of-N contests: tennis (sets of games, a tie-break game at 6-6), volleyball (sets to 25,
 * the decider to 15, two clear points), CS2 (maps to 13 rounds, two clear) and League of Legends
 * / Dota 2 (maps without an inner score, whose odds drift towards the side that is ahead). A side
 * wins each point with a fixed probability from the strengths; live prices come from the exact
 * probability of winning the unit from its score and the match from the units.
 */
export interface RaceRules {
  bestOf: number;
  /** Points to win a unit; 0: no inner score (the unit's winner is drawn, its duration too). */
  target: number;
  deciderTarget?: number;
  /** Tennis: at tiebreakAt-all one deciding game. */
  tiebreakAt?: number;
  /** 'S' (sets) or 'MAP' (maps: map_winner markets, a map clock for the unscored ones). */
  unit: 'S' | 'MAP';
  /** Real match seconds a point takes, or a whole unscored map. */
  pointSeconds: [number, number];
  breakSeconds: number;
  /** How strongly a strength difference moves a point (or an unscored map). */
  edge: number;
}

function unitProbability(rules: RaceRules, target: number, r: number): (a: number, b: number) => number {
  const memo = new Map<string, number>();
  const deuce = (r * r) / (r * r + (1 - r) * (1 - r));
  const f = (a: number, b: number): number => {
    if (a >= target && a - b >= 2) return 1;
    if (b >= target && b - a >= 2) return 0;
    if (rules.tiebreakAt !== undefined) {
      if (a === rules.tiebreakAt && b === rules.tiebreakAt) return r;
      if (a > rules.tiebreakAt || b > rules.tiebreakAt) return a > b ? 1 : 0;
    } else if (a >= target - 1 && b >= target - 1 && a === b) {
      return deuce;
    } else if (a >= target - 1 && b >= target - 1) {
      return a > b ? r + (1 - r) * deuce : r * deuce;
    }
    const key = `${a}:${b}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = r * f(a + 1, b) + (1 - r) * f(a, b + 1);
    memo.set(key, value);
    return value;
  };
  return f;
}

export interface RacePlan {
  /** Home's chance of a point (or of an unscored map). */
  r: number;
  /** Units as played: each a list of points (true: home) with their durations, or one entry for an unscored map. */
  units: { points: { home: boolean; seconds: number }[] }[];
}

export function planRace(random: Random, rules: RaceRules, strengthHome: number, strengthAway: number): RacePlan {
  const r = Math.min(0.8, Math.max(0.2, 0.5 + rules.edge * (strengthHome - strengthAway)));
  const needed = Math.ceil(rules.bestOf / 2);
  const units: RacePlan['units'] = [];
  let won = [0, 0];
  while (won[0]! < needed && won[1]! < needed) {
    const points: { home: boolean; seconds: number }[] = [];
    const target = units.length + 1 === rules.bestOf && rules.deciderTarget ? rules.deciderTarget : rules.target;
    if (target === 0) {
      points.push({ home: random.next() < r, seconds: random.int(...rules.pointSeconds) });
    } else {
      let [a, b] = [0, 0];
      const done = () => (rules.tiebreakAt !== undefined && (a > rules.tiebreakAt || b > rules.tiebreakAt)) || (a >= target && a - b >= 2) || (b >= target && b - a >= 2);
      while (!done()) {
        const home = random.next() < r;
        points.push({ home, seconds: random.int(...rules.pointSeconds) });
        if (home) a += 1;
        else b += 1;
      }
    }
    const home = points.filter((point) => point.home).length > points.length / 2;
    units.push({ points });
    won = home ? [won[0]! + 1, won[1]!] : [won[0]!, won[1]! + 1];
  }
  return { r, units };
}

const unitWinner = (unit: RacePlan['units'][number]) => unit.points.filter((point) => point.home).length > unit.points.length / 2;

function matchProbability(rules: RaceRules, plan: RacePlan, wonHome: number, wonAway: number, current: number): number {
  const needed = Math.ceil(rules.bestOf / 2);
  const fresh = (index: number) => {
    const target = index === rules.bestOf && rules.deciderTarget ? rules.deciderTarget : rules.target;
    return target === 0 ? plan.r : unitProbability(rules, target, plan.r)(0, 0);
  };
  const m = (u: number, v: number): number => {
    if (u === needed) return 1;
    if (v === needed) return 0;
    const p = fresh(u + v + 1);
    return p * m(u + 1, v) + (1 - p) * m(u, v + 1);
  };
  if (wonHome === needed) return 1;
  if (wonAway === needed) return 0;
  return current * m(wonHome + 1, wonAway) + (1 - current) * m(wonHome, wonAway + 1);
}

export function raceMarkets(rules: RaceRules, plan: RacePlan, state: { unitsHome: number; unitsAway: number; index: number; current: number }, marginBp: number): MarketOdds[] {
  const home = matchProbability(rules, plan, state.unitsHome, state.unitsAway, state.current);
  const markets: MarketOdds[] = [];
  const winner = [price('home', home, marginBp), price('away', 1 - home, marginBp)];
  markets.push({ type: 'match_winner', specifiers: {}, status: liveStatus(winner), outcomes: winner });
  if (rules.unit === 'MAP') {
    for (let map = state.index; map <= rules.bestOf; map += 1) {
      const target = map === rules.bestOf && rules.deciderTarget ? rules.deciderTarget : rules.target;
      const p = map === state.index ? state.current : target === 0 ? plan.r : unitProbability(rules, target, plan.r)(0, 0);
      const outcomes = [price('home', p, marginBp), price('away', 1 - p, marginBp)];
      markets.push({ type: 'map_winner', specifiers: { map: String(map) }, status: liveStatus(outcomes), outcomes });
    }
  }
  return markets;
}

/**
 * The live script: an odds change after each point (each minute of an unscored map), a short bet
 * stop at the end of each unit, map markets settled as each map ends, unplayed maps' markets
 * cancelled, the match winner settled at the end.
 */
export function raceLive(rules: RaceRules, plan: RacePlan, timing: { startMs: number; minuteMs: number; marginBp: number }): ScriptedMessage[] {
  const { minuteMs, marginBp } = timing;
  const ms = (seconds: number) => (seconds / 60) * minuteMs;
  const messages: ScriptedMessage[] = [];
  const detail: { period: string; home: number; away: number }[] = [];
  let [unitsHome, unitsAway] = [0, 0];
  let t = timing.startMs;
  for (const [index0, unit] of plan.units.entries()) {
    const index = index0 + 1;
    const period = `${rules.unit}${index}`;
    const target = index === rules.bestOf && rules.deciderTarget ? rules.deciderTarget : rules.target;
    const unitP = unitProbability(rules, target, plan.r);
    const winsUnit = unitWinner(unit);
    const change = (timestamp: number, a: number, b: number, current: number, clockSeconds: number | null) =>
      messages.push({
        kind: 'odds_change',
        timestamp,
        event: { status: 'live', homeScore: unitsHome, awayScore: unitsAway, period, clockSeconds, scoreDetail: [...detail, { period, home: a, away: b }] },
        markets: raceMarkets(rules, plan, { unitsHome, unitsAway, index, current }, marginBp),
      });
    if (target === 0) {
      const seconds = unit.points[0]!.seconds;
      for (let second = 0; second < seconds; second += 60) {
        const drift = 0.8 * (second / seconds) ** 2;
        change(t + ms(second), 0, 0, plan.r + ((winsUnit ? 1 : 0) - plan.r) * drift, second);
      }
      t += ms(seconds);
    } else {
      let [a, b] = [0, 0];
      change(t, 0, 0, unitP(0, 0), null);
      for (const point of unit.points.slice(0, -1)) {
        t += ms(point.seconds);
        if (point.home) a += 1;
        else b += 1;
        change(t, a, b, unitP(a, b), null);
      }
      t += ms(unit.points.at(-1)!.seconds);
    }
    const last = unit.points.filter((point) => point.home).length;
    detail.push({ period, home: target === 0 ? (winsUnit ? 1 : 0) : last, away: target === 0 ? (winsUnit ? 0 : 1) : unit.points.length - last });
    if (winsUnit) unitsHome += 1;
    else unitsAway += 1;
    messages.push({ kind: 'bet_stop', timestamp: t });
    if (rules.unit === 'MAP') {
      messages.push({ kind: 'bet_settlement', timestamp: t + 1, certainty: 'confirmed', markets: [{ type: 'map_winner', specifiers: { map: String(index) }, outcomes: [outcome('home', winsUnit), outcome('away', !winsUnit)] }] });
    }
    const over = index === plan.units.length;
    if (!over) {
      t += ms(rules.breakSeconds);
      continue;
    }
    const markets = raceMarkets(rules, plan, { unitsHome, unitsAway, index: index + 1, current: 0.5 }, marginBp).map((market) => ({ ...market, status: 'deactivated' as const }));
    messages.push({ kind: 'odds_change', timestamp: t + 2, event: { status: 'ended', homeScore: unitsHome, awayScore: unitsAway, period: 'END', clockSeconds: null, scoreDetail: detail }, markets });
    const homeWins = unitsHome > unitsAway;
    messages.push({ kind: 'bet_settlement', timestamp: t + 2 * minuteMs, certainty: 'confirmed', markets: [{ type: 'match_winner', outcomes: [outcome('home', homeWins), outcome('away', !homeWins)] }] });
    if (rules.unit === 'MAP' && index < rules.bestOf) {
      const unplayed = Array.from({ length: rules.bestOf - index }, (_, k) => ({ type: 'map_winner', specifiers: { map: String(index + 1 + k) } }));
      messages.push({ kind: 'bet_cancel', timestamp: t + 2 * minuteMs + 1, markets: unplayed, reason: 'map not played' });
    }
  }
  return ordered(messages);
}

/** The markets before the first point: the first unit priced like any fresh one. */
export function racePrematch(rules: RaceRules, plan: RacePlan, marginBp: number): MarketOdds[] {
  const current = rules.target === 0 ? plan.r : unitProbability(rules, rules.bestOf === 1 && rules.deciderTarget ? rules.deciderTarget : rules.target, plan.r)(0, 0);
  return raceMarkets(rules, plan, { unitsHome: 0, unitsAway: 0, index: 1, current }, marginBp);
}
