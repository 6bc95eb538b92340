import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, newPlayer } from './builders.ts';
import { pgbouncerMissing, startPgbouncer, type Pgbouncer } from './pgbouncer.ts';
import { createTestContext, type TestContext } from './test-context.ts';
import { createTestDatabase } from './test-database.ts';
import type { AppEvent } from '../src/platform/events.ts';

if (pgbouncerMissing) console.warn(`money path through pgbouncer: skipped, ${pgbouncerMissing}`);

const VENDOR = 'DEMOVENDOR';
const SECRET = 'pgbouncer-test-secret-0123456789';

/**
 * PGBOUNCER=true: the API's pool and the wallet's group-commit lanes go through a pgbouncer in
 * transaction mode (each transaction may land on another server connection), while LISTEN and
 * the leaders' advisory locks use DATABASE_DIRECT_URL. Named prepared statements would fail here
 * ("prepared statement … does not exist") as soon as a lane's statement moved to another server
 * connection; the lanes send theirs unnamed in this mode.
 */
describe.skipIf(pgbouncerMissing !== undefined)(`money path through pgbouncer in transaction mode${pgbouncerMissing ? ` (skipped: ${pgbouncerMissing})` : ''}`, () => {
  let bouncer: Pgbouncer;
  let ctx: TestContext;
  beforeAll(async () => {
    const directUrl = await createTestDatabase();
    bouncer = await startPgbouncer(directUrl, { poolSize: 4 });
    ctx = await createTestContext({
      databaseUrl: bouncer.through(directUrl),
      env: { PGBOUNCER: 'true', DATABASE_DIRECT_URL: directUrl, DEMO_VENDOR_SECRET: SECRET, WALLET_LANES: '2', DB_POOL_MAX: '6' },
    });
    await ctx.core.modules.provider.api.seedDemoVendor();
    ctx.core.modules.catalogue.api.invalidate();
  });
  afterAll(async () => {
    await ctx?.close();
    await bouncer?.stop();
  });

  async function provider(action: string, body: unknown) {
    const raw = JSON.stringify(body);
    const signature = createHmac('sha256', SECRET).update(raw, 'utf8').digest('hex');
    const response = await ctx.app.inject({ method: 'POST', url: `/provider/v1/${VENDOR}/${action}`, headers: { 'content-type': 'application/json', 'x-signature': signature }, payload: raw });
    return { status: response.statusCode, body: response.json() as { balance?: string; error?: { code: string } } };
  }

  it('posts through the group-commit lanes, takes a provider bet, and pushes the balance events', async () => {
    const player = await newPlayer(ctx.core, { balance: 10_000n });
    const events: AppEvent[] = [];
    ctx.core.bus.subscribe((event) => {
      if (event.type === 'wallet.balance_changed' && event.audience.kind === 'member' && event.audience.memberId === player.id.toString()) events.push(event);
    });

    // 10 rounds of 6 concurrent posts over 2 lanes: each lane runs several batches, one after
    // another, and pgbouncer hands each to another of its 4 server connections.
    const statuses: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const posts = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          ctx.core.modules.wallet.api.submit({ key: `pgbouncer:${player.id}:${round}:${n}`, type: 'adjustment', legs: [{ member: player.id, amount: 100n }, { house: 'adjustments', amount: -100n }] }),
        ),
      );
      statuses.push(...posts.map((post) => post.status));
    }
    expect(statuses).toEqual(Array(60).fill('applied'));

    const token = await loginAs(ctx.app, player);
    const launched = await ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: { authorization: `Bearer ${token}` }, payload: { vendor: VENDOR, gameCode: 'demo-slot-1', demo: false } });
    expect(launched.statusCode, launched.body).toBe(200);
    expect((await provider('authenticate', { token: launched.json().vendorToken })).status).toBe(200);
    const transactionId = randomUUID();
    const bet = await provider('bet', { playerId: player.id.toString(), transactionId, roundId: `r-${transactionId}`, gameCode: 'demo-slot-1', amount: '1.00' });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    // A vendor's replay is answered the same and moves nothing.
    const replay = await provider('bet', { playerId: player.id.toString(), transactionId, roundId: `r-${transactionId}`, gameCode: 'demo-slot-1', amount: '1.00' });
    expect(replay.status).toBe(200);

    expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(10_000n + 60n * 100n - 100n);
    // The balance pushes came through LISTEN on the direct connection.
    for (let waited = 0; events.length === 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.length).toBeGreaterThan(0);
  });
});
