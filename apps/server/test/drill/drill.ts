import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { composeCore } from '../../src/compose.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { migrate } from '../../src/platform/migrate.ts';
import { signBody } from '../../src/modules/provider/index.ts';
import { newPlayer } from '../builders.ts';
import { checkDrill, waitForCrashSettled, waitForDepositsCredited, type DrillCheck } from './drill-check.ts';
import { DRILL_VENDOR, DRILL_VENDOR_SECRET, startDrillDatabase, startDrillProcesses, type DrillCluster } from './drill-cluster.ts';
import { createDeliverer, crashMember, depositor, newTrafficLog, vendorPlayer, type TrafficLog } from './drill-traffic.ts';

/**
 * A failure drill: two API processes and a worker under money traffic (signed vendor callbacks
 * with replays, members' crash bets the worker settles) while the drill kills -9 an API process,
 * the worker and PostgreSQL's postmaster, in random order at random moments, `cycles` times; then
 * the traffic drains (every retry answered), the worker settles, and checkDrill compares what the
 * clients were told with the ledger. `npm test` runs a small one (drill.test.ts), `npm run drill`
 * a long one (main.ts).
 */
export interface DrillOptions {
  /** Use this database (migrated here) instead of a throwaway cluster: PostgreSQL is then never killed. */
  databaseUrl?: string;
  vendorPlayers: number;
  crashMembers: number;
  /**
   * Members depositing through the sandbox PSP (0: none). A deposit whose webhook died with its API
   * process is credited by the worker's reconciliation job only after a minute, so the small drill has none.
   */
  depositors?: number;
  /** Each cycle kills one API process, the worker and (when owned) PostgreSQL once, in random order. */
  cycles: number;
  /** Random pause before each kill, from `pauseMs[0]` to `pauseMs[1]`. */
  pauseMs: [number, number];
  /** How long a killed process (or the database) stays down before it is started again. */
  downMs: [number, number];
  print: (line: string) => void;
}

export interface KillRecord {
  kind: 'api' | 'worker' | 'postgres';
  /** Which API process, for an API kill. */
  target?: number;
  atMs: number;
  /** From the kill to the service being back: the API healthy again, the worker leading, both APIs healthy. */
  downtimeMs: number;
  note: string;
}

export interface DrillSummary {
  trafficMs: number;
  kills: KillRecord[];
  log: TrafficLog;
  check: DrillCheck;
  settleMs: number;
  /** From the end of the traffic until every deposit the PSP has paid was credited. */
  creditMs: number;
  longestGapMs: number;
  alive: boolean;
  problems: string[];
}

const OPENING_CENTS = 1_000_000n;
const quietLogger = createLogger({ level: 'silent', pretty: false });
const between = ([min, max]: [number, number]) => (max > min ? randomInt(min, max + 1) : min);

/** The database migrated and seeded: the demo vendor, members with cash (and the vendor's launch tokens). */
async function seed(databaseUrl: string, options: DrillOptions) {
  await migrate(databaseUrl, { info: () => undefined });
  const core = await composeCore({ config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, DEMO_VENDOR_SECRET: DRILL_VENDOR_SECRET }), logger: quietLogger, databaseUrl });
  try {
    await core.modules.provider.api.seedDemoVendor();
    const vendorPlayers = await Promise.all(
      Array.from({ length: options.vendorPlayers }, async () => {
        const player = await newPlayer(core, { balance: OPENING_CENTS });
        return { ...player, launch: (await core.modules.catalogue.api.issueLaunchToken(player.id, DRILL_VENDOR, 'demo-slot-1'))! };
      }),
    );
    const crashMembers = await Promise.all(Array.from({ length: options.crashMembers }, () => newPlayer(core, { balance: OPENING_CENTS })));
    const depositors = await Promise.all(Array.from({ length: options.depositors ?? 0 }, () => newPlayer(core, { balance: OPENING_CENTS })));
    return { vendorPlayers, crashMembers, depositors };
  } finally {
    await core.close();
  }
}

