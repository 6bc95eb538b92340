import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import pg from 'pg';
import WebSocket from 'ws';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { secretOfOtpauthUri, totp } from '../apps/server/src/platform/security/totp.ts';
import { createBenchDatabase } from './bench-database.ts';

/**
 * npm run bench:broadcast — a platform message to every member (issue 26): MEMBERS real members
 * made set-based, SOCKETS of them connected to /ws and authenticated (the API runs in a child
 * process, so the sockets do not share its event loop), then an owner operator sends a broadcast
 * to all through POST /api/backoffice/messages. Measured from the send until every member's unread
 * count is right (checked in SQL once the answer is back: the delivery is one INSERT…SELECT in the
 * send's transaction) and every connected socket has its `messages.unread` push.
 * Target (issue 26): 100,000 members within 10 s. BENCH_MEMBERS and BENCH_SOCKETS change the sizes.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SOCKETS = Math.min(MEMBERS, Number(process.env.BENCH_SOCKETS ?? 1000));
const TARGET_S = 10;
const logger = createLogger({ level: 'silent', pretty: false });

const benchDatabase = await createBenchDatabase('broadcast', 58_700);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();

// The members, set-based; sessions for the connected sample straight into the sessions table (as a login makes them).
let t = performance.now();
await setup.query(`insert into accounts_member (account, nickname, password_hash) select 'bm' || n, 'bm' || n, 'x' from generate_series(1, $1::int) as n`, [MEMBERS]);
console.log(`(${MEMBERS.toLocaleString('en')} members created in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
const sample = (await setup.query<{ id: string }>(`select id::text from accounts_member where account like 'bm%' order by random() limit $1`, [SOCKETS])).rows.map((row) => row.id);
const tokens = sample.map(() => randomBytes(32).toString('base64url'));
await setup.query(
  `insert into accounts_session (token_hash, member_id, absolute_expires_at) select decode(h, 'hex'), m, now() + interval '12 hours' from unnest($1::text[], $2::bigint[]) as s(h, m)`,
  [tokens.map((token) => createHash('sha256').update(token).digest('hex')), sample],
);

// An owner operator (created through the back office's own API) for the console's session.
const operator = { username: 'benchowner', password: 'Operator@1234' };
const setupCore = await composeCore({ config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), logger, databaseUrl });
await setupCore.modules.backoffice.api.ensureOperator({ ...operator, displayName: 'owner', role: 'owner' });
await setupCore.close();

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const base = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;

async function postJson(path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body ?? {}) });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}
const first = await postJson('/api/backoffice/session', operator);
const enrolment = await postJson('/api/backoffice/2fa/enrol', {}, String(first.enrolmentToken));
const confirmed = await postJson('/api/backoffice/2fa/confirm', { code: totp(secretOfOtpauthUri(String(enrolment.otpauthUri)), { timeMs: Date.now() }) }, String(first.enrolmentToken));
const operatorToken = String(confirmed.token);

// The connected sample: each socket authenticated as its member, then waiting for its push.
let sentAt = 0;
const pushedAfter: number[] = [];
function connect(token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; unread?: number };
      if (message.type === 'hello') socket.send(JSON.stringify({ type: 'auth', token }));
      else if (message.type === 'auth.ok') resolve(socket);
      else if (message.type === 'auth.failed') reject(new Error('auth failed'));
      else if (message.type === 'messages.unread' && message.unread === 1 && sentAt > 0) pushedAfter.push(performance.now() - sentAt);
    });
    socket.once('error', reject);
  });
}
t = performance.now();
const sockets: WebSocket[] = [];
for (let i = 0; i < tokens.length; i += 100) sockets.push(...(await Promise.all(tokens.slice(i, i + 100).map(connect))));
console.log(`(${SOCKETS.toLocaleString('en')} sockets connected and authenticated in ${((performance.now() - t) / 1000).toFixed(1)} s)`);

// The broadcast: from the operator's send until every count is right and every push has arrived.
sentAt = performance.now();
const sent = await postJson('/api/backoffice/messages', { requestId: randomUUID(), audience: { kind: 'all' }, title: 'Bench', bodyHtml: '<p>Olá a todos</p>' }, operatorToken);
const answeredMs = performance.now() - sentAt;
const [counts] = (
  await setup.query<{ members: string; right: string }>(
    `select count(*)::text as members, count(*) filter (where u.n = 1)::text as right
     from accounts_member m left join lateral (select count(*) as n from messages_item i where i.member_id = m.id and i.read_at is null and i.deleted_at is null) u on true
     where m.account like 'bm%'`,
  )
).rows;
const countsMs = performance.now() - sentAt;
const deadline = performance.now() + 30_000;
while (pushedAfter.length < SOCKETS && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
const pushesMs = pushedAfter.length > 0 ? Math.max(...pushedAfter) : NaN;
const totalS = Math.max(countsMs, pushesMs) / 1000;
const sorted = [...pushedAfter].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

console.log(`\nbroadcast to all — ${MEMBERS.toLocaleString('en')} members, ${SOCKETS.toLocaleString('en')} of them connected to /ws`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; PostgreSQL: ${benchDatabase.server}`);
console.log(`send answered (delivered ${String(sent.delivered)}) in ${answeredMs.toFixed(0)} ms; unread counts right: ${counts!.right} of ${counts!.members} (checked at ${countsMs.toFixed(0)} ms)`);
console.log(`pushes arrived: ${pushedAfter.length} of ${SOCKETS}; after the send ms: p50 ${at(0.5).toFixed(0)}  p95 ${at(0.95).toFixed(0)}  max ${pushesMs.toFixed(0)}`);
const met = counts!.right === String(MEMBERS) && pushedAfter.length === SOCKETS && totalS <= TARGET_S;
console.log(`${met ? 'target met' : 'target NOT met'}: everything delivered in ${totalS.toFixed(2)} s (target ≤ ${TARGET_S} s)`);

for (const socket of sockets) socket.terminate();
server.kill('SIGTERM');
await once(server, 'exit');
await setup.end();
await benchDatabase.drop();
