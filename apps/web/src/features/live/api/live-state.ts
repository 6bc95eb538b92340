import type { LiveChatMessage, LiveLobby, LiveResult, LiveRoundView, LiveTableState } from '@app/contracts';

/**
 * How the /ws pushes patch what the lobby and a table page hold. Pure, so the tests can check
 * them; the hooks (use-live-lobby.ts, use-live-table.ts) apply them to the query cache.
 */

/** How a result is written in a lobby's lastResults: the roulette number, or P / B / T. */
export function resultToken(result: LiveResult): string {
  if (result.game === 'roulette') return String(result.number);
  return result.winner === 'player' ? 'P' : result.winner === 'banker' ? 'B' : 'T';
}

/** A round of the same id never goes back a phase (a late push after a fresh read is ignored). */
const PHASE_ORDER = { betting: 0, dealing: 1, result: 2 } as const;
function isOlder(next: LiveRoundView, current: LiveRoundView | null): boolean {
  if (!current) return false;
  if (next.id === current.id) return PHASE_ORDER[next.phase] < PHASE_ORDER[current.phase];
  return BigInt(next.id) < BigInt(current.id);
}

export function applyRoundToLobby(lobby: LiveLobby, round: LiveRoundView): LiveLobby {
  return {
    ...lobby,
    tables: lobby.tables.map((table) => {
      if (table.code !== round.tableCode || isOlder(round, table.round)) return table;
      const newRound = table.round?.id !== round.id;
      const justSettled = round.phase === 'result' && round.result !== null && !(table.round?.id === round.id && table.round.phase === 'result');
      return {
        ...table,
        round,
        players: newRound && round.phase === 'betting' ? 0 : table.players,
        lastResults: justSettled && round.result ? [resultToken(round.result), ...table.lastResults].slice(0, 20) : table.lastResults,
      };
    }),
  };
}

export function applyPlayersToLobby(lobby: LiveLobby, tableCode: string, roundId: string, players: number): LiveLobby {
  return { ...lobby, tables: lobby.tables.map((table) => (table.code === tableCode && table.round?.id === roundId ? { ...table, players } : table)) };
}

export function applyRoundToTable(state: LiveTableState, round: LiveRoundView): LiveTableState {
  if (round.tableCode !== state.table.code || isOlder(round, state.round)) return state;
  const newRound = state.round?.id !== round.id;
  return { ...state, round, players: newRound && round.phase === 'betting' ? 0 : state.players };
}

export function applyPlayersToTable(state: LiveTableState, roundId: string, players: number): LiveTableState {
  return state.round?.id === roundId ? { ...state, players } : state;
}

const CHAT_KEPT = 100;

export function applyChatMessage(state: LiveTableState, message: LiveChatMessage): LiveTableState {
  if (state.chat.some((entry) => entry.id === message.id)) return state;
  return { ...state, chat: [...state.chat, message].slice(-CHAT_KEPT) };
}

export function applyChatRemoved(state: LiveTableState, messageId: string): LiveTableState {
  return { ...state, chat: state.chat.filter((entry) => entry.id !== messageId) };
}
