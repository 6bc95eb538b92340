import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { CRASH_MAX_MULTIPLIER, hundredthsAt, msToReach } from '@app/house-games';
import { formatCents } from '@app/kernel';
import type { CrashRoundView } from '@app/contracts';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { CrashClosing } from './crash-closing.ts';
import * as repository from './crash.repository.ts';
import { CRASH_TOPIC, PENDING_GRACE_MS, type CrashSettings } from './crash-settings.ts';
import { crashPoint, generateChain, sha256Hex } from './hash-chain.ts';

export function roundView(round: repository.CrashRoundRow): CrashRoundView {
  const crashed = round.phase === 'crashed';
  return {
    id: round.id.toString(),
    phase: round.phase,
    bettingEndsAt: round.betting_ends_at.toISOString(),
    startedAt: round.started_at?.toISOString() ?? null,
    crashPoint: crashed ? formatCents(round.crash_point) : null,
    hash: crashed ? round.hash : null,
  };
}

/** Where a bet still in cashes out on its own: its target, never above the maximum multiplier. */
const TARGET = sql<bigint>`least(coalesce(auto_cash_out, ${CRASH_MAX_MULTIPLIER}), ${CRASH_MAX_MULTIPLIER})`;

/**
 * One round's life, driven by the leader: open betting → start (the multiplier rises) → automatic
 * cash-outs as the curve passes their targets → crash → closing calls. Every phase change is a
 * conditional update under the round's row lock, so a leader that lost its lock changes nothing.
 */
