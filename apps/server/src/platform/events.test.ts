import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import type { AppEvent } from './events.ts';

function nextEvent(ctx: TestContext, type: string, timeoutMs = 5000): Promise<AppEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
    const unsubscribe = ctx.core.bus.subscribe((event) => {
      if (event.type !== type) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event);
    });
  });
}

/** Two API processes on one database, as when several nodes run behind a load balancer. */
describe('cross-process events', () => {
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    first = await createTestContext();
    second = await createTestContext({ databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('delivers an event published by one process to the other', async () => {
    const received = nextEvent(second, 'test.ping');
    await first.core.bus.publish(first.core.db, { type: 'test.ping', audience: { kind: 'public' }, data: { n: 1 } });
    expect((await received).data).toEqual({ n: 1 });
  });

  it('never delivers an event from a transaction that rolled back', async () => {
    const seen: string[] = [];
    const unsubscribe = second.core.bus.subscribe((event) => seen.push(event.type));
    await first.core.db
      .transaction()
      .execute(async (tx) => {
        await first.core.bus.publish(tx, { type: 'test.rolled_back', audience: { kind: 'public' } });
        throw new Error('abort');
      })
      .catch(() => undefined);
    const committed = nextEvent(second, 'test.after');
    await first.core.bus.publish(first.core.db, { type: 'test.after', audience: { kind: 'public' } });
    await committed;
    unsubscribe();
    expect(seen).not.toContain('test.rolled_back');
  });

  it('drops the settings cache of every process when one changes a setting', async () => {
    expect((await second.core.modules.system.api.getStatus({ ip: '10.0.0.1', country: null }))).toBe(0);
    const changed = nextEvent(second, 'system.settings_changed');
    await first.core.modules.system.api.updateSetting('maintenance', { enabled: true, message: null }, 'test');
    await changed;
    expect(await second.core.modules.system.api.getStatus({ ip: '10.0.0.1', country: null })).toBe(1);
  });
});
