import { AppError } from '@app/kernel';
import { LOTTERY_BET_TYPES, type LotteryArea, type LotteryDraw, type LotteryGame, type LotteryPrizeMode, type LotteryResult } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { commitHashOf, FAST_DRAW_ALGORITHM, fastResultFromSecret } from './domain/index.ts';
import * as draws from './draws/draws.repository.ts';
import { findGame, listGames, oddsOf, type GameRow } from './games/games.repository.ts';

/** JSON with sorted keys (PostgreSQL's jsonb reorders an object's keys). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
}

/** A draw as players see it: the secret only once drawn (before, only its hash). */
export function drawView(row: draws.DrawRow): LotteryDraw {
  const revealed = row.status === 'drawn' || row.status === 'settled';
  return {
    id: row.id.toString(),
    gameCode: row.game_code,
    drawNo: row.draw_no,
    status: row.status,
    closesAt: row.closes_at.toISOString(),
    drawAt: row.draw_at.toISOString(),
    commitHash: row.status === 'scheduled' ? null : row.commit_hash,
    secret: revealed ? row.secret : null,
    result: revealed ? row.result : null,
    corrections: Math.max(0, row.result_version - 1),
  };
}

/** Public reads: games with their odds and next draw, results, one draw and its verification. */
export function createLotteryReads(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  async function gameViews(games: readonly GameRow[], prizeMode?: LotteryPrizeMode): Promise<LotteryGame[]> {
    const codes = games.map((game) => game.code);
    const [odds, next] = await Promise.all([oddsOf(db, codes, prizeMode), draws.nextDraws(db, codes, deps.now())]);
    const nextByGame = new Map(next.map((draw) => [draw.game_code, draw]));
    return games.map((game) => {
      const mode = prizeMode && game.prize_modes.includes(prizeMode) ? prizeMode : game.prize_modes[0]!;
      const tables = new Map(odds.filter((row) => row.game_code === game.code && row.prize_mode === mode).map((row) => [row.bet_type, row.odds]));
      const nextDraw = nextByGame.get(game.code);
      return {
        code: game.code,
        family: game.family,
        area: game.area,
        region: game.region,
        namePt: game.name_pt,
        nameEn: game.name_en,
        intervalMinutes: game.interval_minutes,
        prizeModes: game.prize_modes,
        betTypes: LOTTERY_BET_TYPES[game.family].filter((rule) => tables.has(rule.code)).map((rule) => ({ code: rule.code, odds: tables.get(rule.code)! })),
        nextDraw: nextDraw ? drawView(nextDraw) : null,
      };
    });
  }

  async function games(query: { area?: LotteryArea; prizeMode?: LotteryPrizeMode }): Promise<LotteryGame[]> {
    return gameViews(await listGames(db, query), query.prizeMode);
  }

  async function game(code: string, prizeMode?: LotteryPrizeMode): Promise<LotteryGame> {
    const row = await findGame(db, code);
    if (!row || !row.enabled) throw new AppError('lottery.game_not_found');
    return (await gameViews([row], prizeMode))[0]!;
  }

  async function results(query: { gameCode: string; limit: number; before?: string }): Promise<{ draws: LotteryDraw[]; nextBefore: string | null }> {
    const rows = await draws.resultsOf(db, query.gameCode, query.limit, query.before ? BigInt(query.before) : undefined);
    return { draws: rows.map(drawView), nextBefore: rows.length === query.limit ? rows.at(-1)!.id.toString() : null };
  }

  async function draw(id: bigint): Promise<LotteryDraw> {
    const row = await draws.findDraw(db, id);
    if (!row) throw new AppError('lottery.draw_not_found');
    return drawView(row);
  }

  /** A fast draw's commitment checked against its revealed secret and result (null fields before the reveal). */
  async function verify(id: bigint) {
    const row = await draws.findDraw(db, id);
    if (!row) throw new AppError('lottery.draw_not_found');
    if (!row.commit_hash || row.status === 'scheduled') throw new AppError('lottery.draw_not_verifiable');
    const view = drawView(row);
    const recomputed: LotteryResult | null = view.secret ? fastResultFromSecret(view.secret, row.game_code, row.draw_no) : null;
    return {
      drawId: view.id,
      commitHash: row.commit_hash,
      secret: view.secret,
      hashMatches: view.secret ? commitHashOf(view.secret) === row.commit_hash : null,
      recomputed,
      resultMatches: recomputed && view.result ? canonical(recomputed) === canonical(view.result) : null,
      algorithm: FAST_DRAW_ALGORITHM,
    };
  }

  return { games, game, gameViews, results, draw, verify };
}

export type LotteryReads = ReturnType<typeof createLotteryReads>;
