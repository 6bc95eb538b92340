import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { composeHttp } from '../apps/server/src/compose-http.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';

/**
 * npm run bench:login — password logins over HTTP on loopback against a real server and
 * PostgreSQL (DATABASE_URL's server, or a throwaway embedded one), argon2id m=19456 t=2 p=1.
 * Each level runs DURATION_MS with N clients looping over distinct members.
 */
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8000);
const LEVELS = [1, 4, 8, 16];
const MEMBERS = 64;
const quiet = { info: () => undefined, warn: () => undefined };

const embedded = process.env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: `/tmp/bench-login-${process.pid}`, port: 56_000 + (process.pid % 1000), database: 'postgres', logger: quiet, throwaway: true });
const adminUrl = process.env.DATABASE_URL ?? embedded!.adminUrl;
const database = `bench_login_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(adminUrl);
url.pathname = `/${database}`;
await migrate(url.toString(), quiet);

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' });
const logger = createLogger({ level: 'silent', pretty: false });
const core = await composeCore({ config, logger, databaseUrl: url.toString() });
const { app } = await composeHttp(core, { config, logger });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const members = Array.from({ length: MEMBERS }, () => ({ account: `b${randomBytes(5).toString('hex')}`, password: `Bench-${randomBytes(6).toString('hex')}` }));
for (const member of members) await core.modules.accounts.api.ensureMember({ ...member, nickname: member.account, type: 0 });

async function login(member: { account: string; password: string }): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: member.account, password: member.password, type: 'username' }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

console.log(`login benchmark: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${DURATION_MS / 1000} s per level, PostgreSQL ${embedded ? 'embedded 18' : 'DATABASE_URL'}`);
for (let i = 0; i < 8; i += 1) await login(members[i % MEMBERS]!); // warm-up
console.log('clients   logins/s    p50 ms   p95 ms   p99 ms   max ms');
for (const clients of LEVELS) {
  const latencies: number[] = [];
  const deadline = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = client; Date.now() < deadline; n += clients) latencies.push(await login(members[n % MEMBERS]!));
    }),
  );
  latencies.sort((a, b) => a - b);
  const row = [clients, latencies.length / (DURATION_MS / 1000), percentile(latencies, 50), percentile(latencies, 95), percentile(latencies, 99), latencies.at(-1) ?? 0];
  console.log(row.map((value, index) => (index === 0 ? String(value).padStart(7) : value.toFixed(1).padStart(9))).join(' '));
}

await app.close();
await core.close();
await admin.query(`drop database ${database} with (force)`);
await admin.end();
await embedded?.stop();
