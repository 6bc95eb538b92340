import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import type { AppEvent } from './events.ts';

/**
 * The LISTEN connection is lost (server restart, pg_terminate_backend): the bus reconnects by
 * itself, and since notifications sent meanwhile are gone, the caches they would have cleared
 * are dropped.
 */
describe('event bus after its connection is lost', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  const terminateListener = () =>
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'event-listener'`.execute(ctx.core.db);

  async function eventually(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) if (await condition()) return;
    throw new Error(`timed out waiting for ${what}`);
  }

  it('listens again and delivers events published after the reconnect', async () => {
    const seen: AppEvent[] = [];
    const unsubscribe = ctx.core.bus.subscribe((event) => seen.push(event));
    await terminateListener();
    // Published until one arrives: the first ones may go out while nobody listens yet.
    await eventually('an event after the reconnect', async () => {
      await ctx.core.bus.publish(ctx.core.db, { type: 'test.after_reconnect', audience: { kind: 'public' } });
      await sleep(100);
      return seen.some((event) => event.type === 'test.after_reconnect');
    });
    unsubscribe();
  });

  it('drops the settings cache on reconnect, since its invalidation may have been missed', async () => {
    const before = await ctx.core.modules.system.api.getSettings();
    // Changed behind the bus's back, as if its NOTIFY had been sent while the listener was down.
    const site = { ...before.site, name: `Renamed ${Date.now()}` };
    await sql`insert into system_setting (key, value, updated_by) values ('site', ${JSON.stringify(site)}::jsonb, 'test')
              on conflict (key) do update set value = excluded.value`.execute(ctx.core.db);
    expect((await ctx.core.modules.system.api.getSettings()).site.name).toBe(before.site.name);

    await terminateListener();
    // Well within the cache's 30-second lifetime: only the reconnect can have dropped it.
    await eventually('the renamed site', async () => (await ctx.core.modules.system.api.getSettings()).site.name === site.name, 10_000);
  });
});
