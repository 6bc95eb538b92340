import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newPlayer } from './builders.ts';
import { DEMO_VENDOR as VENDOR, demoVendorContext, signedCallback } from './demo-vendor.ts';
import type { TestContext } from './test-context.ts';
import { maintainPartitions, monthStartUtc, partitionName, type PartitionPolicy } from '../src/platform/partitions.ts';

/**
 * Monthly partitions (migrations 0096–0098, docs/scaling.md "Partitions"): rows land in their
 * month, the job creates months ahead, empties the DEFAULT partition into months it creates,
 * detaches what is past its retention (CONCURRENTLY where there is no default), and the money
 * path and the ledger check are unchanged across month boundaries.
 */
const SECRET = 'partitions-secret-0123456789';
const POLICY: PartitionPolicy = { monthsAhead: 3, retentionMonths: { provider_request_log: 6 } };

describe('monthly partitions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await demoVendorContext(SECRET);
  });
  afterAll(() => ctx?.close());

  const now = new Date();
  const partitionOf = async (table: string, where: ReturnType<typeof sql>) =>
    (await sql<{ partition: string }>`select tableoid::regclass::text as partition from ${sql.table(table)} where ${where}`.execute(ctx.core.db)).rows.map((row) => row.partition);
  const partitionsOf = async (table: string) =>
    (await sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass order by 1`.execute(ctx.core.db)).rows.map((row) => row.name);

  const call = signedCallback(() => ctx, SECRET);

  it('puts a row for a future month in that month’s partition', async () => {
    const nextMonth = new Date(monthStartUtc(now, 1).getTime() + 10 * 86_400_000);
    await sql`insert into provider_request_log (transaction_id, status_code, duration_ms, created_at) values ('future-row', 200, 1, ${nextMonth})`.execute(ctx.core.db);
    expect(await partitionOf('provider_request_log', sql`transaction_id = 'future-row'`)).toEqual([partitionName('provider_request_log', monthStartUtc(now, 1))]);
    expect(await partitionsOf('agents_bet_fact')).toEqual(expect.arrayContaining(['agents_bet_fact_pdefault', partitionName('agents_bet_fact', monthStartUtc(now, 3))]));
  });

  it('a win for a round opened and first settled last month updates that round, once', async () => {
    const player = await newPlayer(ctx.core, { balance: 10_000n });
    const token = await loginAs(ctx.app, player);
    const launch = await ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(token), payload: { vendor: VENDOR, gameCode: 'demo-slot-1', demo: false } });
    expect((await call('authenticate', { token: launch.json().vendorToken })).status).toBe(200);
    const id = randomUUID().slice(0, 8);
    const round = { playerId: player.id.toString(), roundId: `${id}-r`, gameCode: 'demo-slot-1' };
    expect((await call('bet', { ...round, transactionId: `${id}-b`, amount: '10.00' })).status).toBe(200);
    expect((await call('win', { ...round, transactionId: `${id}-w1`, amount: '0.00', roundClosed: true })).status).toBe(200);
    // The round and its first fact move to last month, as if the win below arrived a month later.
    const lastMonth = new Date(monthStartUtc(now, -1).getTime() + 20 * 86_400_000);
    await sql`update provider_round set opened_at = ${lastMonth}, closed_at = ${lastMonth} where member_id = ${player.id} and round_id = ${round.roundId}`.execute(ctx.core.db);
    await sql`update agents_bet_fact set settled_at = ${lastMonth} where member_id = ${player.id} and round_id = ${round.roundId}`.execute(ctx.core.db);

    const late = { ...round, transactionId: `${id}-w2`, amount: '25.00', roundClosed: true };
    expect((await call('win', late)).status).toBe(200);
    expect((await call('win', late)).status).toBe(200); // a replay: no second credit
    const rounds = (await sql<{ bet: bigint; win: bigint; status: string }>`select bet, win, status from provider_round where member_id = ${player.id} and round_id = ${round.roundId}`.execute(ctx.core.db)).rows;
    expect(rounds).toEqual([{ bet: 1000n, win: 2500n, status: 'settled' }]);
    expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(11_500n);
    const facts = (await sql<{ partition: string; stake: bigint; payout: bigint }>`select tableoid::regclass::text as partition, stake, payout from agents_bet_fact where member_id = ${player.id} order by seq`.execute(ctx.core.db)).rows;
    // Last month's fact where it was (its own partition, or the default when last month has none), this month's correction in this month.
    expect(facts.map((fact) => [fact.stake, fact.payout])).toEqual([[1000n, 0n], [0n, 2500n]]);
    expect(facts[1]!.partition).toBe(partitionName('agents_bet_fact', monthStartUtc(now)));
    const entries = (await sql<{ partition: string }>`select distinct e.tableoid::regclass::text as partition from wallet_entry e join wallet_journal j on j.id = e.journal_id where j.idempotency_key like ${`%${id}-w2`}`.execute(ctx.core.db)).rows;
    expect(entries).toEqual([{ partition: partitionName('wallet_entry', monthStartUtc(now)) }]);
  });

  it('creates the months ahead and moves rows out of the default partition', async () => {
    const longAgo = new Date(Date.UTC(2024, 1, 10));
    await sql`insert into agents_bet_fact (member_id, chain, vendor_code, round_id, round_stake, member_won, stake, payout, valid_bet, bets, settled_at)
              values (1, '{}', ${VENDOR}, 'old-round', 100, false, 100, 0, 100, 1, ${longAgo})`.execute(ctx.core.db);
    expect(await partitionOf('agents_bet_fact', sql`round_id = 'old-round'`)).toEqual(['agents_bet_fact_pdefault']);
    const [seqBefore] = (await sql<{ seq: string }>`select seq::text from agents_bet_fact where round_id = 'old-round'`.execute(ctx.core.db)).rows;

    const later = monthStartUtc(now, 5);
    const reports = await maintainPartitions(ctx.databaseUrl, POLICY, later);
    const facts = reports!.find((report) => report.table === 'agents_bet_fact')!;
    expect(facts.created).toEqual(expect.arrayContaining(['agents_bet_fact_p202402', ...[5, 6, 7, 8].map((offset) => partitionName('agents_bet_fact', monthStartUtc(now, offset)))]));
    expect(facts.movedFromDefault).toBeGreaterThanOrEqual(1);
    expect(facts.defaultRows).toBe(0);
    expect(await partitionOf('agents_bet_fact', sql`round_id = 'old-round'`)).toEqual(['agents_bet_fact_p202402']);
    expect((await sql<{ seq: string }>`select seq::text from agents_bet_fact where round_id = 'old-round'`.execute(ctx.core.db)).rows).toEqual([seqBefore]);
    expect(reports!.find((report) => report.table === 'wallet_entry')!).toMatchObject({ defaultRows: 0, detached: [] });
    const logs = reports!.find((report) => report.table === 'provider_request_log')!;
    expect(logs.created).toEqual([5, 6, 7, 8].map((offset) => partitionName('provider_request_log', monthStartUtc(now, offset))));
    // Nothing to do on a second run.
    const again = await maintainPartitions(ctx.databaseUrl, POLICY, later);
    expect(again!.every((report) => report.created.length === 0 && report.detached.length === 0)).toBe(true);
  });

  it('detaches the months past their retention (request log concurrently; a money table only when configured), rows kept in the detached table', async () => {
    const later = monthStartUtc(now, 8);
    const reports = await maintainPartitions(ctx.databaseUrl, { monthsAhead: 3, retentionMonths: { provider_request_log: 6, agents_bet_fact: 100 } }, later);
    const logs = reports!.find((report) => report.table === 'provider_request_log')!;
    // Months ending on or before later − 6 months = now + 2 months: this month and the next go.
    expect(logs.detached).toEqual([0, 1].map((offset) => partitionName('provider_request_log', monthStartUtc(now, offset))));
    expect(await partitionsOf('provider_request_log')).not.toContain(partitionName('provider_request_log', monthStartUtc(now, 1)));
    const detached = partitionName('provider_request_log', monthStartUtc(now, 1));
    expect((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(detached)} where transaction_id = 'future-row'`.execute(ctx.core.db)).rows).toEqual([{ n: 1 }]);
    expect(reports!.find((report) => report.table === 'agents_bet_fact')!.detached).toEqual([]);

    // A table with a DEFAULT partition detaches with the plain form (CONCURRENTLY is refused there).
    const facts = await maintainPartitions(ctx.databaseUrl, { monthsAhead: 3, retentionMonths: { agents_bet_fact: 12 } }, later);
    expect(facts!.find((report) => report.table === 'agents_bet_fact')!.detached).toContain('agents_bet_fact_p202402');
    expect(await partitionOf('agents_bet_fact', sql`round_id = 'old-round'`)).toEqual([]);
  });

  it('the ledger check passes after the partitions changed', async () => {
    const result = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
  });
});
