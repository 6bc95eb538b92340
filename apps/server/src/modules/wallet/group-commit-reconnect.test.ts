import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { betJournal } from '../../../test/wallet-journals.ts';
import { holdTransaction, lockWaiters } from '../../../test/wallet-race.ts';
import { isDatabaseUnavailable } from '../../platform/db.ts';

/**
 * A lane's connection is terminated while its statement runs (failover, pg_terminate_backend):
 * that op fails as "database unavailable" (its caller retries with the same key), and the very
 * next op on the lane gets a new connection instead of failing on the dead one.
 */
describe('wallet group commit after its connection is terminated mid-statement', () => {
  let ctx: TestContext;
  let player: TestPlayer;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { WALLET_LANES: '1' } });
    player = await newPlayer(ctx.core, { balance: 10_000n });
  });
  afterAll(() => ctx?.close());

  it('fails the op in flight as unavailable and posts the next one on a new connection', async () => {
    const wallet = ctx.core.modules.wallet.api;
    const prefix = `gc${randomBytes(4).toString('hex')}`;
    // Warm the lane, then park its next statement on a lock held by another transaction.
    await wallet.submit(betJournal(player.id, `${prefix}:0`, 1n));
    const hold = holdTransaction(ctx.core.db, (tx) => sql`select 1 from wallet_account where member_id = ${player.id} for update`.execute(tx));
    while (!hold.answered()) await new Promise((resolve) => setTimeout(resolve, 10));
    const parked = wallet.submit(betJournal(player.id, `${prefix}:1`, 1n)).then(
      () => undefined,
      (error: unknown) => error,
    );
    await lockWaiters(ctx.core.db, 1);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like 'wallet-lane-%'`.execute(ctx.core.db);
    const error = await parked;
    hold.commit();
    await hold.outcome;
    expect(error, 'the parked op should fail').toBeDefined();
    expect(isDatabaseUnavailable(error)).toBe(true);

    const next = await wallet.submit(betJournal(player.id, `${prefix}:2`, 1n));
    expect(next.status).toBe('applied');
  });
});
