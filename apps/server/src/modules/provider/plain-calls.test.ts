import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { takePlainCalls, upsertSession } from './provider.repository.ts';

/**
 * The set-based bet batch (provider_place_bets, the provider's betBatch): for any mix of members
 * (plain, without a session, demo, expired, trial, with bonus money, short of cash), rounds (new,
 * open, already settled), replays of earlier bets, and copies of a bet in the same batch, a batch
 * answers every bet and leaves the ledger, rounds and stored answers exactly as the same bets sent
 * one by one through the ordinary callback. The plain bets are taken set-based and the others left.
 * The same for wins (provider_pay_wins, the provider's moneyBatch): rounds staked with cash or with
 * bonus money, settled, rolled back or never staked, 0.00 and credits, closing or not, two wins of
 * one round, replays and copies.
 */
const VENDOR = 'DEMOVENDOR';
const GAME = 'demo-slot-1';
const RUNS = 40;
/** 40 runs of two twins on the database each take 9–15 s alone on two cores, twice that beside the rest of the suite. */
const PROPERTY_TIMEOUT_MS = 60_000;

type Kind = 'plain' | 'noSession' | 'demo' | 'expired' | 'trial' | 'bonus';
interface MemberSpec {
  kind: Kind;
  funds: number;
  /** A bet placed before the batch (to replay), its round closed by a win when `settled`. */
  prior: 'none' | 'open' | 'settled';
}
interface BetSpec {
  member: number;
  amount: number;
  round: number;
  /** 'fresh' a new transaction; 'replay' / 'conflict' the prior bet's id with the same or other content; 'copy' an earlier bet of this batch again. */
  id: 'fresh' | 'replay' | 'conflict' | 'copy';
}
interface Scenario {
  members: MemberSpec[];
  bets: BetSpec[];
}

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .array(
    fc.record({
      kind: fc.constantFrom<Kind>('plain', 'plain', 'plain', 'noSession', 'demo', 'expired', 'trial', 'bonus'),
      funds: fc.constantFrom(0, 500, 2_000, 10_000),
      prior: fc.constantFrom<MemberSpec['prior']>('none', 'none', 'open', 'settled'),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((members) =>
    fc.record({
      members: fc.constant(members),
      bets: fc.array(
        fc.record({
          member: fc.nat(members.length - 1),
          amount: fc.integer({ min: 1, max: 1_500 }),
          round: fc.nat(2),
          id: fc.constantFrom<BetSpec['id']>('fresh', 'fresh', 'fresh', 'fresh', 'replay', 'conflict', 'copy'),
        }),
        { minLength: 1, maxLength: 10 },
      ),
    }),
  );

const money = (cents: number) => (cents / 100).toFixed(2);

describe('provider: bets and wins set-based', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DEMO_VENDOR_SECRET: 'place-bets-secret-0123456789' } });
    await ctx.core.modules.provider.api.seedDemoVendor();
    ctx.core.modules.catalogue.api.invalidate();
  });
  afterAll(() => ctx?.close());

  const callbacks = () => ctx.core.modules.provider.api.callbacks;
  const body = (player: TestPlayer, transactionId: string, roundId: string, cents: number) => ({ playerId: player.id.toString(), transactionId, roundId, gameCode: GAME, amount: money(cents) });

  /** The members of one twin, in id order, with what happened before the batch. */
  async function realize(scenario: Scenario, prefix: string) {
    const players: TestPlayer[] = [];
    for (const [k, spec] of scenario.members.entries()) {
      const player = await newPlayer(ctx.core, { balance: BigInt(spec.funds) + 300n, type: spec.kind === 'trial' ? 4 : 0 });
      players.push(player);
      await upsertSession(ctx.core.db, { vendorCode: VENDOR, memberId: player.id, demo: false, ttlMs: 60_000 });
      if (spec.prior !== 'none' && spec.kind !== 'trial') {
        // The prior bet costs the 3.00 added above, so every member starts the batch with `funds`.
        expect((await callbacks().handle(VENDOR, 'bet', body(player, `${prefix}-m${k}-prior`, `${prefix}-m${k}-r1`, 300))).status).toBe(200);
        if (spec.prior === 'settled') {
          expect((await callbacks().handle(VENDOR, 'win', { ...body(player, `${prefix}-m${k}-close`, `${prefix}-m${k}-r1`, 0), roundClosed: true })).status).toBe(200);
        }
      } else if (spec.kind !== 'trial') {
        await ctx.core.db.transaction().execute((tx) =>
          ctx.core.modules.wallet.api.postOrThrow(tx, { key: `test:${prefix}-m${k}-spend`, type: 'adjustment', legs: [{ member: player.id, amount: -300n }, { house: 'adjustments', amount: 300n }] }),
        );
      }
      if (spec.kind === 'noSession') await sql`delete from provider_player_session where vendor_code = ${VENDOR} and member_id = ${player.id}`.execute(ctx.core.db);
      if (spec.kind === 'demo') await upsertSession(ctx.core.db, { vendorCode: VENDOR, memberId: player.id, demo: true, ttlMs: 60_000 });
      if (spec.kind === 'expired') await upsertSession(ctx.core.db, { vendorCode: VENDOR, memberId: player.id, demo: false, ttlMs: -1_000 });
      if (spec.kind === 'bonus') {
        await grantBonus(player, `${prefix}-m${k}-bonus`);
      }
    }
    const bodies = scenario.bets.map((bet, index) => {
      const player = players[bet.member]!;
      const round = `${prefix}-m${bet.member}-r${bet.round}`;
      if (bet.id === 'replay') return body(player, `${prefix}-m${bet.member}-prior`, `${prefix}-m${bet.member}-r1`, 300);
      if (bet.id === 'conflict') return body(player, `${prefix}-m${bet.member}-prior`, round, bet.amount);
      const earlier = scenario.bets.findIndex((other, at) => at < index && other.member === bet.member && other.id === 'fresh');
      if (bet.id === 'copy' && earlier >= 0) return body(player, `${prefix}-b${earlier}`, `${prefix}-m${bet.member}-r${scenario.bets[earlier]!.round}`, scenario.bets[earlier]!.amount);
      return body(player, `${prefix}-b${index}`, round, bet.amount);
    });
    return { players, bodies };
  }

  const strip = (prefix: string) => (text: string) => text.split(prefix).join('P');
  const answerOf = (prefix: string, answer: { status: number; body: unknown }) => {
    const wire = answer.body as { balance?: string; transactionId?: string; error?: { code: string } };
    return answer.status === 200 ? { balance: wire.balance, transactionId: strip(prefix)(wire.transactionId ?? '') } : { error: wire.error?.code };
  };

  /** Everything a bet leaves, per member, with the twin's prefix taken out of the ids. */
  async function stateOf(player: TestPlayer, prefix: string) {
    const p = strip(prefix);
    const rounds = await sql<{ round_id: string; bet: bigint; win: bigint; status: string }>`
      select round_id, bet, win, status from provider_round where vendor_code = ${VENDOR} and member_id = ${player.id} order by round_id`.execute(ctx.core.db);
    const answers = await sql<{ action: string; transaction_id: string; round_id: string; response: Record<string, string> }>`
      select action, transaction_id, round_id, response from provider_transaction where vendor_code = ${VENDOR} and member_id = ${player.id} order by action, transaction_id`.execute(ctx.core.db);
    const journals = await sql<{ key: string; type: string; status: string; reject_code: string | null; pockets: Record<string, string> | null; house: string | null }>`
      select j.idempotency_key as key, j.type, j.status, j.reject_code,
             (select jsonb_object_agg(a.pocket, e.amount::text) from wallet_entry e join wallet_account a on a.id = e.account_id where e.journal_id = j.id and a.member_id is not null) as pockets,
             (select sum(e.amount)::text from wallet_entry e join wallet_account a on a.id = e.account_id where e.journal_id = j.id and a.member_id is null) as house
      from wallet_journal j where j.idempotency_key like ${`%:${VENDOR}:${prefix}-%`} order by j.idempotency_key`.execute(ctx.core.db);
    const balances = await sql<{ pocket: string; balance: bigint }>`select pocket, balance from wallet_account where member_id = ${player.id} order by pocket`.execute(ctx.core.db);
    return {
      rounds: rounds.rows.map((row) => ({ ...row, round_id: p(row.round_id) })),
      answers: answers.rows.map((row) => ({ ...row, transaction_id: p(row.transaction_id), round_id: p(row.round_id), response: { ...row.response, transactionId: p(row.response.transactionId ?? '') } })),
      journals: journals.rows.map((row) => ({ ...row, key: p(row.key) })),
      balances: balances.rows,
    };
  }

  /** R$ 8,00 of bonus money, active, wagering ×10. */
  const grantBonus = (player: TestPlayer, key: string) =>
    ctx.core.db.transaction().execute((tx) =>
      ctx.core.modules.bonus.api.grant(tx, { key, memberId: player.id, amount: 800n, wageringMultiple: 10, expiresAt: new Date(Date.now() + 86_400_000), source: { kind: 'test', id: '1' } }),
    );

  /** The batch twin answered and booked exactly as the one-by-one twin: answers in order, and each member's rounds, stored answers, journals and balances. */
  async function expectTwinsAlike(
    batch: { prefix: string; players: TestPlayer[]; answers: ReadonlyArray<{ status: number; body: unknown }> },
    single: { prefix: string; players: TestPlayer[]; answers: ReadonlyArray<{ status: number; body: unknown }> },
  ) {
    expect(batch.answers.map((answer) => answerOf(batch.prefix, answer))).toEqual(single.answers.map((answer) => answerOf(single.prefix, answer)));
    for (const [k, player] of batch.players.entries()) {
      expect(await stateOf(player, batch.prefix)).toEqual(await stateOf(single.players[k]!, single.prefix));
    }
  }

  it('a batch answers and books every bet exactly as the same bets one by one, for any mix of members, rounds, replays and copies', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const batchPrefix = `t${randomBytes(4).toString('hex')}`;
        const singlePrefix = `t${randomBytes(4).toString('hex')}`;
        const batch = await realize(scenario, batchPrefix);
        const single = await realize(scenario, singlePrefix);

        const batchAnswers = await callbacks().handleMany(VENDOR, 'bet', batch.bodies);
        // One by one in the batch's order: members in id order, each member's bets as given.
        const order = single.bodies.map((_body, index) => index).sort((a, b) => scenario.bets[a]!.member - scenario.bets[b]!.member || a - b);
        const singleAnswers: Array<{ status: number; body: unknown }> = [];
        for (const index of order) singleAnswers[index] = await callbacks().handle(VENDOR, 'bet', single.bodies[index]);

        await expectTwinsAlike({ prefix: batchPrefix, players: batch.players, answers: batchAnswers }, { prefix: singlePrefix, players: single.players, answers: singleAnswers });
      }),
      { numRuns: RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  type RoundState = 'none' | 'open' | 'settled' | 'rolledBack';
  interface WinScenario {
    members: Array<{ bonus: boolean; rounds: RoundState[] }>;
    wins: Array<{ member: number; round: number; amount: number; closes: boolean; id: 'fresh' | 'replay' | 'conflict' | 'copy' }>;
  }
  const winScenarioArb: fc.Arbitrary<WinScenario> = fc
    .array(
      fc.record({
        bonus: fc.constantFrom(false, false, false, true),
        rounds: fc.array(fc.constantFrom<RoundState>('open', 'open', 'open', 'none', 'settled', 'rolledBack'), { minLength: 3, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .chain((members) =>
      fc.record({
        members: fc.constant(members),
        wins: fc.array(
          fc.record({
            member: fc.nat(members.length - 1),
            round: fc.nat(2),
            amount: fc.constantFrom(0, 1, 150, 2_500),
            closes: fc.boolean(),
            id: fc.constantFrom<'fresh' | 'replay' | 'conflict' | 'copy'>('fresh', 'fresh', 'fresh', 'fresh', 'replay', 'conflict', 'copy'),
          }),
          { minLength: 1, maxLength: 10 },
        ),
      }),
    );

  /** One twin's members with their rounds staked (with cash, or with bonus money), closed or rolled back, and a first win paid in round 0. */
  async function realizeWins(scenario: WinScenario, prefix: string) {
    const players: TestPlayer[] = [];
    for (const [k, spec] of scenario.members.entries()) {
      const player = await newPlayer(ctx.core, { balance: spec.bonus ? 0n : 10_000n });
      players.push(player);
      await upsertSession(ctx.core.db, { vendorCode: VENDOR, memberId: player.id, demo: false, ttlMs: 60_000 });
      if (spec.bonus) {
        await grantBonus(player, `${prefix}-m${k}-bonus`);
      }
      for (const [j, state] of spec.rounds.entries()) {
        if (state === 'none') continue;
        const round = `${prefix}-m${k}-r${j}`;
        expect((await callbacks().handle(VENDOR, 'bet', body(player, `${round}-bet`, round, 100))).status).toBe(200);
        if (state === 'settled') expect((await callbacks().handle(VENDOR, 'win', { ...body(player, `${round}-close`, round, 0), roundClosed: true })).status).toBe(200);
        if (state === 'rolledBack') expect((await callbacks().handle(VENDOR, 'rollback', { playerId: player.id.toString(), transactionId: `${round}-undo`, originalTransactionId: `${round}-bet`, roundId: round })).status).toBe(200);
      }
      if (spec.rounds[0] === 'open') {
        expect((await callbacks().handle(VENDOR, 'win', { ...body(player, `${prefix}-m${k}-prior`, `${prefix}-m${k}-r0`, 50), roundClosed: false })).status).toBe(200);
      }
    }
    const bodies = scenario.wins.map((win, index) => {
      const player = players[win.member]!;
      const round = `${prefix}-m${win.member}-r${win.round}`;
      const winBody = (transactionId: string, roundId: string, cents: number, roundClosed: boolean) => ({ ...body(player, transactionId, roundId, cents), roundClosed });
      if (win.id === 'replay') return winBody(`${prefix}-m${win.member}-prior`, `${prefix}-m${win.member}-r0`, 50, false);
      if (win.id === 'conflict') return winBody(`${prefix}-m${win.member}-prior`, round, win.amount, win.closes);
      const earlier = scenario.wins.findIndex((other, at) => at < index && other.member === win.member && other.id === 'fresh');
      if (win.id === 'copy' && earlier >= 0) {
        const first = scenario.wins[earlier]!;
        return winBody(`${prefix}-w${earlier}`, `${prefix}-m${win.member}-r${first.round}`, first.amount, first.closes);
      }
      return winBody(`${prefix}-w${index}`, round, win.amount, win.closes);
    });
    return { players, bodies };
  }

  it('a batch of wins answers and books every win exactly as the same wins one by one, for any mix of rounds, bonus stakes, replays and copies', async () => {
    await fc.assert(
      fc.asyncProperty(winScenarioArb, async (scenario) => {
        const batchPrefix = `t${randomBytes(4).toString('hex')}`;
        const singlePrefix = `t${randomBytes(4).toString('hex')}`;
        const batch = await realizeWins(scenario, batchPrefix);
        const single = await realizeWins(scenario, singlePrefix);

        const batchAnswers = await ctx.core.modules.provider.api.batchCallbacks.handleMany(VENDOR, 'win', batch.bodies);
        const singleAnswers: Array<{ status: number; body: unknown }> = [];
        for (const [index, each] of single.bodies.entries()) singleAnswers[index] = await callbacks().handle(VENDOR, 'win', each);

        await expectTwinsAlike({ prefix: batchPrefix, players: batch.players, answers: batchAnswers }, { prefix: singlePrefix, players: single.players, answers: singleAnswers });
      }),
      { numRuns: RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('takes the plain bets and wins set-based and leaves the others to the callback, changing nothing for them', async () => {
    const plain = await newPlayer(ctx.core, { balance: 5_000n });
    const short = await newPlayer(ctx.core, { balance: 100n });
    for (const player of [plain, short]) await upsertSession(ctx.core.db, { vendorCode: VENDOR, memberId: player.id, demo: false, ttlMs: 60_000 });
    const prefix = randomBytes(4).toString('hex');
    const call = (player: TestPlayer, n: number, cents: number) => {
      const key = `${prefix}-${n}`;
      const { op, shard } = ctx.core.modules.wallet.api.prepareForSql({
        key: `bet:${VENDOR}:${key}`,
        type: 'bet',
        reference: `${GAME}/${prefix}-r`,
        product: 'casino',
        vendor: VENDOR,
        legs: [
          { member: player.id, amount: -BigInt(cents) },
          { house: `game_revenue:${VENDOR.toLowerCase()}`, amount: BigInt(cents) },
        ],
      });
      return { call: { vendor: VENDOR, action: 'bet' as const, transaction_id: key, member: player.id.toString(), round: `${prefix}-r`, game: GAME, game_type: null, hash: 'ab'.repeat(32), amount: String(cents), op }, shard };
    };
    const calls = [call(plain, 1, 1_000), call(short, 2, 500), call(plain, 3, 1_500)];
    const answers = await takePlainCalls(ctx.core.db, 'bet', calls.map((each) => each.call), calls[0]!.shard);

    // The plain member's two bets, each with the balance after it; the short member's is left.
    expect([...answers.keys()].sort()).toEqual([0, 2]);
    expect(answers.get(0)).toMatchObject({ balance: '40.00', transactionId: `${prefix}-1` });
    expect(answers.get(2)).toMatchObject({ balance: '25.00', transactionId: `${prefix}-3` });
    expect(await ctx.core.modules.wallet.api.cashOf(plain.id)).toBe(2_500n);
    expect(await ctx.core.modules.wallet.api.cashOf(short.id)).toBe(100n);
    const round = await sql<{ bet: bigint; status: string }>`select bet, status from provider_round where vendor_code = ${VENDOR} and member_id = ${plain.id} and round_id = ${`${prefix}-r`}`.execute(ctx.core.db);
    expect(round.rows).toEqual([{ bet: 2_500n, status: 'open' }]);
    const left = await sql<{ n: bigint }>`select count(*) as n from provider_transaction where vendor_code = ${VENDOR} and member_id = ${short.id}`.execute(ctx.core.db);
    expect(left.rows[0]!.n).toBe(0n);

    // Sent again, they are stored answers now: nothing is taken twice.
    expect((await takePlainCalls(ctx.core.db, 'bet', calls.map((each) => each.call), calls[0]!.shard)).size).toBe(0);
    expect(await ctx.core.modules.wallet.api.cashOf(plain.id)).toBe(2_500n);

    // The round's win, set-based too: the credit, the round settled, the answer after it.
    const { op, shard } = ctx.core.modules.wallet.api.prepareForSql({
      key: `win:${VENDOR}:${prefix}-w`,
      type: 'win',
      reference: `${GAME}/${prefix}-r`,
      product: 'casino',
      vendor: VENDOR,
      legs: [
        { member: plain.id, amount: 3_000n },
        { house: `game_revenue:${VENDOR.toLowerCase()}`, amount: -3_000n },
      ],
    });
    const win = { vendor: VENDOR, action: 'win' as const, transaction_id: `${prefix}-w`, member: plain.id.toString(), round: `${prefix}-r`, game: GAME, hash: 'cd'.repeat(32), amount: '3000', round_closed: true, op };
    const paid = await takePlainCalls(ctx.core.db, 'win', [win], shard);
    expect(paid.get(0)).toMatchObject({ balance: '55.00', transactionId: `${prefix}-w` });
    expect(await ctx.core.modules.wallet.api.cashOf(plain.id)).toBe(5_500n);
    const settled = await sql<{ bet: bigint; win: bigint; status: string }>`select bet, win, status from provider_round where vendor_code = ${VENDOR} and member_id = ${plain.id} and round_id = ${`${prefix}-r`}`.execute(ctx.core.db);
    expect(settled.rows).toEqual([{ bet: 2_500n, win: 3_000n, status: 'settled' }]);
    expect((await takePlainCalls(ctx.core.db, 'win', [win], shard)).size).toBe(0);
  });
});
