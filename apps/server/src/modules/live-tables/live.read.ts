import { AppError, formatCents, maskName } from '@app/kernel';
import type { LiveChatMessage, LiveHistoryEntry, LiveLobby, LiveMe, LiveRoundDetail, LiveTableState } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { memberBets, countPlayers } from './bets/bets.repository.ts';
import { myBetView } from './bets/bet.service.ts';
import { recentMessages, type LiveChatRow } from './chat/chat.repository.ts';
import * as rounds from './rounds/rounds.repository.ts';
import { roundView, verificationOf } from './rounds/verification.ts';
import { findTable, limitsView, listTables, tableName, tableRange, type LiveTableRow } from './tables/tables.repository.ts';

const LOBBY_CACHE_MS = 400;
const TABLE_CACHE_MS = 250;
const ROULETTE_HISTORY = 100;

function historyEntry(row: rounds.LiveRoundRow): LiveHistoryEntry {
  return { roundId: row.id.toString(), number: row.number, handInShoe: row.hand_in_shoe, result: row.result! };
}

function shortResult(row: rounds.LiveRoundRow): string {
  const result = row.result!;
  return result.game === 'roulette' ? String(result.number) : result.winner === 'player' ? 'P' : result.winner === 'banker' ? 'B' : 'T';
}

export function chatView(row: LiveChatRow, name: string, memberId?: bigint): LiveChatMessage {
  return { id: row.id.toString(), name: maskName(name), text: row.shown, at: row.created_at.toISOString(), ...(memberId !== undefined ? { mine: row.member_id === memberId } : {}) };
}

