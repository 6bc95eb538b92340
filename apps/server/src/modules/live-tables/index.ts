import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import { liveTableTopic, LIVE_LOBBY_TOPIC } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { liveConsoleRoutes, type LiveConsolePorts } from './backoffice/index.ts';
import { countPlayers } from './bets/bets.repository.ts';
import { createBetService } from './bets/bet.service.ts';
import { createChatService } from './chat/chat.service.ts';
import { DEFAULT_LIVE_SETTINGS, type LiveSettings } from './live-settings.ts';
import { createLiveReads } from './live.read.ts';
import { liveRoutes } from './live.routes.ts';
import { createLiveMoney, type LiveMoneyPorts } from './money/live-money.ts';
import { createLiveClosing } from './rounds/closing.ts';
import { createLeaderWork } from './rounds/leader.ts';
import { startLiveLeadership, type LiveLeadership } from './rounds/leadership.ts';
import { createRoundCycle } from './rounds/round-cycle.ts';
import { seedTables } from './tables/seed-tables.ts';
import { listTables } from './tables/tables.repository.ts';

export type { LiveSettings } from './live-settings.ts';
export type { LiveMoneyPorts } from './money/live-money.ts';

/** live.players at most this often per table (per process). */
const PLAYERS_THROTTLE_MS = 500;

/**
 * Live tables (issue 25): baccarat and European roulette rounds shared by every player at a
 * table (tables/ seeded at start), run by one leader at a time — a PostgreSQL advisory lock with
 * failover — that opens, closes, decides, pays and shows each round (rounds/); bets from any API
 * process in batches, staked through our provider protocol as vendor LIVE (bets/, money/); the
 * moderated table chat (chat/); results over /ws (live.round, live.players, live.chat). The rules
 * are in @app/house-games (live/). docs/live-tables.md describes it.
 */
export function createLiveTablesModule(deps: {
  db: Db;
  bus: EventBus;
  logger: Logger;
  connectionString: string;
  settings?: Partial<LiveSettings>;
  money: LiveMoneyPorts;
  accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>;
  cashOf: (memberId: bigint) => Promise<bigint>;
}) {
  const { db, bus } = deps;
  const logger = deps.logger.child({ module: 'live-tables' });
  const settings: LiveSettings = { ...DEFAULT_LIVE_SETTINGS, ...deps.settings };
  const money = createLiveMoney(deps.money, async () => (await listTables(db)).map((t) => ({ code: t.code, namePt: t.name_pt, nameEn: t.name_en })));
  const closing = createLiveClosing({ db, logger, money });
  const cycle = createRoundCycle({ db, bus, logger, settings, closing });
  const reads = createLiveReads({ db, accountNamesOf: deps.accountNamesOf, ...(settings.bettingMs !== undefined ? { bettingMsOverride: settings.bettingMs } : {}) });

  let seeded: Promise<void> | undefined;
  /** Idempotent: the seed tables (an operator's changes to them stay). */
  function ready(): Promise<void> {
    seeded ??= seedTables(db);
    seeded.catch(() => (seeded = undefined));
    return seeded;
  }

  // live.players: at most one per table every PLAYERS_THROTTLE_MS, the last one always sent.
  const playersTimers = new Map<string, NodeJS.Timeout>();
  function onPlaced(tableCode: string, roundId: bigint) {
    if (playersTimers.has(tableCode)) return;
    playersTimers.set(
      tableCode,
      setTimeout(() => {
        playersTimers.delete(tableCode);
        void countPlayers(db, roundId)
          .then((players) => bus.publish(db, { type: 'live.players', audience: { kind: 'topic', topic: liveTableTopic(tableCode) }, data: { tableCode, roundId: roundId.toString(), players } }))
          .catch((error: unknown) => logger.warn({ err: error }, 'live.players not published'));
      }, PLAYERS_THROTTLE_MS),
    );
  }

  const bets = createBetService({ db, logger, money, closing, table: reads.table, cashOf: deps.cashOf, onPlaced });
  const chat = createChatService({ db, bus, table: reads.table, accountNamesOf: deps.accountNamesOf });
  const lead = createLeaderWork({ db, logger, cycle, closing });
  let leadership: LiveLeadership | undefined;

  /** The console's changes reach the tables' pages and the lobby. */
  async function publish(tableCode: string, message: { type: 'live.table_changed' | 'live.chat_removed'; messageId?: string }): Promise<void> {
    if (message.type === 'live.chat_removed') {
      await bus.publish(db, { type: 'live.chat_removed', audience: { kind: 'topic', topic: liveTableTopic(tableCode) }, data: { tableCode, messageId: message.messageId ?? '' } });
      return;
    }
    await bus.publishAll(db, [
      { type: 'live.table_changed', audience: { kind: 'topic', topic: liveTableTopic(tableCode) }, data: { tableCode } },
      { type: 'live.table_changed', audience: { kind: 'topic', topic: LIVE_LOBBY_TOPIC }, data: { tableCode } },
    ]);
  }

  function startLeader(): LiveLeadership {
    leadership ??= startLiveLeadership({
      connectionString: deps.connectionString,
      logger,
      pollMs: settings.takeoverPollMs,
      lead: async (signal) => {
        await ready();
        await money.register();
        await lead(signal);
      },
    });
    return leadership;
  }
  async function stopLeader(): Promise<void> {
    const current = leadership;
    leadership = undefined;
    await current?.stop();
  }

  return {
    api: {
      ready,
      settings,
      reads,
      bets,
      chat,
      cycle,
      closing,
      money,
      /** Contends for the tables' lead (processes that run jobs do, unless LIVE_LEADER=false). */
      startLeader,
      /** startLeader() when this process is configured to lead (LIVE_LEADER). */
      startLeaderIfEnabled: () => (settings.leader ? startLeader() : undefined),
      stopLeader,
    },
    /** Routes under /api: /live/tables, /live/tables/:code(/me|/bets|/chat), /live/rounds/:id(/me). */
    routes(auth: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsync {
      return async (app) => {
        await ready();
        await app.register(liveRoutes({ reads, bets, chat, ...auth }));
      };
    },
    /** The operator console under /api/backoffice/live (backoffice/, the console helper's). */
    adminRoutes: (ports: LiveConsolePorts) => liveConsoleRoutes({ db, publish, ports }),
    async close() {
      for (const timer of playersTimers.values()) clearTimeout(timer);
      playersTimers.clear();
      await stopLeader();
    },
  };
}

export type LiveTablesModule = ReturnType<typeof createLiveTablesModule>;
