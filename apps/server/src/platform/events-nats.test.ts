import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../test/nats-server.ts';
import { createTestContext, testLogger, type TestContext } from '../../test/test-context.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createDb, type DbHandle } from './db.ts';
import { createNatsEventBus } from './events-nats.ts';
import type { AppEvent, EventBus } from './events.ts';

if (natsServerMissing) console.warn(`events over NATS: skipped, ${natsServerMissing}`);

function collect(bus: EventBus) {
  const seen: AppEvent[] = [];
  bus.subscribe((event) => seen.push(event));
  return { seen, types: () => seen.map((event) => event.type) };
}

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Two API processes (two buses) on one database and one NATS server. */
describe.skipIf(natsServerMissing !== undefined)(`events over NATS${natsServerMissing ? ` (skipped: ${natsServerMissing})` : ''}`, () => {
  let nats: NatsServer;
  let handle: DbHandle;
  let first: ReturnType<typeof createNatsEventBus>;
  let second: ReturnType<typeof createNatsEventBus>;
  beforeAll(async () => {
    nats = await startNatsServer();
    handle = createDb({ connectionString: await createTestDatabase(), max: 2, logger: testLogger });
    const subject = `app_events.test_${randomBytes(4).toString('hex')}`;
    first = createNatsEventBus({ servers: nats.url, subject, logger: testLogger });
    second = createNatsEventBus({ servers: nats.url, subject, logger: testLogger });
    await first.start();
    await second.start();
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await handle?.close();
    await nats?.stop();
  });

  it('delivers an event to every process, and to its own process exactly once', async () => {
    const mine = collect(first);
    const theirs = collect(second);
    await first.publish(handle.db, { type: 'test.ping', audience: { kind: 'public' }, data: { n: 1 } });
    await until(() => theirs.types().includes('test.ping'), 'the other process');
    await sleep(100);
    expect(mine.types().filter((type) => type === 'test.ping')).toHaveLength(1);
    expect(theirs.seen.find((event) => event.type === 'test.ping')?.data).toEqual({ n: 1 });
  });

  it('sends a transaction’s events only after COMMIT, and never those of a rollback', async () => {
    const theirs = collect(second);
    const mine = collect(first);
    await handle.db.transaction().execute(async (tx) => {
      await first.publishAll(tx, [
        { type: 'test.committed', audience: { kind: 'public' } },
        { type: 'test.committed_too', audience: { kind: 'public' } },
      ]);
      await sleep(150);
      expect([...theirs.types(), ...mine.types()]).not.toContain('test.committed');
    });
    await handle.db
      .transaction()
      .execute(async (tx) => {
        await first.publish(tx, { type: 'test.rolled_back', audience: { kind: 'public' } });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await first.publish(handle.db, { type: 'test.after', audience: { kind: 'public' } });
    await until(() => theirs.types().includes('test.after'), 'the marker event');
    expect(theirs.types()).toEqual(['test.committed', 'test.committed_too', 'test.after']);
    expect(mine.types()).toEqual(['test.committed', 'test.committed_too', 'test.after']);
  });

  it('keeps working locally while NATS is down, and fires onReconnect when it is back', async () => {
    let reconnects = 0;
    first.onReconnect(() => (reconnects += 1));
    second.onReconnect(() => (reconnects += 1));
    await nats.kill();
    await until(() => !first.isConnected() && !second.isConnected(), 'both to notice the broker is gone', 15_000);
    const mine = collect(first);
    const theirs = collect(second);
    await first.publish(handle.db, { type: 'test.while_down', audience: { kind: 'public' } });
    expect(mine.types()).toEqual(['test.while_down']);
    await nats.restart();
    await until(() => reconnects === 2, 'both reconnects', 15_000);
    await first.publish(handle.db, { type: 'test.back', audience: { kind: 'public' } });
    await until(() => theirs.types().includes('test.back'), 'delivery after the reconnect');
    // Nothing published while down is replayed late (a stale crash tick misleads).
    expect(theirs.types()).toEqual(['test.back']);
  }, 40_000);
});

/** The whole process wired with NATS_URL: a setting changed on one process drops the other's cache. */
describe.skipIf(natsServerMissing !== undefined)('API processes with NATS_URL', () => {
  let nats: NatsServer;
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    nats = await startNatsServer();
    first = await createTestContext({ env: { NATS_URL: nats.url } });
    second = await createTestContext({ databaseUrl: first.databaseUrl, env: { NATS_URL: nats.url } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await nats?.stop();
  });

  it('drops the settings cache of every process when one changes a setting', async () => {
    expect(await second.core.modules.system.api.getStatus({ ip: '10.0.0.1', country: null })).toBe(0);
    let changed = false;
    second.core.bus.subscribe((event) => (changed ||= event.type === 'system.settings_changed'));
    await first.core.modules.system.api.updateSetting('maintenance', { enabled: true, message: null }, 'test');
    await until(() => changed, 'system.settings_changed on the other process');
    expect(await second.core.modules.system.api.getStatus({ ip: '10.0.0.1', country: null })).toBe(1);
  });
});