async function post(url: string, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

const healthOf = (base: string) => fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) }).then((response) => response.status).catch(() => 0);

export async function runDrill(options: DrillOptions): Promise<DrillSummary> {
  const print = options.print;
  const database = await startDrillDatabase({ databaseUrl: options.databaseUrl });
  let cluster: DrillCluster | undefined;
  try {
    const seeded = await seed(database.url, options);
    const startedProcesses = Date.now();
    cluster = await startDrillProcesses(database);
    const live = cluster;
    print(
      `drill: ${live.apis.length} API processes (${live.apiUrls().join(', ')}) and 1 worker started in ${((Date.now() - startedProcesses) / 1000).toFixed(1)} s; PostgreSQL ${database.embedded ? `throwaway, durable, port ${database.embedded.port}` : 'given by DATABASE_URL (not killed)'}`,
    );

    // The vendor opens a session per player; members log in (sessions live in PostgreSQL: any process takes them).
    for (const player of seeded.vendorPlayers) {
      const body = JSON.stringify({ token: player.launch });
      const answer = await fetch(`${live.apiUrls()[0]}/provider/v1/${DRILL_VENDOR}/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': signBody(DRILL_VENDOR_SECRET, body) }, body });
      if (answer.status !== 200) throw new Error(`authenticate answered ${answer.status}: ${await answer.text()}`);
    }
    const tokens = await Promise.all(
      [...seeded.crashMembers, ...seeded.depositors].map(async (member, index) => {
        const login = await post(`${live.apiUrls()[index % live.apis.length]}/api/session/login`, { username: member.account, password: member.password, type: 'username' });
        if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
        return login.body.token as string;
      }),
    );

    const runId = randomBytes(4).toString('hex');
    const log = newTrafficLog();
    let running = true;
    const deliver = createDeliverer(() => live.apiUrls(), log);
    const trafficStarted = Date.now();
    const clients = [
      // Transaction ids unique per run too: a given database keeps the callbacks of earlier drills.
      ...seeded.vendorPlayers.map((player, index) => vendorPlayer({ memberId: player.id, tag: `${runId}v${index}`, running: () => running, deliver, log })),
      ...seeded.crashMembers.map((member, index) => crashMember({ memberId: member.id, token: tokens[index]!, running: () => running, deliver, log })),
      ...seeded.depositors.map((member, index) => depositor({ memberId: member.id, token: tokens[seeded.crashMembers.length + index]!, running: () => running, deliver, log })),
    ];

    const kills: KillRecord[] = [];
    const problems: string[] = [];
    const acksSince = (count: number) => log.figures.acknowledged >= count;
    async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
      for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
        if (await condition()) return true;
        if (Date.now() > deadline) {
          problems.push(`timed out waiting for ${what}`);
          return false;
        }
      }
    }

    async function killApi() {
      const target = randomInt(live.apis.length);
      const at = Date.now();
      live.killApi(target);
      await sleep(between(options.downMs));
      const before = log.figures.acknowledged;
      const failedOverBefore = log.figures.failedOver;
      await live.restartApi(target);
      kills.push({ kind: 'api', target, atMs: at - trafficStarted, downtimeMs: Date.now() - at, note: `${log.figures.acknowledged - before} acknowledged by the other process while it restarted, ${log.figures.failedOver - failedOverBefore} failovers` });
    }

    async function killWorker() {
      // Mid-round: members' bets are in play, waiting for the leader to settle them.
      let inPlay = 0;
      const placed = async () => (await live.query<{ n: number }>(`select count(*)::int as n from crash_bet where status = 'placed'`).catch(() => [{ n: 0 }]))[0]!.n;
      await waitUntil('crash bets in play before the worker kill', async () => (inPlay = await placed()) > 0, 20_000);
      const at = Date.now();
      live.killWorker();
      await sleep(between(options.downMs));
      await live.restartWorker();
      kills.push({ kind: 'worker', atMs: at - trafficStarted, downtimeMs: Date.now() - at, note: `${inPlay} crash bets in play at the kill; leading again after the restart` });
    }

    async function killPostgres() {
      const at = Date.now();
      await live.killPostgres();
      // Both APIs stay up and say so: /healthz 503 and a vendor's call UNAVAILABLE, never a 500 or a dead process.
      const seen = await Promise.all(
        live.apiUrls().map(async (base) => {
          let health = 0;
          let vendor = 0;
          let code: string | undefined;
          for (const deadline = Date.now() + 20_000; Date.now() < deadline && (health !== 503 || vendor !== 503); await sleep(100)) {
            health = await healthOf(base);
            const body = JSON.stringify({ playerId: seeded.vendorPlayers[0]!.id.toString() });
                  const answer = await fetch(`${base}/provider/v1/${DRILL_VENDOR}/balance`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': signBody(DRILL_VENDOR_SECRET, body) }, body, signal: AbortSignal.timeout(5000) })
              .then(async (response) => ({ status: response.status, body: (await response.json().catch(() => ({}))) as { error?: { code?: string } } }))
              .catch(() => ({ status: 0, body: {} as { error?: { code?: string } } }));
            vendor = answer.status;
            code = answer.body.error?.code;
          }
          return { health, vendor, code };
        }),
      );
      seen.forEach((each, index) => {
        if (each.health !== 503 || each.vendor !== 503 || each.code !== 'UNAVAILABLE') problems.push(`API ${index} while PostgreSQL was down: /healthz ${each.health}, vendor call ${each.vendor} ${each.code ?? ''}`);
      });
      if (live.deadProcess()) problems.push(`a process died with PostgreSQL: ${live.deadProcess()}`);
      await sleep(between(options.downMs));
      await live.restartPostgres();
      const pids = [...live.apis, live.worker()].map((each) => each.child.pid);
      await waitUntil('both APIs healthy after PostgreSQL returned', async () => (await Promise.all(live.apiUrls().map(healthOf))).every((status) => status === 200), 60_000);
      const apisBackMs = Date.now() - at;
      // The worker reconnects by itself too: it takes the crash lead again (its own connection).
      await waitUntil('the worker leading again after PostgreSQL returned', () => live.workerLeads(), 60_000);
      const sameProcesses = [...live.apis, live.worker()].every((each, index) => each.child.pid === pids[index] && each.isAlive());
      kills.push({
        kind: 'postgres',
        atMs: at - trafficStarted,
        downtimeMs: apisBackMs,
        note: `both APIs answered 503 meanwhile and reconnected by themselves; the worker led again after ${((Date.now() - at) / 1000).toFixed(1)} s${sameProcesses ? '' : ' (NOT the same processes)'}`,
      });
      if (!sameProcesses) problems.push('a process was replaced during the PostgreSQL outage');
    }

    try {
      await waitUntil('the first acknowledgements', () => acksSince(20), 30_000);
      for (let cycle = 0; cycle < options.cycles; cycle += 1) {
        const order: Array<() => Promise<void>> = [killApi, killWorker, ...(live.ownsDatabase ? [killPostgres] : [])];
        for (let index = order.length - 1; index > 0; index -= 1) {
          const swap = randomInt(index + 1);
          [order[index], order[swap]] = [order[swap]!, order[index]!];
        }
        for (const kill of order) {
          await sleep(between(options.pauseMs));
          await kill();
          const ackedAfter = log.figures.acknowledged;
          print(`  ${kills.at(-1)!.kind} killed at ${(kills.at(-1)!.atMs / 1000).toFixed(1)} s, back after ${(kills.at(-1)!.downtimeMs / 1000).toFixed(1)} s: ${kills.at(-1)!.note}`);
          if (live.deadProcess()) problems.push(live.deadProcess()!);
          // Traffic goes on after each recovery before the next kill.
          await waitUntil('acknowledgements after a recovery', () => acksSince(ackedAfter + 20), 30_000);
        }
      }
    } finally {
      running = false;
      await Promise.all(clients);
    }
    const trafficMs = Date.now() - trafficStarted;

    const settleMs = await waitForCrashSettled(live, log.crashOps.map((op) => op.requestId), 60_000);
    const creditMs = await waitForDepositsCredited(live, log.deposits.flatMap((op) => (op.depositId === undefined ? [] : [op.depositId])), 180_000);
    // The restarted worker runs jobs too (pg-boss), not only the crash lead.
    if (!(await live.workerRunsJob(30_000))) problems.push('the restarted worker did not run a heartbeat job within 30 s');
    const check = await checkDrill(live, log, new Map([...seeded.vendorPlayers, ...seeded.crashMembers, ...seeded.depositors].map((member) => [member.id, OPENING_CENTS])));
    const dead = live.deadProcess();
    const alive = dead === undefined;
    if (dead) problems.push(dead);
    const times = [trafficStarted, ...log.ackTimes.sort((a, b) => a - b)];
    const longestGapMs = times.reduce((longest, time, index) => (index === 0 ? 0 : Math.max(longest, time - times[index - 1]!)), 0);
    const summary: DrillSummary = { trafficMs, kills, log, check, settleMs, creditMs, longestGapMs, alive, problems: [...problems, ...check.problems] };
    printSummary(summary, print);
    return summary;
  } finally {
    await cluster?.stop();
    if (!cluster && database.embedded) await database.embedded.handle.stop();
  }
}

function printSummary(summary: DrillSummary, print: (line: string) => void) {
  const { figures } = summary.log;
  const byKind = (kind: KillRecord['kind']) => summary.kills.filter((kill) => kill.kind === kind);
  const downtime = (kills: KillRecord[]) => (kills.length === 0 ? '-' : kills.map((kill) => `${(kill.downtimeMs / 1000).toFixed(1)} s`).join(', '));
  const vendorAcks = summary.log.vendorOps.filter((op) => op.outcome === 'acknowledged').length;
  const crashAcks = summary.log.crashOps.filter((op) => op.outcome === 'acknowledged').length;
  print(`drill summary (${(summary.trafficMs / 1000).toFixed(1)} s of traffic)`);
  print(`  kills: ${byKind('api').length} API (back after ${downtime(byKind('api'))}), ${byKind('worker').length} worker (leading again after ${downtime(byKind('worker'))}), ${byKind('postgres').length} PostgreSQL (both APIs healthy after ${downtime(byKind('postgres'))})`);
  print(`  operations sent ${figures.sent}: acknowledged ${figures.acknowledged} (vendor callbacks ${vendorAcks}, crash bets ${crashAcks}, crash cash-outs ${summary.log.cashOuts.length}, deposits paid ${summary.log.deposits.filter((op) => op.outcome === 'acknowledged').length}), refused ${JSON.stringify(figures.refused)}, unanswered ${figures.unanswered}`);
  print(`  retried ${figures.retried} (to the other API process ${figures.failedOver}), vendor replays of answered callbacks ${figures.replayed}; 5xx answers ${JSON.stringify(figures.serverErrors)}`);
  print(`  ledger: ${summary.check.foundInLedger} of ${summary.check.expectedInLedger} acknowledged money operations found exactly once; crash bets settled ${(summary.settleMs / 1000).toFixed(1)} s after the traffic${summary.log.deposits.length > 0 ? `, paid deposits credited after ${(summary.creditMs / 1000).toFixed(1)} s (${summary.check.depositsReconciled} by the worker's reconciliation)` : ''}; ledger:check ${summary.check.ledgerCheck}`);
  print(`  longest time without an acknowledgement: ${(summary.longestGapMs / 1000).toFixed(1)} s; processes alive at the end: ${summary.alive ? 'yes' : 'NO'}`);
  print(summary.problems.length === 0 ? '  problems: none' : `  problems (${summary.problems.length}):\n    ${summary.problems.slice(0, 30).join('\n    ')}`);
}
