import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { betJournal, winJournal } from '../../../test/wallet-journals.ts';
import { expectLedgerInvariants } from '../../../test/wallet-race.ts';

/**
 * Crash test: a separate wallet process posts under load and is killed with SIGKILL mid-flight.
 * Every post it acknowledged must be in the ledger with the acknowledged answer, nothing may be
 * half-written, and a new process answering the same keys must replay, never apply twice.
 */
const PLAYERS = 20;
const ACKS_BEFORE_KILL = 500;
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const childScript = path.resolve(import.meta.dirname, '../../../test/wallet-load-child.ts');

interface Ack {
  k: string;
  t: 'bet' | 'win';
  m: string;
  a: string;
  j: string;
  s: string;
}

describe('wallet durability across a killed process', () => {
  let ctx: TestContext;
  let restarted: TestContext | undefined;
  let players: TestPlayer[];
  beforeAll(async () => {
    ctx = await createTestContext();
    // Small balances next to large ones: the load mixes applied and refused bets.
    players = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => newPlayer(ctx.core, { balance: i % 4 === 0 ? 0n : BigInt(randomInt(500, 20_000)) })));
  });
  afterAll(async () => {
    await restarted?.close();
    await ctx.close();
  });

  /** Runs the load child until it acknowledged enough posts, SIGKILLs it, and returns every acknowledgement it printed. */
  async function loadThenKill(prefix: string): Promise<{ acks: Ack[]; stderr: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, ctx.databaseUrl, prefix, players.map((player) => player.id.toString()).join(',')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const acks: Ack[] = [];
    const lines = createInterface({ input: child.stdout });
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    lines.on('line', (line) => {
      // A line cut short by the kill has no closing brace: it was never a whole acknowledgement.
      if (!line.endsWith('}')) return;
      acks.push(JSON.parse(line) as Ack);
      if (acks.length >= ACKS_BEFORE_KILL && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    await closed;
    clearTimeout(timer);
    expect(child.signalCode, `the load child ended on its own: ${stderr}`).toBe('SIGKILL');
    return { acks, stderr };
  }

  /** The dead process's lanes may still be finishing a statement; wait until the server dropped them. */
  async function waitForDeadConnections() {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { rows } = await sql<{ n: bigint }>`select count(*) as n from pg_stat_activity where datname = current_database() and application_name like 'wallet-lane-%'`.execute(ctx.core.db);
      if (rows[0]!.n === 0n) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the killed process still has wallet connections');
  }

  const cashOfPlayers = async () =>
    (await ctx.core.db.selectFrom('wallet_account').select(['member_id', 'balance']).where('pocket', '=', 'cash').where('member_id', 'in', players.map((player) => player.id)).orderBy('member_id').execute()).map(
      (row) => `${row.member_id}:${row.balance}`,
    );

  it(
    'keeps every acknowledged post exactly once through a SIGKILL, and a restarted process replays them',
    async () => {
      const prefix = `dur${randomBytes(5).toString('hex')}`;
      const { acks, stderr } = await loadThenKill(prefix);
      expect(acks.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
      expect(stderr, 'the load child reported failed posts').not.toContain('failed');
      await waitForDeadConnections();

      // 1. Every acknowledgement is in the ledger, with the answer given.
      const stored = new Map(
        (
          await sql<{ key: string; id: bigint; status: string }>`select idempotency_key as key, id, status from wallet_journal where starts_with(idempotency_key, ${`${prefix}:`})`.execute(ctx.core.db)
        ).rows.map((row) => [row.key, row]),
      );
      const missing = acks.filter((ack) => !stored.has(ack.k));
      expect(missing, 'acknowledged posts lost by the crash').toEqual([]);
      const different = acks.filter((ack) => stored.get(ack.k)!.id.toString() !== ack.j || stored.get(ack.k)!.status !== ack.s);
      expect(different, 'stored journals differ from their acknowledgements').toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acks.length);
      const statuses = acks.reduce<Record<string, number>>((counts, ack) => ({ ...counts, [ack.s]: (counts[ack.s] ?? 0) + 1 }), {});
      console.info(`[wallet durability] ${acks.length} acknowledged ${JSON.stringify(statuses)}, ${stored.size - acks.length} more committed unacknowledged at the kill`);

      // 2. Nothing half-written: applied journals are whole (member + house legs summing to zero), refused ones empty.
      const shapes = (
        await sql<{ key: string; status: string; entries: bigint; total: bigint | null; member_amount: bigint | null }>`
          select j.idempotency_key as key, j.status, count(e.account_id) as entries, sum(e.amount)::bigint as total,
                 sum(e.amount) filter (where a.member_id is not null)::bigint as member_amount
          from wallet_journal j
          left join wallet_entry e on e.journal_id = j.id
          left join wallet_account a on a.id = e.account_id
          where starts_with(j.idempotency_key, ${`${prefix}:`})
          group by j.idempotency_key, j.status`.execute(ctx.core.db)
      ).rows;
      const broken = shapes.filter((row) => (row.status === 'applied' ? row.entries !== 2n || row.total !== 0n : row.entries !== 0n));
      expect(broken, 'partial journals').toEqual([]);
      const acked = new Map(acks.map((ack) => [ack.k, ack]));
      const wrongAmounts = shapes.filter((row) => {
        const ack = acked.get(row.key);
        if (!ack || row.status !== 'applied') return false;
        return row.member_amount !== (ack.t === 'bet' ? -BigInt(ack.a) : BigInt(ack.a));
      });
      expect(wrongAmounts, 'journals whose member leg is not the acknowledged amount').toEqual([]);
      await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);

      // 3. A new process on the same database: every acknowledged key replays, nothing moves.
      const balancesBefore = await cashOfPlayers();
      const journalsBefore = stored.size;
      restarted = await createTestContext({ databaseUrl: ctx.databaseUrl });
      const wallet = restarted.core.modules.wallet.api;
      const replays = await Promise.all(
        acks.map(async (ack) => {
          const journal = ack.t === 'bet' ? betJournal(BigInt(ack.m), ack.k, BigInt(ack.a)) : winJournal(BigInt(ack.m), ack.k, BigInt(ack.a));
          return { ack, result: await wallet.submit(journal) };
        }),
      );
      const notReplays = replays.filter(({ ack, result }) => !result.replayed || result.journalId.toString() !== ack.j || result.status !== ack.s);
      expect(
        notReplays.map(({ ack, result }) => ({ ack, result: { ...result, journalId: result.journalId.toString() } })).slice(0, 5),
        'a resubmitted key was not answered as a replay of its acknowledged result',
      ).toEqual([]);
      expect(await cashOfPlayers(), 'replays moved money').toEqual(balancesBefore);
      const { rows } = await sql<{ n: bigint }>`select count(*) as n from wallet_journal where starts_with(idempotency_key, ${`${prefix}:`})`.execute(ctx.core.db);
      expect(Number(rows[0]!.n)).toBe(journalsBefore);
      await expectLedgerInvariants(ctx.core.db, wallet);
    },
    60_000,
  );
});
