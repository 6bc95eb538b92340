import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DRILL_VENDOR, type DrillCluster } from './drill-cluster.ts';
import type { TrafficLog } from './drill-traffic.ts';

/**
 * After the traffic: what the clients were told against what the ledger holds. Every
 * acknowledged operation's journal exactly once (by its idempotency key), nothing refused
 * applied, each member's cash exactly its opening balance plus what was acknowledged, every
 * acknowledged crash bet settled by the worker, and `npm run ledger:check` passing.
 */
export interface DrillCheck {
  problems: string[];
  /** Acknowledged operations with a journal, and how many of them the ledger holds once. */
  expectedInLedger: number;
  foundInLedger: number;
  /** Paid deposits credited by the worker's reconciliation job (their webhook died with an API process). */
  depositsReconciled: number;
  ledgerCheck: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const HOUSE_VENDOR = 'HOUSE';
const SETTLED = ['cashed', 'lost', 'refunded', 'failed'];
const RETRYABLE_502 = ['house.provider_unavailable'];

/** Keys and how many journals each has. */
async function journalCounts(cluster: DrillCluster, keys: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let start = 0; start < keys.length; start += 5000) {
    const rows = await cluster.query<{ key: string; n: number }>('select idempotency_key as key, count(*)::int as n from wallet_journal where idempotency_key = any($1::text[]) group by 1', [keys.slice(start, start + 5000)]);
    for (const row of rows) counts.set(row.key, row.n);
  }
  return counts;
}

interface CrashBetRow {
  id: string;
  member_id: string;
  request_id: string;
  amount: string;
  status: string;
  win: string | null;
  closed: boolean;
}

/** Waits (up to `timeoutMs`) for every deposit the PSP has paid to be credited (the reconciliation job takes a minute or two). */
export async function waitForDepositsCredited(cluster: DrillCluster, depositIds: bigint[], timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const [open] = await cluster.query<{ n: number }>(
      `select count(*)::int as n from payments_deposit d join payments_sandbox_charge c on c.txid = d.txid where d.id = any($1::bigint[]) and c.status = 'paid' and d.status <> 'credited'`,
      [depositIds.map(String)],
    );
    if (open!.n === 0 || Date.now() - started > timeoutMs) return Date.now() - started;
    await sleep(1000);
  }
}

/** Waits (up to `timeoutMs`) for the worker to settle every crash bet: none pending or placed, every closing call confirmed. */
export async function waitForCrashSettled(cluster: DrillCluster, requestIds: string[], timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const [open] = await cluster.query<{ n: number }>(`select count(*)::int as n from crash_bet where request_id = any($1::text[]) and (status in ('pending', 'placed') or (status in ('cashed', 'lost', 'refunded') and closed_at is null))`, [requestIds]);
    if (open!.n === 0 || Date.now() - started > timeoutMs) return Date.now() - started;
    await sleep(250);
  }
}

