import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, testLogger, type TestContext } from '../../../test/test-context.ts';
import { createBonusService } from './bonus.service.ts';

/**
 * Bonus grants through the ledger, wagering counted by the provider's round hook (0062/0063),
 * conversion once, expiry once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const bonusApi = () => ctx.core.modules.bonus.api;
const grant = (member: TestPlayer, key: string, amount: bigint, multiple: number, expiresAt = new Date(Date.now() + DAY)) =>
  ctx.core.db.transaction().execute((tx) => bonusApi().grant(tx, { key, memberId: member.id, amount, wageringMultiple: multiple, expiresAt, source: { kind: 'test', id: key } }));
const pockets = async (member: TestPlayer) => {
  const balance = await ctx.core.modules.wallet.api.balanceOf(member.id);
  return { cash: balance.cash, bonus: balance.bonus };
};
const grantRow = (id: bigint) => ctx.core.db.selectFrom('bonus_grant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Writes a round as the provider's money callback does (an upsert; the round's trigger calls the bonus hook). */
const writeRound = (member: TestPlayer, round: string, change: { bet?: bigint; status: 'open' | 'settled' | 'rolled_back'; gameType?: string | null }) =>
  sql`insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
      values ('TESTVENDOR', ${member.id}, ${round}, 'g', ${change.gameType ?? 'RNG'}, ${change.bet ?? 0n}, 0, ${change.status}, now())
      on conflict (vendor_code, member_id, round_id) do update set bet = provider_round.bet + excluded.bet, status = excluded.status`.execute(ctx.core.db);
const journalCount = async (key: string) => (await sql<{ n: string }>`select count(*)::text as n from wallet_journal where idempotency_key = ${key}`.execute(ctx.core.db)).rows[0]!.n;

describe('bonus grants', () => {
  it('credits the bonus pocket once per key, never cash', async () => {
    const member = await newPlayer(ctx.core, { balance: 5_00n });
    const first = await grant(member, `g-${member.account}`, 20_00n, 10);
    const again = await grant(member, `g-${member.account}`, 20_00n, 10);
    expect(first.created).toBe(true);
    expect(again).toEqual({ grantId: first.grantId, created: false });
    expect(await pockets(member)).toEqual({ cash: '5.00', bonus: '20.00' });
    const row = await grantRow(first.grantId);
    expect({ required: row.required, done: row.done, status: row.status }).toEqual({ required: 200_00n, done: 0n, status: 'active' });
  });

  it('refuses a bad grant with a translated error', async () => {
    const member = await newPlayer(ctx.core);
    await expect(grant(member, `bad-${member.account}`, 0n, 10)).rejects.toMatchObject({ code: 'bonus.grant_invalid' });
    await expect(grant(member, `bad2-${member.account}`, 1_00n, 10, new Date(Date.now() - 1000))).rejects.toMatchObject({ code: 'bonus.grant_invalid' });
  });
});

