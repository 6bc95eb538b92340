import { AppError } from '@app/kernel';
import type { LotteryFamily, LotteryResult } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { commitHashOf, fastResultFromSecret, LotteryDomainError, newDrawSecret, validateResult } from '../domain/index.ts';
import { findGame, listGames, schedules } from '../games/games.repository.ts';
import { voidOpenTickets } from '../tickets/settlement.repository.ts';
import * as repository from './draws.repository.ts';
import type { LotteryResultsFeed } from './results-feed.ts';
import { addDays, zonedDate, zonedInstant } from './zoned-time.ts';

/** Fast games keep this many draws ahead; weekly ones the next SCHEDULE_DAYS days. */
const FAST_AHEAD = 10;
const SCHEDULE_DAYS = 7;

const pad = (value: number) => String(value).padStart(2, '0');
/** A fast draw's number: its UTC date and time ('20261129-0931'). */
export const fastDrawNo = (drawAt: Date) => `${drawAt.getUTCFullYear()}${pad(drawAt.getUTCMonth() + 1)}${pad(drawAt.getUTCDate())}-${pad(drawAt.getUTCHours())}${pad(drawAt.getUTCMinutes())}`;

export interface TickOutcome {
  scheduled: number;
  opened: number;
  closed: number;
  drawn: number;
}

/**
 * Draws (issue 24): the schedule kept ahead, and each draw moved through its states by
 * conditional UPDATEs, so two jobs (or two processes) never apply a move twice:
 * scheduled → open (fast draws: the secret made and its SHA-256 published) → closed at closesAt →
 * drawn (fast: the secret revealed and the result derived from it; real-world: the results feed or
 * the console's entry) → settled (settlement.service.ts), or cancelled with every ticket refunded.
 * Results: exactly one set in force per draw; a correction keeps the old one as history and makes
 * the draw drawn again, so the settlement resettles every ticket once for it.
 */