export function createCrashRounds(deps: {
  db: Db;
  bus: EventBus;
  logger: Logger;
  settings: CrashSettings;
  closing: CrashClosing;
  announce: (bet: repository.CrashBetRow) => Promise<void>;
}) {
  const { db, settings } = deps;
  const chainHashes = new Map<number, string[]>();
  /** Database clock minus this process's clock, measured at every round start. */
  let clockOffsetMs = 0;
  const databaseMs = () => Date.now() + clockOffsetMs;

  async function measureClock(): Promise<void> {
    const before = Date.now();
    const now = await repository.databaseNow(db);
    clockOffsetMs = now - (before + Date.now()) / 2;
  }

  const publishRound = (round: repository.CrashRoundRow) => deps.bus.publish(db, { type: 'crash.round', audience: { kind: 'topic', topic: CRASH_TOPIC }, data: { round: roundView(round) } });

  function hashesOf(chain: repository.CrashChainRow): string[] {
    let hashes = chainHashes.get(chain.id);
    if (!hashes) {
      hashes = generateChain(chain.length, chain.seed).hashes;
      if (sha256Hex(hashes[0]!) !== chain.terminating_hash) throw new Error(`crash chain ${chain.id} does not end in its published hash`);
      chainHashes.set(chain.id, hashes);
    }
    return hashes;
  }

  /** A new chain: its seed stays secret; its terminating hash and salt are published from now on. */
  async function newChain(): Promise<repository.CrashChainRow> {
    const generated = generateChain(settings.chainLength);
    const seed = generated.hashes.at(-1)!;
    const chain = await repository.insertChain(db, { seed, length: settings.chainLength, terminatingHash: generated.terminatingHash, salt: randomBytes(32).toString('hex') });
    chainHashes.set(chain.id, generated.hashes);
    deps.logger.info({ chainId: chain.id, terminatingHash: chain.terminating_hash }, 'new crash hash chain');
    return chain;
  }

  /** The live round, or the next one of the chain (never a position twice: unique per chain). */
  async function currentOrNext(): Promise<repository.CrashRoundRow> {
    const last = await repository.latestRound(db);
    if (last && last.phase !== 'crashed') return last;
    let chain = await repository.latestChain(db);
    let position = last && chain && last.chain_id === chain.id ? last.position + 1 : 0;
    if (!chain || position >= chain.length) {
      chain = await newChain();
      position = 0;
    }
    const hash = hashesOf(chain)[position]!;
    const round = await repository.insertRound(db, { chainId: chain.id, position, hash, crashPoint: crashPoint(hash, chain.salt), bettingMs: settings.bettingMs });
    await publishRound(round);
    return round;
  }

  /** Ends betting (waiting for bets still being confirmed) and starts the multiplier. */
  async function start(round: repository.CrashRoundRow, signal: AbortSignal): Promise<repository.CrashRoundRow> {
    await measureClock();
    const wait = round.betting_ends_at.getTime() - databaseMs();
    if (wait > 0) await sleep(wait, undefined, { signal });
    for (let waited = 0; waited < PENDING_GRACE_MS && (await repository.countPending(db, round.id)) > 0; waited += 50) await sleep(50, undefined, { signal });
    const started = await db.transaction().execute(async (tx) => {
      const locked = await repository.lockRound(tx, round.id);
      if (!locked || locked.phase !== 'betting') return { round: locked, refunded: [] };
      if (!locked.betting_over) return undefined;
      // Still unconfirmed after the grace: refunded (the betting process sees it and does not place it).
      const refunded = await tx.updateTable('crash_bet').set({ status: 'refunded' }).where('round_id', '=', round.id).where('status', '=', 'pending').returningAll().execute();
      const running = await tx.updateTable('crash_round').set({ phase: 'running', started_at: sql<Date>`clock_timestamp()` }).where('id', '=', round.id).where('phase', '=', 'betting').returningAll().executeTakeFirstOrThrow();
      return { round: running, refunded };
    });
    if (!started) return start(round, signal);
    if (!started.round) throw new Error(`crash round ${round.id} vanished`);
    if (started.refunded.length > 0) await deps.closing.closeAll(started.refunded);
    await publishRound(started.round);
    return started.round;
  }

  /** Cashes out, at their targets, the bets whose target the curve has reached (`now`), below the crash point. */
  async function autoCashOut(executor: DbExecutor, round: repository.CrashRoundRow, now: bigint) {
    return executor
      .updateTable('crash_bet')
      .set({ status: 'cashed', cash_out: TARGET, win: sql<bigint>`amount * ${TARGET} / 100` })
      .where('round_id', '=', round.id)
      .where('status', '=', 'placed')
      .where(TARGET, '<=', now)
      .where(TARGET, '<', round.crash_point)
      .returningAll()
      .execute();
  }

  const inFlight = new Set<Promise<unknown>>();
  /** Announces and pays automatic cash-outs without holding up the ticks. */
  function payInBackground(bets: repository.CrashBetRow[]) {
    if (bets.length === 0) return;
    const work = Promise.all(bets.map((bet) => deps.announce(bet))).then(() => deps.closing.closeAll(bets));
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  /** The rising multiplier: a tick every tickMs over /ws, automatic cash-outs as targets pass, then the crash. */
  async function run(round: repository.CrashRoundRow, signal: AbortSignal): Promise<repository.CrashRoundRow> {
    await measureClock();
    const startedAt = round.started_at!.getTime();
    const crashAtMs = msToReach(round.crash_point);
    const targets = await db
      .selectFrom('crash_bet')
      .select(TARGET.as('target'))
      .where('round_id', '=', round.id)
      .where('status', '=', 'placed')
      .execute();
    const pending = targets.map((row) => BigInt(row.target)).filter((target) => target < round.crash_point).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // One tick per tickMs slot, even when a timer wakes a little early.
    let slot = 0;
    for (;;) {
      const elapsed = databaseMs() - startedAt;
      const now = hundredthsAt(elapsed);
      if (now >= round.crash_point) return crash(round, signal);
      if (pending.length > 0 && pending[0]! <= now) {
        payInBackground(await autoCashOut(db, round, now));
        while (pending.length > 0 && pending[0]! <= now) pending.shift();
      }
      const at = Date.now();
      await deps.bus.publish(db, { type: 'crash.tick', audience: { kind: 'topic', topic: CRASH_TOPIC }, data: { roundId: round.id.toString(), multiplier: formatCents(now), elapsedMs: Math.round(elapsed), at } });
      slot = Math.max(slot + 1, Math.floor(elapsed / settings.tickMs) + 1);
      await sleep(Math.max(1, Math.min(slot * settings.tickMs, crashAtMs) - (databaseMs() - startedAt)), undefined, { signal });
    }
  }

  /** The crash, by the database's clock: targets below the point pay, every other bet still in loses. */
  async function crash(round: repository.CrashRoundRow, signal: AbortSignal): Promise<repository.CrashRoundRow> {
    const result = await db.transaction().execute(async (tx) => {
      const locked = await repository.lockRound(tx, round.id);
      if (!locked || locked.phase === 'crashed') return { round: locked, cashed: [], waitMs: 0 };
      const elapsed = Number(locked.elapsed_ms);
      if (hundredthsAt(elapsed) < locked.crash_point) return { round: undefined, cashed: [], waitMs: msToReach(locked.crash_point) - elapsed };
      const cashed = await autoCashOut(tx, locked, locked.crash_point);
      await tx.updateTable('crash_bet').set({ status: 'lost', win: 0n }).where('round_id', '=', round.id).where('status', '=', 'placed').execute();
      const crashed = await tx.updateTable('crash_round').set({ phase: 'crashed', crashed_at: sql<Date>`clock_timestamp()` }).where('id', '=', round.id).where('phase', '=', 'running').returningAll().executeTakeFirstOrThrow();
      return { round: crashed, cashed, waitMs: 0 };
    });
    if (result.waitMs > 0) {
      await sleep(Math.max(1, result.waitMs), undefined, { signal });
      return crash(round, signal);
    }
    if (!result.round) throw new Error(`crash round ${round.id} vanished`);
    await publishRound(result.round);
    payInBackground(result.cashed);
    return result.round;
  }

  /** Every closing call of the round (wins, losses, refunds), then the round is settled. */
  async function settle(round: repository.CrashRoundRow): Promise<void> {
    await Promise.all([...inFlight]);
    const owed = await repository.unclosedBets(db, { roundId: round.id, limit: 10_000 });
    const counts = await deps.closing.closeAll(owed);
    if (counts.failed > 0) deps.logger.warn({ roundId: round.id.toString(), ...counts }, 'crash round not fully settled; the sweep retries');
    await repository.markSettledRounds(db);
  }

  /** After the crash: time to see the result before the next round opens. */
  async function pause(round: repository.CrashRoundRow, signal: AbortSignal): Promise<void> {
    const since = round.crashed_at ? databaseMs() - round.crashed_at.getTime() : 0;
    if (settings.pauseMs - since > 0) await sleep(settings.pauseMs - since, undefined, { signal });
  }

  return { currentOrNext, start, run, crash, settle, pause, measureClock };
}

export type CrashRounds = ReturnType<typeof createCrashRounds>;
