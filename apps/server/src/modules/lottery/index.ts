import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { lotteryConsoleRoutes, type LotteryConsolePorts } from './backoffice/index.ts';
import * as drawsRepository from './draws/draws.repository.ts';
import { createDrawsService } from './draws/draws.service.ts';
import { createSandboxFeed, type LotteryResultsFeed } from './draws/results-feed.ts';
import { listGames, seedGames, setOdds } from './games/games.repository.ts';
import { SEED_GAMES } from './games/seed-games.ts';
import { createLotteryReads } from './lottery.read.ts';
import { lotteryRoutes } from './lottery.routes.ts';
import { createLotteryMoney, type LotteryMoneyPorts } from './tickets/provider-money.ts';
import { createSettlementService } from './tickets/settlement.service.ts';
import { settlementsOf, voidMemberOpenTickets } from './tickets/settlement.repository.ts';
import { createTicketService } from './tickets/ticket.service.ts';
import { exposureOf } from './tickets/tickets.repository.ts';

export type { LotteryResultsFeed } from './draws/results-feed.ts';
export { randomResult } from './draws/results-feed.ts';
export { ELOTT_VENDOR, LOTT_VENDOR } from './games/seed-games.ts';
export type { LotteryMoneyPorts } from './tickets/provider-money.ts';

/**
 * The clock jobs loop inside their minute (the job runner starts a job at most once a minute), a
 * pass a second, as the sportsbook's settlement and sandbox jobs do: a 1-minute draw closes and is
 * drawn within about a second of its time, without a timer in every API process (only the worker
 * that holds the job runs it, so two processes never race on the same pass; the moves are
 * conditional UPDATEs anyway). The loop stops a little before the next minute's run begins.
 */
const LOOP_MS = 58_000;
const PAUSE_MS = 1_000;

/**
 * Lottery module (issue 24): games and their weekly schedules or fast intervals (games/, seeded
 * at start), draws and their state machine with the results feed and commit-reveal fast draws
 * (draws/), tickets placed in batches with their stakes through our provider protocol as vendors
 * LOTT and ELOTT, settled and resettled exactly once (tickets/), and the player API under
 * /api/lottery. The pure rules are in domain/ (docs/lottery-rules.md). docs/lottery.md describes it.
 */