export async function checkDrill(cluster: DrillCluster, log: TrafficLog, openingCents: Map<bigint, bigint>): Promise<DrillCheck> {
  const problems: string[] = [...log.anomalies];
  if (log.figures.unanswered > 0) problems.push(`${log.figures.unanswered} operations never got an answer`);
  // 503 while PostgreSQL is away (a deposit too, though the sandbox PSP keeps its charges in the same
  // database); 502 "provider unavailable" when a game-provider call failed. Both are documented and
  // retried; a 500 never.
  const internal = Object.entries(log.figures.serverErrors).filter(([key]) => !key.startsWith('503 ') && !RETRYABLE_502.some((allowed) => key === `502 ${allowed}`));
  if (internal.length > 0) problems.push(`5xx answers other than the documented, retryable ones: ${JSON.stringify(Object.fromEntries(internal))}`);

  // The provider callbacks: a journal per acknowledged bet, rollback and non-zero win; none for a refusal.
  const vendorKey = (op: { action: string; transactionId: string }) => `${op.action}:${DRILL_VENDOR}:${op.transactionId}`;
  const crashRows = await cluster.query<CrashBetRow>(
    'select id::text, member_id::text, request_id, amount::text, status, win::text, closed_at is not null as closed from crash_bet where request_id = any($1::text[])',
    [log.crashOps.map((op) => op.requestId)],
  );
  const crashByRequest = new Map(crashRows.map((row) => [row.request_id, row]));
  const crashKeys = crashRows.flatMap((row) => [`bet:${HOUSE_VENDOR}:crash-${row.id}-bet`, `win:${HOUSE_VENDOR}:crash-${row.id}-win`, `rollback:${HOUSE_VENDOR}:crash-${row.id}-rollback`]);
  const counts = await journalCounts(cluster, [...log.vendorOps.map(vendorKey), ...crashKeys]);
  const count = (key: string) => counts.get(key) ?? 0;

  let depositsReconciled = 0;
  let expectedInLedger = 0;
  let foundInLedger = 0;
  const expectOnce = (key: string, what: string) => {
    expectedInLedger += 1;
    if (count(key) === 1) foundInLedger += 1;
    else problems.push(`${what}: ${count(key)} journals under ${key}, expected 1`);
  };
  const expectCash = new Map(openingCents);
  const move = (memberId: bigint, cents: bigint) => expectCash.set(memberId, (expectCash.get(memberId) ?? 0n) + cents);

  for (const op of log.vendorOps) {
    const key = vendorKey(op);
    if (op.outcome !== 'acknowledged') {
      if (count(key) > 0) problems.push(`a ${op.outcome} ${op.action} was applied: ${count(key)} journals under ${key}`);
      continue;
    }
    if (op.action === 'win' && op.cents === 0n) {
      if (count(key) > 0) problems.push(`a 0.00 win posted ${count(key)} journals under ${key}`);
      continue;
    }
    expectOnce(key, `acknowledged ${op.action}`);
    move(op.memberId, op.action === 'bet' ? -op.cents : op.action === 'win' ? op.cents : op.reverses!);
  }

  // Crash bets: the member's debit once; settled by the worker (its win, or a refund) once.
  for (const op of log.crashOps) {
    const row = crashByRequest.get(op.requestId);
    if (op.outcome !== 'acknowledged') {
      if (!row) continue;
      const debited = count(`bet:${HOUSE_VENDOR}:crash-${row.id}-bet`);
      const refunded = count(`rollback:${HOUSE_VENDOR}:crash-${row.id}-rollback`);
      if (debited > 1 || refunded > 1) problems.push(`refused crash bet ${row.id} has ${debited} debits and ${refunded} refunds`);
      // Refused, yet it may have been debited before its answer was lost: then it must be in play or refunded.
      if (debited === 1 && refunded === 0 && !['cashed', 'lost'].includes(row.status)) problems.push(`refused crash bet ${row.id} (${row.status}) was debited and not refunded`);
      if (debited === 1 && row.status !== 'refunded') move(op.memberId, -BigInt(row.amount) + (row.status === 'cashed' ? BigInt(row.win ?? '0') : 0n));
      continue;
    }
    if (!row || row.id !== op.betId?.toString()) {
      problems.push(`acknowledged crash bet ${op.requestId} is not the bet stored under its request id`);
      continue;
    }
    expectOnce(`bet:${HOUSE_VENDOR}:crash-${row.id}-bet`, 'acknowledged crash bet');
    move(op.memberId, -op.cents);
    if (!SETTLED.includes(row.status) || !row.closed) {
      problems.push(`acknowledged crash bet ${row.id} is not settled (${row.status}, closed ${row.closed})`);
      continue;
    }
    const win = row.status === 'cashed' ? BigInt(row.win ?? '0') : 0n;
    if (win > 0n) expectOnce(`win:${HOUSE_VENDOR}:crash-${row.id}-win`, 'a cashed crash bet’s win');
    if (row.status === 'refunded') expectOnce(`rollback:${HOUSE_VENDOR}:crash-${row.id}-rollback`, 'a refunded crash bet’s refund');
    move(op.memberId, win + (row.status === 'refunded' ? op.cents : 0n));
  }

  // An acknowledged manual cash-out stands: the bet is cashed with the win the member was shown.
  const crashById = new Map(crashRows.map((row) => [row.id, row]));
  for (const cashOut of log.cashOuts) {
    const row = crashById.get(cashOut.betId.toString());
    if (row?.status !== 'cashed' || BigInt(row.win ?? '-1') !== cashOut.win) problems.push(`acknowledged cash-out of bet ${cashOut.betId} (win ${cashOut.win}) is stored as ${row?.status} win ${row?.win}`);
  }

  // Deposits: every charge the PSP has paid is credited once (webhook or the worker's reconciliation); no other.
  const depositIds = log.deposits.flatMap((op) => (op.depositId === undefined ? [] : [op.depositId.toString()]));
  if (depositIds.length > 0) {
    // Credited well after the payment (the PSP's webhook retries give up after 6 s): by the worker's reconciliation.
    const deposits = await cluster.query<{ id: string; member_id: string; amount: string; status: string; charge: string | null; reconciled: boolean }>(
      `select d.id::text, d.member_id::text, d.amount::text, d.status, c.status as charge, coalesce(d.credited_at - d.paid_at > interval '20 seconds', false) as reconciled
         from payments_deposit d left join payments_sandbox_charge c on c.txid = d.txid where d.id = any($1::bigint[])`,
      [depositIds],
    );
    depositsReconciled = deposits.filter((row) => row.reconciled && row.status === 'credited').length;
    const depositCounts = await journalCounts(cluster, deposits.map((row) => `deposit:${row.id}`));
    const byId = new Map(deposits.map((row) => [row.id, row]));
    for (const op of log.deposits) {
      const row = op.depositId === undefined ? undefined : byId.get(op.depositId.toString());
      if (!row) continue;
      const journals = depositCounts.get(`deposit:${row.id}`) ?? 0;
      if (row.charge === 'paid') {
        expectedInLedger += 1;
        if (journals === 1 && row.status === 'credited') foundInLedger += 1;
        else problems.push(`deposit ${row.id}: paid at the PSP, ${row.status}, ${journals} journals (expected credited, 1)`);
        move(op.memberId, BigInt(row.amount));
      } else {
        if (op.outcome === 'acknowledged') problems.push(`deposit ${row.id}: payment acknowledged but the PSP's charge is ${row.charge}`);
        if (journals > 0) problems.push(`deposit ${row.id}: not paid, yet ${journals} journals`);
      }
    }
  }

  // Each member's cash: the opening balance plus exactly what was acknowledged (nothing else moved).
  const cash = await cluster.query<{ member_id: string; balance: string }>(`select member_id::text, balance::text from wallet_account where pocket = 'cash' and member_id = any($1::bigint[])`, [[...openingCents.keys()].map(String)]);
  for (const row of cash) {
    const expected = expectCash.get(BigInt(row.member_id))!;
    if (BigInt(row.balance) !== expected) problems.push(`member ${row.member_id} holds ${row.balance} centavos, the acknowledged operations make ${expected}`);
  }

  const ledgerCheck = await runLedgerCheckCommand(cluster.databaseUrl);
  if (!ledgerCheck.ok) problems.push(`npm run ledger:check failed:\n${ledgerCheck.output}`);
  return { problems, expectedInLedger, foundInLedger, depositsReconciled, ledgerCheck: describeLedgerCheck(ledgerCheck) };
}

/** The CLI prints the check's result as JSON: ok, journals and entries counted. */
function describeLedgerCheck(run: { ok: boolean; output: string }): string {
  try {
    const result = JSON.parse(run.output.slice(run.output.indexOf('{'))) as { ok: boolean; journals: number; entries: number; problems: unknown[] };
    return `${result.ok ? 'ok' : 'FAILED'} (${result.journals} journals, ${result.entries} entries, ${result.problems.length} problems)`;
  } catch {
    return run.ok ? 'ok' : 'FAILED';
  }
}

/** `npm run ledger:check` as an operator runs it (the CLI, a process of its own). */
function runLedgerCheckCommand(databaseUrl: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/wallet.ts', 'check'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ ok: code === 0, output }));
  });
}
