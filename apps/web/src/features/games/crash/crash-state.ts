import type { CrashHistoryEntry, CrashMe, CrashMyBet, CrashPlayer, CrashRoundView, CrashState, WsServerMessage } from '@app/contracts';

/**
 * How the pushes of topic `crash` change what the screen shows. Pure functions over the
 * contract's types, so the screen keeps GET /api/crash's answer in the query cache and patches it
 * message by message (the state is read again only after a gap: reconnect, missed round).
 */

/** The server sends the last 20 crash points; the strip keeps as many as it was given. */
const HISTORY_LIMIT = 20;

export type CrashRoundMessage = Extract<WsServerMessage, { type: 'crash.round' }>;
export type CrashPlayerMessage = Extract<WsServerMessage, { type: 'crash.player' }>;

/** A player joined (new betId) or cashed out (same betId, now with cashOut and win). */
export function upsertPlayer(players: readonly CrashPlayer[], player: CrashPlayer): CrashPlayer[] {
  const index = players.findIndex((known) => known.betId === player.betId);
  if (index === -1) return [...players, player];
  return players.map((known, at) => (at === index ? player : known));
}

function historyWith(history: readonly CrashHistoryEntry[], round: CrashRoundView): CrashHistoryEntry[] {
  if (round.crashPoint === null || round.hash === null || history.some((entry) => entry.id === round.id)) return [...history];
  return [{ id: round.id, crashPoint: round.crashPoint, hash: round.hash }, ...history].slice(0, Math.max(HISTORY_LIMIT, history.length));
}

/** A phase change: a new round starts with nobody in it; a crash joins the history strip. */
export function applyRoundMessage(state: CrashState, round: CrashRoundView): CrashState {
  const sameRound = state.round?.id === round.id;
  return {
    ...state,
    round,
    players: sameRound ? state.players : [],
    history: round.phase === 'crashed' ? historyWith(state.history, round) : state.history,
  };
}

export function applyPlayerMessage(state: CrashState, message: CrashPlayerMessage): CrashState {
  if (state.round?.id !== message.roundId) return state;
  return { ...state, players: upsertPlayer(state.players, message.player) };
}

/**
 * The member's own bet as the pushes reveal it: the server's automatic cash-out arrives as a
 * crash.player message with the bet's id; a crash ends a bet still in as lost.
 */
export function applyToMyBet(bet: CrashMyBet | null, message: WsServerMessage): CrashMyBet | null {
  if (!bet) return bet;
  if (message.type === 'crash.player' && message.player.betId === bet.id && message.player.cashOut !== null) {
    return { ...bet, status: 'cashed', cashOut: message.player.cashOut, win: message.player.win };
  }
  if (message.type === 'crash.round' && message.round.id === bet.roundId && message.round.phase === 'crashed' && bet.status === 'placed') {
    return { ...bet, status: 'lost', win: '0.00' };
  }
  return bet;
}

/** The member's bet replaced by the server's answer (bet placed, cashed out, too late). */
export function withCurrentBet(me: CrashMe | undefined, bet: CrashMyBet): CrashMe {
  const recent = (me?.recent ?? []).filter((known) => known.id !== bet.id);
  return { current: bet, recent };
}

/** Whether the member is in the live round with money still riding on the multiplier. */
export function isRiding(bet: CrashMyBet | null, round: CrashRoundView | null): boolean {
  return bet !== null && round !== null && bet.roundId === round.id && bet.status === 'placed' && bet.cashOut === null;
}

function phaseRank(round: CrashRoundView | null): [bigint, number] {
  if (!round) return [-1n, 0];
  return [/^\d+$/.test(round.id) ? BigInt(round.id) : -1n, ['betting', 'running', 'crashed'].indexOf(round.phase)];
}

/**
 * A state read from the server may have left before a push the tab already applied (the crash
 * arrives while GET /api/crash is on its way back): the later of the two rounds wins, so the
 * screen never steps back from "crashed" to "running".
 */
export function preferNewer(cached: CrashState | undefined, fetched: CrashState): CrashState {
  if (!cached) return fetched;
  const [cachedId, cachedPhase] = phaseRank(cached.round);
  const [fetchedId, fetchedPhase] = phaseRank(fetched.round);
  const cachedIsLater = cachedId > fetchedId || (cachedId === fetchedId && cachedPhase > fetchedPhase);
  return cachedIsLater ? { ...fetched, round: cached.round, players: cached.players, history: cached.history } : fetched;
}