describe('wagering progress', () => {
  const GAME_TYPES = { RNG: 100n, LIVE: 10n, SPORTS: 20n, XYZ: 0n } as const;
  type GameType = keyof typeof GAME_TYPES;
  const step = fc.record({
    round: fc.integer({ min: 0, max: 5 }),
    kind: fc.constantFrom('bet', 'settle', 'rollback', 'replay' as const),
    bet: fc.bigInt({ min: 1n, max: 1_000_00n }),
    gameType: fc.constantFrom<GameType>('RNG', 'LIVE', 'SPORTS', 'XYZ'),
  });

  it('equals the sum of the contributions of the settled rounds, through replays and rollbacks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const member = await newPlayer(ctx.core);
        // A requirement no test reaches: progress is never capped.
        const { grantId } = await grant(member, `p-${member.account}`, 1_000_000_00n, 1000);
        const rounds = new Map<number, { bet: bigint; status: 'open' | 'settled' | 'rolled_back'; gameType: GameType }>();
        for (const { round, kind, bet, gameType } of steps) {
          const state = rounds.get(round);
          const id = `r${round}`;
          if (kind === 'bet' && (!state || state.status === 'open')) {
            await writeRound(member, id, { bet, status: 'open', gameType: state?.gameType ?? gameType });
            rounds.set(round, { bet: (state?.bet ?? 0n) + bet, status: 'open', gameType: state?.gameType ?? gameType });
          } else if (kind === 'settle' && state?.status === 'open') {
            await writeRound(member, id, { status: 'settled', gameType: state.gameType });
            state.status = 'settled';
          } else if (kind === 'rollback' && state && state.status !== 'rolled_back') {
            await writeRound(member, id, { status: 'rolled_back', gameType: state.gameType });
            state.status = 'rolled_back';
          } else if (kind === 'replay' && state) {
            // The same change again (a vendor's retry reaching SQL): the row does not change.
            await writeRound(member, id, { status: state.status, gameType: state.gameType });
          }
        }
        const expected = [...rounds.values()].filter((r) => r.status === 'settled').reduce((sum, r) => sum + (r.bet * GAME_TYPES[r.gameType]) / 100n, 0n);
        expect((await grantRow(grantId)).done).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('counts the same progress when many members’ rounds settle in one statement (the provider’s set-based paths, migration 0105)', async () => {
    const [withGrant, alsoWithGrant, without] = [await newPlayer(ctx.core), await newPlayer(ctx.core), await newPlayer(ctx.core)];
    const grants = [await grant(withGrant, `s1-${withGrant.account}`, 1_000_00n, 100), await grant(alsoWithGrant, `s2-${alsoWithGrant.account}`, 1_000_00n, 100)];
    const members = [withGrant, alsoWithGrant, without];
    for (const member of members) for (const [n, gameType] of (['RNG', 'LIVE', 'SPORTS'] as const).entries()) await writeRound(member, `s${n}`, { bet: 10_00n * BigInt(n + 1), status: 'open', gameType });
    await ctx.core.db.transaction().execute(async (tx) => {
      await sql`select set_config('provider.round_hooks', 'per_statement', true)`.execute(tx);
      await sql`update provider_round set status = 'settled' where member_id = any(${members.map((member) => member.id.toString())}::bigint[]) and round_id like 's%'`.execute(tx);
    });
    // RNG 10.00 × 100 % + LIVE 20.00 × 10 % + SPORTS 30.00 × 20 %, once per member with a grant.
    for (const { grantId } of grants) expect((await grantRow(grantId)).done).toBe(10_00n + 2_00n + 6_00n);
    const rows = await sql<{ n: number }>`select count(*)::int as n from bonus_round where member_id = ${without.id}`.execute(ctx.core.db);
    expect(rows.rows[0]!.n).toBe(0);
    // Unsettled in one statement: the progress goes back.
    await ctx.core.db.transaction().execute(async (tx) => {
      await sql`select set_config('provider.round_hooks', 'per_statement', true)`.execute(tx);
      await sql`update provider_round set status = 'rolled_back' where member_id = ${withGrant.id} and round_id = 's0'`.execute(tx);
    });
    expect((await grantRow(grants[0]!.grantId)).done).toBe(2_00n + 6_00n);
  });

  it('fills the oldest grant first and converts each once, under concurrent settlements', async () => {
    const member = await newPlayer(ctx.core, { balance: 1_00n });
    const older = await grant(member, `c1-${member.account}`, 10_00n, 2); // 20.00 to wager
    const newer = await grant(member, `c2-${member.account}`, 5_00n, 10); // 50.00 to wager
    await Promise.all(Array.from({ length: 14 }, (_, i) => writeRound(member, `c${i}`, { bet: 5_00n, status: 'settled' })));
    await Promise.all([bonusApi().convertCompleted(member.id), bonusApi().convertCompleted(member.id), bonusApi().convertCompleted()]);
    const [a, b] = [await grantRow(older.grantId), await grantRow(newer.grantId)];
    expect({ status: a.status, done: a.done, closed: a.closed_amount }).toEqual({ status: 'converted', done: 20_00n, closed: 10_00n });
    expect({ status: b.status, done: b.done, closed: b.closed_amount }).toEqual({ status: 'converted', done: 50_00n, closed: 5_00n });
    expect(await pockets(member)).toEqual({ cash: '16.00', bonus: '0.00' });
    expect(await journalCount(`bonus:convert:${older.grantId}`)).toBe('1');
    // A rollback after the conversion leaves the converted grant as it is.
    await writeRound(member, 'c0', { status: 'rolled_back' });
    expect((await grantRow(older.grantId)).status).toBe('converted');
  });
});

describe('expiry', () => {
  it('returns unconverted bonus to the house once, however often the job runs', async () => {
    const member = await newPlayer(ctx.core);
    const { grantId } = await grant(member, `e-${member.account}`, 7_00n, 5, new Date(Date.now() + 60_000));
    const later = createBonusService({ db: ctx.core.db, wallet: ctx.core.modules.wallet.api, logger: testLogger, now: () => new Date(Date.now() + 120_000) });
    await Promise.all([later.expireDue(), later.expireDue()]);
    await later.expireDue();
    const row = await grantRow(grantId);
    expect({ status: row.status, closed: row.closed_amount }).toEqual({ status: 'expired', closed: 7_00n });
    expect(await pockets(member)).toEqual({ cash: '0.00', bonus: '0.00' });
    expect(await journalCount(`bonus:expire:${grantId}`)).toBe('1');
    // No round counts towards a closed grant.
    await writeRound(member, 'x1', { bet: 10_00n, status: 'settled' });
    expect((await grantRow(grantId)).done).toBe(0n);
  });
});

describe('contributions', () => {
  it('take an operator change from the next round on, and refuse a bad one', async () => {
    const member = await newPlayer(ctx.core);
    const { grantId } = await grant(member, `k-${member.account}`, 100_00n, 100);
    await bonusApi().setContribution('LIVE', 50);
    try {
      await writeRound(member, 'k1', { bet: 10_00n, status: 'settled', gameType: 'LIVE' });
      expect((await grantRow(grantId)).done).toBe(5_00n);
      await expect(bonusApi().setContribution('LIVE', 101)).rejects.toMatchObject({ code: 'bonus.grant_invalid' });
    } finally {
      await bonusApi().setContribution('LIVE', 10);
    }
  });
});
