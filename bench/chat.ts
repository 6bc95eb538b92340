import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { secretOfOtpauthUri, totp } from '../apps/server/src/platform/security/totp.ts';
import { createBenchDatabase } from './bench-database.ts';

/**
 * npm run bench:chat — the customer-service chat (issue 26): SESSIONS members, each with a
 * conversation assigned to one of OPERATORS support operators, every member and operator on its
 * own /ws connection (the API runs in a child process, so the sockets do not share its event
 * loop). For DURATION_S seconds RATE messages a second in all go through the HTTP API, half from
 * members to their operator and half from operators to their member; each is timed from just
 * before its POST to its arrival (`support.message`, matched by client id) at the other party's
 * socket. Target (issue 26): 1,000 sessions, 20 messages/s, p95 ≤ 100 ms.
 * BENCH_SESSIONS, BENCH_OPERATORS, BENCH_RATE and BENCH_DURATION_S change the sizes.
 */
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const logger = createLogger({ level: 'silent', pretty: false });

const benchDatabase = await createBenchDatabase('chat', 58_900);
const { databaseUrl } = benchDatabase;
const setup = new pg.Client({ connectionString: databaseUrl });
await setup.connect();

// Members and their sessions set-based (as a login makes them); operators through the back office's API.
let t = performance.now();
const members = (await setup.query<{ id: string }>(`insert into accounts_member (account, nickname, password_hash) select 'cm' || n, 'cm' || n, 'x' from generate_series(1, $1::int) as n returning id::text`, [SESSIONS])).rows.map((row) => row.id);
const memberTokens = members.map(() => randomBytes(32).toString('base64url'));
await setup.query(`insert into accounts_session (token_hash, member_id, absolute_expires_at) select decode(h, 'hex'), m, now() + interval '12 hours' from unnest($1::text[], $2::bigint[]) as s(h, m)`, [memberTokens.map((token) => createHash('sha256').update(token).digest('hex')), members]);
const setupCore = await composeCore({ config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), logger, databaseUrl });
const operatorNames = Array.from({ length: OPERATORS }, (_, i) => `benchsupport${i}`);
for (const username of operatorNames) await setupCore.modules.backoffice.api.ensureOperator({ username, password: 'Operator@1234', displayName: username, role: 'support' });
await setupCore.close();

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const base = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body ?? {}) });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}
const operatorTokens: string[] = [];
for (const username of operatorNames) {
  const first = await post('/api/backoffice/session', { username, password: 'Operator@1234' });
  const enrolment = await post('/api/backoffice/2fa/enrol', {}, String(first.enrolmentToken));
  const confirmed = await post('/api/backoffice/2fa/confirm', { code: totp(secretOfOtpauthUri(String(enrolment.otpauthUri)), { timeMs: Date.now() }) }, String(first.enrolmentToken));
  operatorTokens.push(String(confirmed.token));
}
const operatorIds = (await setup.query<{ id: string; username: string }>(`select id::text, username from backoffice_operator where username like 'benchsupport%'`)).rows;
const idOf = new Map(operatorIds.map((row) => [row.username, row.id]));
// One conversation per member, assigned round-robin (as if each operator had taken theirs).
const conversations = (
  await setup.query<{ id: string; member_id: string; operator_id: string }>(
    `insert into support_conversation (member_id, status, operator_id, assigned_at) select m, 'assigned', (array[${operatorNames.map((name) => idOf.get(name)).join(',')}]::bigint[])[1 + (ordinality - 1) % ${OPERATORS}], now()
     from unnest($1::bigint[]) with ordinality as m returning id::text, member_id::text, operator_id::text`,
    [members],
  )
).rows;
console.log(`(${SESSIONS.toLocaleString('en')} members with a conversation each, ${OPERATORS} operators, set up in ${((performance.now() - t) / 1000).toFixed(1)} s)`);

// Arrivals by client id: the time from just before the POST to the other party's socket.
const sentAt = new Map<string, number>();
const latencies: number[] = [];
function connect(bind: { type: 'auth' | 'operator.auth'; token: string }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; message?: { clientId: string } };
      if (message.type === 'hello') socket.send(JSON.stringify(bind));
      else if (message.type === 'auth.ok' || message.type === 'operator.auth.ok') resolve(socket);
      else if (message.type.endsWith('auth.failed')) reject(new Error('auth failed'));
      else if (message.type === 'support.message' && message.message) {
        const started = sentAt.get(message.message.clientId);
        if (started !== undefined) {
          sentAt.delete(message.message.clientId);
          latencies.push(performance.now() - started);
        }
      }
    });
    socket.once('error', reject);
  });
}
t = performance.now();
const sockets: WebSocket[] = [];
for (let i = 0; i < memberTokens.length; i += 100) sockets.push(...(await Promise.all(memberTokens.slice(i, i + 100).map((token) => connect({ type: 'auth', token })))));
sockets.push(...(await Promise.all(operatorTokens.map((token) => connect({ type: 'operator.auth', token })))));
console.log(`(${sockets.length.toLocaleString('en')} sockets connected and bound in ${((performance.now() - t) / 1000).toFixed(1)} s)`);

// The traffic: RATE messages a second, alternating a member's and an operator's, on random conversations.
const tokenOfMember = new Map(members.map((id, i) => [id, memberTokens[i]!]));
const tokenOfOperator = new Map(operatorNames.map((name, i) => [idOf.get(name)!, operatorTokens[i]!]));
let sent = 0;
let failed = 0;
const inFlight: Promise<void>[] = [];
const started = performance.now();
while (performance.now() - started < DURATION_S * 1000) {
  const conversation = conversations[Math.floor(Math.random() * conversations.length)]!;
  const fromMember = sent % 2 === 0;
  const clientId = randomUUID();
  sentAt.set(clientId, performance.now());
  const request = fromMember
    ? post('/api/support/messages', { clientId, body: `pergunta ${sent}` }, tokenOfMember.get(conversation.member_id))
    : post(`/api/backoffice/support/conversations/${conversation.id}/messages`, { clientId, body: `resposta ${sent}` }, tokenOfOperator.get(conversation.operator_id));
  inFlight.push(request.then(() => undefined, () => void (failed += 1, sentAt.delete(clientId))));
  sent += 1;
  await sleep(Math.max(0, started + (sent * 1000) / RATE - performance.now()));
}
await Promise.all(inFlight);
for (const deadline = performance.now() + 5000; sentAt.size > 0 && performance.now() < deadline; ) await sleep(20);

const sorted = latencies.sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
console.log(`\ncustomer-service chat — ${SESSIONS.toLocaleString('en')} sessions (member sockets) + ${OPERATORS} operator sockets, ${RATE} messages/s for ${DURATION_S} s`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; PostgreSQL: ${benchDatabase.server}`);
console.log(`messages sent ${sent}, refused ${failed}, delivered ${sorted.length}, lost ${sentAt.size}`);
console.log(`delivery latency ms (send → other party's socket): p50 ${at(0.5).toFixed(1)}  p95 ${at(0.95).toFixed(1)}  p99 ${at(0.99).toFixed(1)}  max ${(sorted.at(-1) ?? NaN).toFixed(1)}`);
console.log(at(0.95) <= 100 && sorted.length > 0 && failed === 0 ? 'target met: p95 within 100 ms' : 'target NOT met: p95 above 100 ms (or messages refused / lost)');

for (const socket of sockets) socket.terminate();
server.kill('SIGTERM');
await once(server, 'exit');
await setup.end();
await benchDatabase.drop();
