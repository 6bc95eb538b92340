import { price } from './pricing.ts';
import type { Random } from './random.ts';
import { liveStatus, ordered, outcome, type MarketOdds, type ScriptedMessage } from './script.ts';

/**
 * Cockfight (vendor DS88's arena): meron (the favourite's corner) against wala, a draw now and
 * then. Betting closes when the fight starts (a bet stop), the fight runs a few minutes on the
 * clock, the result settles half a minute after it ends.
 */
const DRAW = 0.04;

export interface CockfightPlan {
  meron: number;
  winner: 'meron' | 'wala' | 'draw';
  seconds: number;
}

export function planCockfight(random: Random, strengthHome: number, strengthAway: number): CockfightPlan {
  const meron = Math.min(0.8, Math.max(0.2, 0.5 + 0.1 * (strengthHome - strengthAway))) * (1 - DRAW);
  const draw = random.next();
  const winner = draw < DRAW ? 'draw' : draw < DRAW + meron ? 'meron' : 'wala';
  return { meron, winner, seconds: random.int(90, 420) };
}

export function cockfightMarkets(plan: CockfightPlan, marginBp: number, status: 'active' | 'suspended' | 'deactivated' = 'active'): MarketOdds[] {
  const outcomes = [price('meron', plan.meron, marginBp), price('wala', 1 - DRAW - plan.meron, marginBp), price('draw', DRAW, marginBp)];
  return [{ type: 'cockfight_winner', specifiers: {}, status: status === 'active' ? liveStatus(outcomes) : status, outcomes }];
}

export function cockfightLive(plan: CockfightPlan, timing: { startMs: number; minuteMs: number; marginBp: number }): ScriptedMessage[] {
  const ms = (seconds: number) => (seconds / 60) * timing.minuteMs;
  const messages: ScriptedMessage[] = [{ kind: 'bet_stop', timestamp: timing.startMs }];
  for (let second = 0; second < plan.seconds; second += 30) {
    messages.push({ kind: 'odds_change', timestamp: timing.startMs + ms(second) + 1, event: { status: 'live', homeScore: 0, awayScore: 0, period: 'FIGHT', clockSeconds: second } });
  }
  const end = timing.startMs + ms(plan.seconds);
  const home = plan.winner === 'meron' ? 1 : 0;
  const away = plan.winner === 'wala' ? 1 : 0;
  messages.push({ kind: 'odds_change', timestamp: end, event: { status: 'ended', homeScore: home, awayScore: away, period: 'END', clockSeconds: null }, markets: cockfightMarkets(plan, timing.marginBp, 'deactivated') });
  messages.push({
    kind: 'bet_settlement',
    timestamp: end + ms(30),
    certainty: 'confirmed',
    markets: [{ type: 'cockfight_winner', outcomes: (['meron', 'wala', 'draw'] as const).map((id) => outcome(id, plan.winner === id)) }],
  });
  return ordered(messages);
}