export function createLotteryModule(deps: {
  db: Db;
  logger: Logger;
  now?: () => Date;
  /** The real-world results feed: 'sandbox' (LOTTERY_FEED=sandbox) or an adapter; none: results come only from the console. */
  feed?: 'sandbox' | LotteryResultsFeed;
  money: LotteryMoneyPorts;
  /** Tests: smaller settlement chunks, placement batching. */
  tuning?: { planChunk?: number; placementBatch?: number; placementLanes?: number };
}) {
  const logger = deps.logger.child({ module: 'lottery' });
  const now = deps.now ?? (() => new Date());
  const feed = deps.feed === 'sandbox' ? createSandboxFeed() : deps.feed;
  const money = createLotteryMoney(deps.money, async () =>
    (await listGames(deps.db, { includeDisabled: true })).map((game) => ({ vendorCode: game.vendor_code, gameCode: game.code, namePt: game.name_pt, nameEn: game.name_en })),
  );
  const draws = createDrawsService({ db: deps.db, logger, now, ...(feed ? { feed } : {}) });
  const tickets = createTicketService({ db: deps.db, logger, money, now, ...(deps.tuning?.placementBatch ? { placementBatch: deps.tuning.placementBatch } : {}), ...(deps.tuning?.placementLanes ? { placementLanes: deps.tuning.placementLanes } : {}) });
  const settlement = createSettlementService({ db: deps.db, logger, money, ...(deps.tuning?.planChunk ? { planChunk: deps.tuning.planChunk } : {}) });
  const reads = createLotteryReads({ db: deps.db, now });

  let seeded: Promise<void> | undefined;
  /**
   * Idempotent: the games, schedules and default odds. The vendors and their catalogue games are
   * registered on the first money call (as the sportsbook's vendor is), so a process that never
   * takes a lottery bet leaves the catalogue as it was.
   */
  function ready(): Promise<void> {
    seeded ??= (async () => {
      await deps.db.transaction().execute((tx) => seedGames(tx, SEED_GAMES));
    })();
    seeded.catch(() => (seeded = undefined));
    return seeded;
  }

  let closing = false;
  async function loop(pass: (first: boolean) => Promise<void>): Promise<void> {
    const until = Date.now() + LOOP_MS;
    let first = true;
    while (Date.now() < until && !closing) {
      const began = Date.now();
      await pass(first);
      first = false;
      await new Promise((resolve) => setTimeout(resolve, Math.max(50, PAUSE_MS - (Date.now() - began))));
    }
  }

  const jobs: JobDefinition[] = [
    {
      name: 'lottery.draw-clock',
      cron: '* * * * *',
      async handle() {
        await ready();
        await loop(async (first) => {
          const outcome = await draws.tick({ schedule: first });
          if (outcome.drawn > 0 || outcome.scheduled > 0) logger.info(outcome, 'lottery draws moved');
        });
      },
    },
    {
      name: 'lottery.settle-draws',
      cron: '* * * * *',
      async handle() {
        await loop(async () => {
          const outcome = await settlement.settlePass();
          if (outcome.unpaid > 0) logger.warn(outcome, 'lottery settlement pass with unpaid tickets');
        });
      },
    },
    {
      name: 'lottery.recover-pending-tickets',
      cron: '* * * * *',
      async handle() {
        const counts = await tickets.recoverPending();
        if (counts.refused > 0 || counts.stillPending > 0) logger.warn(counts, 'lottery tickets abandoned mid-placement');
      },
    },
  ];

  return {
    api: {
      ready,
      /** One clock pass now (schedule, open, close, draw); the job runs one a second. */
      tick: draws.tick,
      ensureSchedule: draws.ensureSchedule,
      /** Settles (or resettles) one draw now: plan in chunks, pay, mark settled. `maxChunks` stops early (tests: a kill mid-run). */
      settleDraw: settlement.settleDraw,
      settlePass: settlement.settlePass,
      /** Console: a real-world draw's first result (after the maker-checker approval); the draw must be closed. */
      enterResult: (drawId: bigint, result: unknown, actor: string) => draws.enterResult(drawId, result, actor, 'manual'),
      /** Console: a corrected result; every ticket is resettled once (the old win rolled back, the new one paid). */
      correctResult: draws.correctResult,
      /** Console: cancels a draw not yet settling; every open ticket refunded once (its bet rolled back). */
      cancelDraw: draws.cancelDraw,
      /**
       * Responsible gaming (issue 27): the member's open tickets on draws not yet closed are refunded
       * (the bet rolled back through the protocol, as for a cancelled draw), paid now; idempotent.
       * Answers how many draws had tickets voided by this call.
       */
      async voidOpenTicketsOf(memberId: bigint): Promise<number> {
        const drawIds = await deps.db.transaction().execute((tx) => voidMemberOpenTickets(tx, memberId));
        for (const drawId of drawIds) await settlement.pay(drawId);
        return drawIds.length;
      },
      /** Console: the per-number exposure of a draw, largest first. */
      exposure: (drawId: bigint, limit = 100) => exposureOf(deps.db, drawId, limit),
      /** Console: every result set of a draw (corrections as history). */
      resultHistory: (drawId: bigint) => drawsRepository.resultHistory(deps.db, drawId),
      draw: (drawId: bigint) => drawsRepository.findDraw(deps.db, drawId),
      /** Console: sets one odds table of a game's prize mode. */
      setOdds: (input: Parameters<typeof setOdds>[1]) => setOdds(deps.db, input),
      ticketSettlements: (ticketId: bigint) => settlementsOf(deps.db, ticketId),
      tickets,
      reads,
    },
    jobs,
    /** Routes under /api: /lottery/games, /results, /draws, /tickets, /recent. */
    routes(auth: { requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsync {
      return async (app) => {
        await ready();
        await app.register(lotteryRoutes({ reads, tickets, requireRealMember: auth.requireRealMember }));
      };
    },
    /** The operator console under /api/backoffice/lottery (backoffice/): games, odds, draws, exposure and caps, tickets; results and cancellations by maker-checker. */
    adminRoutes: (ports: LotteryConsolePorts) => lotteryConsoleRoutes({ db: deps.db, draws }, ports),
    close() {
      closing = true;
    },
  };
}

export type LotteryModule = ReturnType<typeof createLotteryModule>;
export type LotteryApi = LotteryModule['api'];