/** The player API's reads: the lobby (cached briefly: every visitor polls it), a table's state, the member's bets, a round's proof. */
export function createLiveReads(deps: { db: Db; accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>; bettingMsOverride?: number }) {
  /** The window the leader opens: LIVE_BETTING_MS when set (tests, e2e), else the table's own. */
  const bettingSecondsOf = (t: LiveTableRow) => Math.round((deps.bettingMsOverride ?? t.betting_ms) / 1000);
  const { db } = deps;
  let lobbyCache: { at: number; locale: string; value: Promise<LiveLobby> } | undefined;

  // Table rows for bets and chat, kept TABLE_CACHE_MS (the console's changes apply within that).
  const tables = new Map<string, { at: number; row: Promise<LiveTableRow | undefined> }>();
  /**
   * The shoe a baccarat table shows: the latest round's (so the hand that ended a shoe stays on its
   * roads, with its own commitment, until the next round opens a new shoe), else the one in play.
   */
  async function shoeOf(code: string, round: rounds.LiveRoundRow | undefined): Promise<rounds.LiveShoeRow | undefined> {
    return round?.shoe_id ? rounds.findShoe(db, round.shoe_id) : rounds.currentShoe(db, code);
  }

  async function table(code: string): Promise<LiveTableRow> {
    let cached = tables.get(code);
    if (!cached || Date.now() - cached.at > TABLE_CACHE_MS) {
      cached = { at: Date.now(), row: findTable(db, code) };
      if (tables.size > 100) tables.clear();
      tables.set(code, cached);
      cached.row.catch(() => tables.delete(code));
    }
    const row = await cached.row;
    if (!row) throw new AppError('live.table_not_found', 'no such live table');
    return row;
  }

  async function buildLobby(locale: string): Promise<LiveLobby> {
    const tables = await listTables(db);
    const latest = new Map((await rounds.latestRounds(db, tables.map((t) => t.code))).map((round) => [round.table_code, round]));
    const shoes = new Map<string, rounds.LiveShoeRow | undefined>();
    for (const t of tables) if (t.game === 'baccarat') shoes.set(t.code, await shoeOf(t.code, latest.get(t.code)));
    const summaries = await Promise.all(
      tables.map(async (t) => {
        const round = latest.get(t.code);
        const shoe = shoes.get(t.code);
        const history = await rounds.finishedRounds(db, { tableCode: t.code, limit: 20, ...(shoe ? { shoeId: shoe.id } : {}) });
        const range = tableRange(t.limits);
        return {
          code: t.code,
          game: t.game,
          name: tableName(t, locale),
          status: t.status,
          round: round ? roundView(round, shoe?.hash) : null,
          lastResults: history.map(shortResult),
          players: round ? await countPlayers(db, round.id) : 0,
          minBet: formatCents(range.min),
          maxBet: formatCents(range.max),
          bettingSeconds: bettingSecondsOf(t),
        };
      }),
    );
    return { tables: summaries, serverTime: Date.now() };
  }

  async function lobby(locale: string): Promise<LiveLobby> {
    if (!lobbyCache || lobbyCache.locale !== locale || Date.now() - lobbyCache.at > LOBBY_CACHE_MS) {
      const value = buildLobby(locale);
      lobbyCache = { at: Date.now(), locale, value };
      value.catch(() => (lobbyCache = undefined));
    }
    return { ...(await lobbyCache.value), serverTime: Date.now() };
  }

  async function chat(code: string, memberId?: bigint): Promise<LiveChatMessage[]> {
    const rows = (await recentMessages(db, code, 50)).reverse();
    const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
    return rows.map((row) => chatView(row, names.get(row.member_id) ?? '?', memberId));
  }

  async function state(code: string, locale: string, memberId?: bigint): Promise<LiveTableState> {
    const t = await findTable(db, code);
    if (!t) throw new AppError('live.table_not_found', 'no such live table');
    const round = await rounds.latestRound(db, code);
    const shoe = t.game === 'baccarat' ? await shoeOf(code, round) : undefined;
    const history = t.game === 'baccarat' ? (shoe ? await rounds.finishedRounds(db, { tableCode: code, shoeId: shoe.id, limit: 200 }) : []) : await rounds.finishedRounds(db, { tableCode: code, limit: ROULETTE_HISTORY });
    return {
      table: { code: t.code, game: t.game, name: tableName(t, locale), status: t.status, limits: limitsView(t.limits), chips: t.chips.map((chip) => formatCents(BigInt(chip))), bettingSeconds: bettingSecondsOf(t) },
      round: round ? roundView(round, shoe?.hash) : null,
      history: history.reverse().map(historyEntry),
      shoe: shoe ? { id: shoe.id.toString(), hash: shoe.hash, handsPlayed: shoe.hands_played, cardsLeft: 416 - shoe.position } : null,
      players: round ? await countPlayers(db, round.id) : 0,
      chat: await chat(code, memberId),
      serverTime: Date.now(),
    };
  }

  async function me(code: string, memberId: bigint): Promise<LiveMe> {
    await table(code);
    const round = await rounds.latestRound(db, code);
    const current = round ? await memberBets(db, memberId, { roundId: round.id, limit: 100 }) : [];
    const recent = await memberBets(db, memberId, { tableCode: code, limit: 20, ...(round ? { excludeRoundId: round.id } : {}) });
    return { current: current.map(myBetView), recent: recent.map(myBetView) };
  }

  /** A round in phase result with its proof; the member's own bets when signed in. */
  async function roundDetail(id: bigint, locale: string, memberId?: bigint): Promise<LiveRoundDetail> {
    const round = await rounds.findRound(db, id);
    if (!round || round.phase !== 'result') throw new AppError('live.round_not_found', 'no finished round with this id');
    const t = (await findTable(db, round.table_code))!;
    const shoe = round.shoe_id !== null ? await rounds.findShoe(db, round.shoe_id) : undefined;
    const mine = memberId === undefined ? [] : await memberBets(db, memberId, { roundId: round.id, limit: 100 });
    return { round: roundView(round, shoe?.hash), tableName: tableName(t, locale), game: t.game, verification: verificationOf(round, shoe), myBets: mine.map(myBetView) };
  }

  return { table, lobby, state, me, roundDetail, chat };
}

export type LiveReads = ReturnType<typeof createLiveReads>;
