import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BootInfoSchema } from '@app/contracts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

describe('system routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { COUNTRY_HEADER: 'cf-ipcountry' } });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.core.db.deleteFrom('system_setting').execute();
    await ctx.core.modules.system.api.updateSetting('maintenance', { enabled: false, message: null }, 'test');
  });

  const system = () => ctx.core.modules.system.api;

  it('serves boot info matching the contract, with the visitor location', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/system/boot', headers: { 'cf-ipcountry': 'br' } });
    expect(response.statusCode).toBe(200);
    const boot = BootInfoSchema.parse(response.json());
    expect(boot.status).toBe(0);
    expect(boot.location).toEqual({ ip: '127.0.0.1', country: 'BR' });
    expect(boot.languages).toEqual({ default: 'pt', fallback: 'en', supported: ['pt', 'en'] });
    expect(boot.whitelabel.map((flag) => flag.modId)).toEqual([
      'USERNAMEREG3', 'MOBILENUMREG3', 'MOBILENUMPASSREG3', 'REGMOBVERF3', 'CHNGPASSVERIF3', 'AGENTPOLICY3',
    ]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ignores a country header that is not a country code', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/system/boot', headers: { 'cf-ipcountry': "BR'; drop" } });
    expect(response.json().location.country).toBeNull();
  });

  it('reports maintenance (1) with its message and refuses other API calls with system.maintenance', async () => {
    await system().updateSetting('maintenance', { enabled: true, message: { pt: 'Voltamos às 10h', en: 'Back at 10' } }, 'test');
    const boot = (await ctx.app.inject({ method: 'GET', url: '/api/system/boot' })).json();
    expect(boot.status).toBe(1);
    expect(boot.maintenanceMessage).toEqual({ pt: 'Voltamos às 10h', en: 'Back at 10' });
    const status = await ctx.app.inject({ method: 'GET', url: '/api/system/status' });
    expect(status.json()).toEqual({ status: 1, ip: '127.0.0.1' });
    const other = await ctx.app.inject({ method: 'GET', url: '/api/member/info' });
    expect(other.statusCode).toBe(503);
    expect(other.json().error.code).toBe('system.maintenance');
    // Health and the API reference stay up for operators and load balancers.
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('reports region-blocked (2) for a blocked IP and refuses API calls with system.region_blocked', async () => {
    await system().updateSetting('region', { enabled: true, blockedIps: ['127.0.0.0/8'], allowedIps: [], blockedCountries: [] }, 'test');
    const status = await ctx.app.inject({ method: 'GET', url: '/api/system/status' });
    expect(status.json()).toEqual({ status: 2, ip: '127.0.0.1' });
    const other = await ctx.app.inject({ method: 'GET', url: '/api/member/info' });
    expect(other.statusCode).toBe(451);
    expect(other.json().error.code).toBe('system.region_blocked');
  });

  it('blocks by country only through the configured header', async () => {
    await system().updateSetting('region', { enabled: true, blockedIps: [], allowedIps: [], blockedCountries: ['US'] }, 'test');
    const fromUs = await ctx.app.inject({ method: 'GET', url: '/api/system/status', headers: { 'cf-ipcountry': 'US' } });
    expect(fromUs.json().status).toBe(2);
    const spoofed = await ctx.app.inject({ method: 'GET', url: '/api/system/status', headers: { 'x-country': 'US' } });
    expect(spoofed.json().status).toBe(0);
  });

  it('rejects an invalid setting with field details and keeps the previous value', async () => {
    await system().updateSetting('customerService', [{ type: 'TELEGRAM', url: 'https://t.me/support' }], 'test');
    await expect(
      system().updateSetting('customerService', [{ type: 'SKYPE', url: 'javascript:alert(1)' }], 'test'),
    ).rejects.toMatchObject({ code: 'validation.failed' });
    const boot = (await ctx.app.inject({ method: 'GET', url: '/api/system/boot' })).json();
    expect(boot.customerService).toEqual([{ type: 'TELEGRAM', url: 'https://t.me/support' }]);
  });

  it('shows only the social networks the operator configured', async () => {
    const site = { ...(await system().getSettings()).site, social: [{ network: 'instagram' as const, url: 'https://instagram.com/site' }] };
    await system().updateSetting('site', site, 'test');
    const boot = (await ctx.app.inject({ method: 'GET', url: '/api/system/boot' })).json();
    expect(boot.site.social).toEqual([{ network: 'instagram', url: 'https://instagram.com/site' }]);
  });
});
