import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { createVendorAccessCache } from './vendor-access.ts';

describe('vendor access cache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.core.db.insertInto('catalogue_vendor').values({ code: 'VACC', display_name: 'Access Vendor', game_types: ['RNG'], wallet_mode: 'seamless', is_demo: true }).execute();
    await ctx.core.db.insertInto('provider_vendor_secret').values({ vendor_code: 'VACC', secret: 'access-secret-0123456789', ip_allow: ['10.1.0.0/16', '2001:db8::/32'] }).execute();
  });
  afterAll(() => ctx.close());

  it('checks the allow-list for IPv4 and IPv6 and refuses a missing address', async () => {
    const cache = createVendorAccessCache({ db: ctx.core.db });
    expect(await cache.access('VACC', '10.1.2.3')).toEqual({ secret: 'access-secret-0123456789', enabled: true, ipAllowed: true });
    expect((await cache.access('VACC', '10.2.0.1'))?.ipAllowed).toBe(false);
    expect((await cache.access('VACC', '2001:db8::5'))?.ipAllowed).toBe(true);
    expect((await cache.access('VACC', '2001:db9::5'))?.ipAllowed).toBe(false);
    expect((await cache.access('VACC', null))?.ipAllowed).toBe(false);
    expect(await cache.access('NOPE', '10.1.2.3')).toBeUndefined();
  });

  it('keeps a vendor for its time to live, then reads the operator’s change', async () => {
    let clock = 0;
    const cache = createVendorAccessCache({ db: ctx.core.db, ttlMs: 5000, now: () => clock });
    expect((await cache.access('VACC', '10.1.0.1'))?.enabled).toBe(true);
    await ctx.core.db.updateTable('provider_vendor_secret').set({ enabled: false }).where('vendor_code', '=', 'VACC').execute();
    clock = 4999;
    expect((await cache.access('VACC', '10.1.0.1'))?.enabled).toBe(true);
    clock = 5000;
    expect((await cache.access('VACC', '10.1.0.1'))?.enabled).toBe(false);
  });
});
