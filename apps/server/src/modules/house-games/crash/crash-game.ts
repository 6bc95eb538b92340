import { CRASH_GAME_CODE, type CrashMe, type CrashRoundDetail, type CrashState } from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { HouseSessions } from '../house-session.ts';
import type { ProviderClient } from '../provider-client.ts';
import { HOUSE_VENDOR_CODE, type CatalogueGame } from '../slot-tables.ts';
import { createCrashBets, myBetView, playerView } from './crash-bets.ts';
import { createCrashClosing } from './crash-closing.ts';
import * as repository from './crash.repository.ts';
import { createCrashRounds, roundView } from './crash-rounds.ts';
import { CRASH_LIMITS, type CrashSettings } from './crash-settings.ts';

const HISTORY_SIZE = 20;
const MY_RECENT = 20;
/** Closing calls older than this are retried after every round (younger ones may still be in flight). */
const SWEEP_AFTER_MS = 30_000;

/**
 * The multiplayer crash game: bets and cash-outs (any API process), the public view, and the
 * leader's loop (one process at a time, see crash-leader.ts).
 */
export function createCrashGame(deps: {
  db: Db;
  bus: EventBus;
  logger: Logger;
  client: ProviderClient;
  sessions: HouseSessions;
  settings: CrashSettings;
  catalogueGame: (vendor: string, gameCode: string) => Promise<CatalogueGame | undefined>;
  accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>;
  cashOf: (memberId: bigint) => Promise<bigint>;
}) {
  const { db } = deps;
  const logger = deps.logger.child({ component: 'crash' });
  const closing = createCrashClosing({ db, logger, client: deps.client });
  const isPlayable = async () => (await deps.catalogueGame(HOUSE_VENDOR_CODE, CRASH_GAME_CODE))?.playable ?? false;
  const bets = createCrashBets({ db, logger, bus: deps.bus, sessions: deps.sessions, closing, accountNamesOf: deps.accountNamesOf, isPlayable, cashOf: deps.cashOf });
  const rounds = createCrashRounds({ db, bus: deps.bus, logger, settings: deps.settings, closing, announce: bets.announce });

  /** The leader's loop: settle what a previous leader left, then round after round until the signal aborts. */
  async function lead(signal: AbortSignal): Promise<void> {
    await closing.sweep(0);
    while (!signal.aborted) {
      let round = await rounds.currentOrNext();
      if (round.phase === 'betting') round = await rounds.start(round, signal);
      if (round.phase === 'running') round = await rounds.run(round, signal);
      await rounds.settle(round);
      await closing.sweep(SWEEP_AFTER_MS);
      await rounds.pause(round, signal);
    }
  }

  async function playersOf(roundId: bigint) {
    const rows = await repository.roundBets(db, roundId);
    const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
    return rows.map((row) => playerView(row, names.get(row.member_id) ?? '?'));
  }

  async function state(): Promise<CrashState> {
    const [round, history, serverTime, playable] = await Promise.all([repository.latestRound(db), repository.recentCrashed(db, HISTORY_SIZE), repository.databaseNow(db), isPlayable()]);
    const chain = round ? await repository.findChain(db, round.chain_id) : await repository.latestChain(db);
    return {
      round: round ? roundView(round) : null,
      players: round ? await playersOf(round.id) : [],
      history: history.map((row) => ({ id: row.id.toString(), crashPoint: formatCents(row.crash_point), hash: row.hash })),
      serverTime,
      limits: { minBet: formatCents(CRASH_LIMITS.minBet), maxBet: formatCents(CRASH_LIMITS.maxBet), minAutoCashOut: formatCents(CRASH_LIMITS.minAutoCashOut), maxMultiplier: formatCents(CRASH_LIMITS.maxMultiplier) },
      chain: chain ? { terminatingHash: chain.terminating_hash, salt: chain.salt } : null,
      tickMs: deps.settings.tickMs,
      playable,
    };
  }

  async function me(memberId: bigint): Promise<CrashMe> {
    const [live, recent] = await Promise.all([repository.latestRound(db), repository.memberBets(db, memberId, MY_RECENT)]);
    const current = live ? recent.find((bet) => bet.round_id === live.id) : undefined;
    return { current: current ? myBetView(current) : null, recent: recent.map(myBetView) };
  }

  /** A crashed round with what verifies it; live rounds stay secret (their hash would give the crash point away). */
  async function roundDetail(id: bigint): Promise<CrashRoundDetail> {
    const round = await repository.findRound(db, id);
    if (!round || round.phase !== 'crashed') throw new AppError('crash.round_not_found', 'no such finished round');
    const [chain, previous] = await Promise.all([repository.findChain(db, round.chain_id), round.position > 0 ? repository.findRoundAt(db, round.chain_id, round.position - 1) : undefined]);
    return {
      id: round.id.toString(),
      crashPoint: formatCents(round.crash_point),
      hash: round.hash,
      previousHash: previous?.hash ?? null,
      salt: chain!.salt,
      terminatingHash: chain!.terminating_hash,
      position: round.position,
      startedAt: round.started_at?.toISOString() ?? null,
      crashedAt: round.crashed_at?.toISOString() ?? null,
      players: await playersOf(round.id),
    };
  }

  return { lead, state, me, roundDetail, placeBet: bets.placeBet, cashOut: bets.cashOut, sweep: closing.sweep };
}

export type CrashGame = ReturnType<typeof createCrashGame>;
