import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { jackpotHit, jackpotMessage } from '@app/house-games';
import { formatCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { Logger } from '../../../platform/logger.ts';
import { HOUSE, type Journal, type PostResult } from '../../wallet/index.ts';
import { withRetries, type ProviderClient } from '../provider-client.ts';

export const MAIN_POOL = 'main';
export const JACKPOT_CHANGED_EVENT = 'jackpot.changed';
const poolAccount = (code: string) => `jackpot:${code}`;
/** At most one live counter push per pool per this interval (every bet changes the pool). */
const PUSH_INTERVAL_MS = 1000;

/** The pool's settings at its creation (config); afterwards the jackpot_pool row rules (operators change it). */
export interface JackpotSettings {
  /** Centavos the pool starts with and is refilled with after a hit. */
  seed: bigint;
  /** Share of each eligible bet, in basis points. */
  contributionBp: number;
  /** A bet of b centavos hits with probability b / oddsCents. */
  oddsCents: bigint;
}

interface JackpotDeps {
  db: Db;
  bus: EventBus;
  logger: Logger;
  client: ProviderClient;
  settings: JackpotSettings;
  wallet: {
    post(tx: DbExecutor, journal: Journal): Promise<PostResult>;
    submit(journal: Journal): Promise<PostResult>;
    houseBalance(houseCode: string, executor?: DbExecutor): Promise<bigint>;
  };
}

/**
 * The progressive jackpot on house-served rounds: every settled round's bet adds its share to the
 * pool (ledger: game revenue → jackpot:<pool>), every bet also draws for the pool on its own seeds,
 * and a hit takes the pool under the pool row's lock, refills the seed, and pays the player
 * through the provider API as a win of the game's vendor (so it shows in the betting record and
 * on the winners board). A hit whose win could not be delivered yet stays pending for the job.
 */
export function createJackpot(deps: JackpotDeps) {
  const { db, settings } = deps;
  let pushTimer: NodeJS.Timeout | undefined;

  async function ensurePool(): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('jackpot_pool')
        .values({ code: MAIN_POOL, names: JSON.stringify({ pt: 'Jackpot da Casa', en: 'House Jackpot' }), seed: settings.seed, contribution_bp: settings.contributionBp, odds_cents: settings.oddsCents })
        .onConflict((conflict) => conflict.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      if (created && settings.seed > 0n) await post(tx, `jackpot:seed:${MAIN_POOL}:initial`, HOUSE.gameRevenue('house'), poolAccount(MAIN_POOL), settings.seed, 'initial seed');
    });
  }

  /** One house-only journal: `amount` from one house account to another. */
  async function post(tx: DbExecutor, key: string, from: string, to: string, amount: bigint, reference: string) {
    const result = await deps.wallet.post(tx, { key, type: 'jackpot', reference, legs: [{ house: from, amount: -amount }, { house: to, amount }] });
    if (result.status !== 'applied') throw new Error(`jackpot journal ${key} refused: ${result.status}`);
  }

  function schedulePush() {
    if (pushTimer) return;
    pushTimer = setTimeout(() => {
      pushTimer = undefined;
      void amount()
        .then((value) => deps.bus.publish(db, { type: JACKPOT_CHANGED_EVENT, audience: { kind: 'public' }, data: { code: MAIN_POOL, amount: formatCents(value) } }))
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'jackpot push failed'));
    }, PUSH_INTERVAL_MS);
    pushTimer.unref();
  }

  async function amount(): Promise<bigint> {
    return deps.wallet.houseBalance(poolAccount(MAIN_POOL));
  }

  /** The pool's settings as they stand (the row, so an operator's change applies to the next bet). */
  async function poolSettings(executor: DbExecutor = db) {
    const row = await executor.selectFrom('jackpot_pool').select(['seed', 'contribution_bp', 'odds_cents']).where('code', '=', MAIN_POOL).executeTakeFirst();
    return row ? { seed: row.seed, contributionBp: row.contribution_bp, oddsCents: row.odds_cents } : settings;
  }

  /** The round's draw, from the seeds the round itself used (verifiable like the round). */
  async function drawn(seeds: { serverSeed: string; clientSeed: string; nonce: number }, bet: bigint, executor: DbExecutor = db): Promise<boolean> {
    const { oddsCents } = await poolSettings(executor);
    const digest = createHmac('sha256', seeds.serverSeed).update(jackpotMessage(seeds.clientSeed, seeds.nonce), 'utf8').digest();
    return jackpotHit(digest, bet, oddsCents);
  }

  /** Operators: change the pool's odds, share or seed (npm run jackpot -- set); takes effect on the next bet. */
  async function configure(change: { oddsCents?: bigint; contributionBp?: number; seed?: bigint }) {
    await db
      .updateTable('jackpot_pool')
      .set({ ...(change.oddsCents !== undefined ? { odds_cents: change.oddsCents } : {}), ...(change.contributionBp !== undefined ? { contribution_bp: change.contributionBp } : {}), ...(change.seed !== undefined ? { seed: change.seed } : {}) })
      .where('code', '=', MAIN_POOL)
      .execute();
    return poolSettings();
  }

  /**
   * After a settled paid round: its contribution, and the pool for the player when its draw hit.
   * Answers what was paid to the player (0 when nothing was, or not yet).
   */
  async function afterRound(round: { memberId: bigint; roundRef: string; vendor: string; gameCode: string; bet: bigint; hit: boolean }): Promise<bigint> {
    let paid = 0n;
    const share = (round.bet * BigInt((await poolSettings()).contributionBp)) / 10_000n;
    if (share > 0n) {
      const journal: Journal = {
        key: `jackpot:contribution:${round.roundRef}`,
        type: 'jackpot',
        reference: round.roundRef,
        legs: [{ house: HOUSE.gameRevenue(round.vendor.toLowerCase()), amount: -share }, { house: poolAccount(MAIN_POOL), amount: share }],
      };
      const result = await deps.wallet.submit(journal);
      if (result.status !== 'applied') deps.logger.error({ roundRef: round.roundRef, status: result.status }, 'jackpot contribution refused');
    }
    if (round.hit) {
      const win = await takePool(round);
      if (win && (await deliver(win))) paid = win.amount;
    }
    schedulePush();
    return paid;
  }

  /** Takes the whole pool for the player and refills the seed, in one transaction under the pool's lock. */
  async function takePool(round: { memberId: bigint; roundRef: string; vendor: string; gameCode: string }) {
    return db.transaction().execute(async (tx) => {
      await sql`select code from jackpot_pool where code = ${MAIN_POOL} for update`.execute(tx);
      const { seed } = await poolSettings(tx);
      const value = await deps.wallet.houseBalance(poolAccount(MAIN_POOL), tx);
      if (value <= 0n) return undefined;
      const inserted = await tx
        .insertInto('jackpot_win')
        .values({ pool_code: MAIN_POOL, member_id: round.memberId, round_ref: round.roundRef, vendor_code: round.vendor, game_code: round.gameCode, amount: value })
        .onConflict((conflict) => conflict.column('round_ref').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return undefined;
      await post(tx, `jackpot:hit:${round.roundRef}`, poolAccount(MAIN_POOL), HOUSE.gameRevenue(round.vendor.toLowerCase()), value, round.roundRef);
      if (seed > 0n) await post(tx, `jackpot:seed:${round.roundRef}`, HOUSE.gameRevenue('house'), poolAccount(MAIN_POOL), seed, round.roundRef);
      deps.logger.info({ roundRef: round.roundRef, amount: value.toString() }, 'jackpot hit');
      return { id: inserted.id, memberId: round.memberId, roundRef: round.roundRef, vendor: round.vendor, gameCode: round.gameCode, amount: value };
    });
  }

  /** The player's win through the provider API (same transactionId on every try), then paid. */
  async function deliver(win: { id: bigint; memberId: bigint; roundRef: string; vendor: string; gameCode: string; amount: bigint }): Promise<boolean> {
    const ref = `${win.roundRef}-jackpot`;
    try {
      const answer = await withRetries(() =>
        deps.client.win(win.vendor, { playerId: win.memberId.toString(), transactionId: ref, roundId: ref, gameCode: win.gameCode, amount: formatCents(win.amount), roundClosed: true }),
      );
      if (!answer.ok) throw new Error(`jackpot win refused: ${answer.status} ${answer.code}`);
      await db.updateTable('jackpot_win').set({ status: 'paid', paid_at: new Date() }).where('id', '=', win.id).execute();
      return true;
    } catch (error) {
      deps.logger.error({ err: error, roundRef: win.roundRef }, 'jackpot win not delivered yet; left pending');
      return false;
    }
  }

  /** The settle job: jackpot wins taken but not yet confirmed by the provider API. */
  async function deliverPending(): Promise<number> {
    const pending = await db.selectFrom('jackpot_win').selectAll().where('status', '=', 'pending').orderBy('created_at').limit(100).execute();
    let paid = 0;
    for (const row of pending) {
      if (await deliver({ id: row.id, memberId: row.member_id, roundRef: row.round_ref, vendor: row.vendor_code, gameCode: row.game_code, amount: row.amount })) paid += 1;
    }
    return paid;
  }

  async function pools() {
    const rows = await db.selectFrom('jackpot_pool').select(['code', 'names']).orderBy('code').execute();
    return { pools: await Promise.all(rows.map(async (row) => ({ code: row.code, names: row.names as { pt: string; en: string }, amount: formatCents(await deps.wallet.houseBalance(poolAccount(row.code))) }))) };
  }

  return { ensurePool, drawn, configure, poolSettings, afterRound, deliverPending, pools, amount, close: () => clearTimeout(pushTimer) };
}

export type Jackpot = ReturnType<typeof createJackpot>;