export function createDrawsService(deps: { db: Db; logger: Logger; now: () => Date; feed?: LotteryResultsFeed }) {
  const { db, logger, now } = deps;

  /** Inserts the draws missing ahead of `at` (idempotent: a draw is unique by game and number). */
  async function ensureSchedule(at = now()): Promise<number> {
    const games = await listGames(db);
    const weekly = await schedules(db);
    const draws: repository.NewDraw[] = [];
    for (const game of games) {
      if (game.interval_minutes !== null) {
        const step = game.interval_minutes * 60_000;
        const first = Math.ceil(at.getTime() / step) * step;
        for (let index = 0; index < FAST_AHEAD + 1; index += 1) {
          const drawAt = new Date(first + index * step);
          const closesAt = new Date(drawAt.getTime() - game.close_before_ms);
          if (closesAt > at) draws.push({ gameCode: game.code, drawNo: fastDrawNo(drawAt), closesAt, drawAt });
        }
        continue;
      }
      for (const slot of weekly.filter((row) => row.game_code === game.code)) {
        const today = zonedDate(at, slot.time_zone).date;
        for (let day = 0; day <= SCHEDULE_DAYS; day += 1) {
          const date = addDays(today, day);
          if (zonedDate(zonedInstant(date, '12:00', slot.time_zone), slot.time_zone).weekday !== slot.weekday) continue;
          const drawAt = zonedInstant(date, slot.draw_time, slot.time_zone);
          const closesAt = new Date(drawAt.getTime() - game.close_before_ms);
          if (closesAt > at) draws.push({ gameCode: game.code, drawNo: date.replaceAll('-', ''), closesAt, drawAt });
        }
      }
    }
    return repository.insertDraws(db, draws);
  }

  /** Stores a validated result as the one in force (the first one, or a correction). */
  async function storeResult(drawId: bigint, result: unknown, input: { source: 'feed' | 'manual' | 'commit_reveal'; actor: string | null; reason: string | null; correction: boolean }): Promise<number> {
    return db.transaction().execute(async (tx) => {
      const draw = await repository.lockDraw(tx, drawId);
      if (!draw) throw new AppError('lottery.draw_not_found');
      const game = (await findGame(tx, draw.game_code))!;
      const clean = checkResult(result, game.family);
      if (game.family === 'fast_5d' && input.source !== 'commit_reveal') throw new AppError('lottery.result_invalid', 'fast draws are drawn by commit-reveal only');
      const from = input.correction ? (['drawn', 'settled'] as const) : (['closed'] as const);
      const version = await repository.storeResult(tx, drawId, from, { result: clean, source: input.source, enteredBy: input.actor, reason: input.reason });
      if (version === undefined) throw new AppError(input.correction ? 'lottery.draw_not_drawn' : 'lottery.draw_not_closed', `draw ${drawId} is ${draw.status}`);
      return version;
    });
  }

  /** The domain's check, its refusal as a translated 400 (a feed's or an operator's bad data is never a 500). */
  function checkResult(result: unknown, family: LotteryFamily): LotteryResult {
    try {
      return validateResult(result, family);
    } catch (error) {
      if (error instanceof LotteryDomainError) throw new AppError('lottery.result_invalid', error.message, { reason: error.code });
      throw error;
    }
  }

  /** A real-world draw's first result (the feed, or the console once approved); the draw must be closed. */
  const enterResult = (drawId: bigint, result: unknown, actor: string, source: 'feed' | 'manual' = 'manual') => storeResult(drawId, result, { source, actor, reason: null, correction: false });

  /** A corrected result: the one in force kept as history, the draw drawn again; settlement resettles every ticket once. */
  const correctResult = (drawId: bigint, result: unknown, actor: string, reason: string | null = null) => storeResult(drawId, result, { source: 'manual', actor, reason, correction: true });

  /**
   * Cancels a draw not yet settling (scheduled, open, closed, or drawn with no ticket planned):
   * every open ticket's refund stored as its void settlement (paid by the settlement job's next
   * pass, once: a rollback of its bet). Answers the tickets to refund; throws when the draw cannot
   * be cancelled any more.
   */
  async function cancelDraw(drawId: bigint, reason: string, actor: string | null = null): Promise<{ refunds: number }> {
    return db.transaction().execute(async (tx) => {
      const draw = await repository.lockDraw(tx, drawId);
      if (!draw) throw new AppError('lottery.draw_not_found');
      if (draw.status === 'cancelled') return { refunds: 0 };
      if (!['scheduled', 'open', 'closed', 'drawn'].includes(draw.status) || draw.planned_version > 0) throw new AppError('lottery.draw_not_cancellable', `draw ${drawId} is ${draw.status}`);
      const cancelled = await repository.markCancelled(tx, drawId, reason, actor);
      if (!cancelled) throw new AppError('lottery.draw_not_cancellable', 'tickets of the draw are already settled');
      return { refunds: await voidOpenTickets(tx, drawId) };
    });
  }

  /** One pass: the schedule (when asked), openings, closes, and results due. */
  async function tick(options: { schedule?: boolean } = {}): Promise<TickOutcome> {
    const at = now();
    const outcome: TickOutcome = { scheduled: options.schedule === false ? 0 : await ensureSchedule(at), opened: 0, closed: 0, drawn: 0 };
    for (const due of await repository.openDue(db, at)) {
      const secret = due.interval_minutes === null ? undefined : newDrawSecret();
      if (await repository.markOpen(db, due.id, secret ? { secret, commitHash: commitHashOf(secret) } : undefined)) outcome.opened += 1;
    }
    outcome.closed = await repository.closeDue(db, at);
    for (const draw of await repository.awaitingResult(db, at)) {
      try {
        if (draw.family === 'fast_5d') {
          if (!draw.secret) throw new Error(`fast draw ${draw.id} has no secret`);
          await storeResult(draw.id, fastResultFromSecret(draw.secret, draw.game_code, draw.draw_no), { source: 'commit_reveal', actor: null, reason: null, correction: false });
        } else {
          const result = await deps.feed?.resultOf({ gameCode: draw.game_code, drawNo: draw.draw_no, family: draw.family as LotteryFamily, drawAt: draw.draw_at });
          if (!result) continue;
          await storeResult(draw.id, result, { source: 'feed', actor: deps.feed!.name, reason: null, correction: false });
        }
        outcome.drawn += 1;
      } catch (error) {
        // Another process drew it first (the conditional update refused), or the feed's answer was invalid: logged, retried next pass.
        if (error instanceof AppError && error.code === 'lottery.draw_not_closed') continue;
        logger.error({ err: error, drawId: draw.id.toString() }, 'lottery draw not drawn');
      }
    }
    return outcome;
  }

  return { ensureSchedule, tick, enterResult, correctResult, cancelDraw };
}

export type DrawsService = ReturnType<typeof createDrawsService>;
