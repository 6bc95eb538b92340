import type { FeedMessage } from '../feed/messages.ts';

/** A message of a fixture's script before the producer and event id are filled in. */
export type ScriptedMessage = FeedMessage extends infer M ? (M extends FeedMessage ? Omit<M, 'producer' | 'eventId'> : never) : never;
export type MarketOdds = Extract<FeedMessage, { kind: 'odds_change' }>['markets'] extends (infer T)[] | undefined ? T : never;
export type MarketSettlement = Extract<FeedMessage, { kind: 'bet_settlement' }>['markets'][number];
export type SettledOutcome = MarketSettlement['outcomes'][number];

export const won = (id: string): SettledOutcome => ({ id, result: 'won', voidFactor: 0, deadHeatFactor: '1' });
export const lost = (id: string): SettledOutcome => ({ id, result: 'lost', voidFactor: 0, deadHeatFactor: '1' });
/** A void outcome: the stake back whatever happened (the feed's convention: result lost, void factor 1). */
export const refunded = (id: string): SettledOutcome => ({ id, result: 'lost', voidFactor: 1, deadHeatFactor: '1' });
export const outcome = (id: string, wins: boolean): SettledOutcome => (wins ? won(id) : lost(id));

/** A market whose every outcome is decided, or whose favourite is (nearly) certain, takes no more bets. */
export function liveStatus(outcomes: readonly { active: boolean }[]): 'active' | 'deactivated' {
  return outcomes.filter((item) => item.active).length >= 2 ? 'active' : 'deactivated';
}

/** Strictly increasing timestamps within a fixture: the book applies (event, kind, timestamp) once. */
export function ordered(messages: ScriptedMessage[]): ScriptedMessage[] {
  const sorted = [...messages].sort((a, b) => a.timestamp - b.timestamp);
  let last = Number.NEGATIVE_INFINITY;
  return sorted.map((message) => {
    const timestamp = Math.max(Math.round(message.timestamp), last + 1);
    last = timestamp;
    return { ...message, timestamp } as ScriptedMessage;
  });
}
