import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorSettingsSchema, SETTING_KEYS } from '@app/contracts';
import { bearer, newOperatorSession } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { DEFAULT_SETTINGS } from './system.settings.ts';

let ctx: TestContext;
let owner: string;
let editor: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, editor] = await Promise.all([newOperatorSession(ctx.core, ctx.app, 'owner'), newOperatorSession(ctx.core, ctx.app, 'content')]);
});
afterAll(() => ctx.close());

const put = (key: string, payload: unknown, token = owner) =>
  ctx.app.inject({ method: 'PUT', url: `/api/backoffice/settings/${key}`, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
/** The payment limits are proposed (a second operator approves them: backoffice/approval.routes.test.ts). */
const propose = (value: unknown, token = owner) =>
  ctx.app.inject({ method: 'POST', url: '/api/backoffice/settings/payments/proposal', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify({ value, reason: 'novos limites' }) });
const read = async (token = owner) => OperatorSettingsSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/settings', headers: bearer(token) })).json());

describe('back-office settings', () => {
  it('gives the owner every key, each valid against the shared schema the console validates with', async () => {
    const settings = await read();
    expect(Object.keys(settings).sort()).toEqual([...SETTING_KEYS].sort());
    expect(settings.locale).toEqual(DEFAULT_SETTINGS.locale);
  });

  it('refuses malformed, oversized and hostile values with the field named, and keeps the value in force', async () => {
    const payments = DEFAULT_SETTINGS.payments;
    const cases: [string, unknown, string][] = [
      ['payments', { ...payments, deposit: { ...payments.deposit, min: '600.00', max: '500.00' } }, 'payments.deposit.min'],
      ['payments', { ...payments, withdrawal: { ...payments.withdrawal, min: '10', max: '50000.00' } }, 'payments.withdrawal.min'],
      ['payments', { ...payments, withdrawal: { ...payments.withdrawal, min: '90.00', max: '80.00' } }, 'payments.withdrawal.min'],
      ['locale', { defaultLanguage: 'pt', timeZone: 'Mars/Olympus' }, 'locale.timeZone'],
      ['locale', { defaultLanguage: 'xx', timeZone: 'UTC' }, 'locale.defaultLanguage'],
      ['region', { enabled: true, blockedIps: ['10.0.0.0/33'], allowedIps: [], blockedCountries: [] }, 'region.blockedIps.0'],
      ['region', { enabled: true, blockedIps: [], allowedIps: ['fe80::1%eth0'], blockedCountries: ['br'] }, 'region.allowedIps.0'],
      ['backoffice', { ipAllowList: ['x'.repeat(10_000)] }, 'backoffice.ipAllowList.0'],
      ['maintenance', { enabled: 'yes', message: null }, 'maintenance.enabled'],
      ['customerService', [{ type: 'TELEGRAM', url: 'javascript:alert(1)' }], 'customerService.0.url'],
      ['site', { name: '', licenceLines: { pt: [], en: [] }, licenceValidatorUrl: 'data:text/html,x', affiliateServiceUrl: null, social: [] }, 'site.licenceValidatorUrl'],
      ['site', { name: '', licenceLines: { pt: [], en: [] }, licenceValidatorUrl: null, affiliateServiceUrl: null, social: [] }, 'site.name'],
      ['whitelabel', { USERNAMEREG3: true }, 'whitelabel.MOBILENUMREG3'],
    ];
    for (const [key, value, path] of cases) {
      const response = key === 'payments' ? await propose(value) : await put(key, value);
      expect(response.statusCode, `${key} ${JSON.stringify(value).slice(0, 80)}`).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
      expect(response.json().error.details.fields.map((field: { path: string }) => field.path)).toContain(path);
    }
    expect((await propose([])).statusCode).toBe(400);
    // The limits never change by a plain PUT, whatever the value.
    const direct = await put('payments', { ...DEFAULT_SETTINGS.payments, withdrawal: { ...DEFAULT_SETTINGS.payments.withdrawal, autoApproveUpTo: '5000.00' } });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error.code).toBe('system.setting_needs_approval');
    for (const [key, body] of [['maintenance', 'null'], ['locale', '{']] as const) {
      const response = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/settings/${key}`, headers: { ...bearer(owner), 'content-type': 'application/json' }, payload: body });
      expect(response.statusCode, `${key} ${body}`).toBe(400);
    }
    const settings = await read();
    expect(settings.payments).toEqual(DEFAULT_SETTINGS.payments);
    expect(settings.locale).toEqual(DEFAULT_SETTINGS.locale);
  });

  it('stores a good value, audits it with before and after, and the site runs with it at once', async () => {
    const response = await put('locale', { defaultLanguage: 'en', timeZone: 'America/Manaus' });
    expect(response.statusCode).toBe(200);
    const boot = (await ctx.app.inject({ method: 'GET', url: '/api/system/boot' })).json();
    expect(boot.timeZone).toBe('America/Manaus');
    expect(boot.languages.default).toBe('en');
    const audit = await ctx.core.db.selectFrom('backoffice_audit').selectAll().where('action', '=', 'system.setting.locale.updated').execute();
    expect(audit.at(-1)?.details).toMatchObject({ before: DEFAULT_SETTINGS.locale, after: { defaultLanguage: 'en', timeZone: 'America/Manaus' } });
    expect((await put('locale', DEFAULT_SETTINGS.locale)).statusCode).toBe(200);
  });

  it('lets the content role read and change only what the site shows', async () => {
    expect(Object.keys(await read(editor)).sort()).toEqual(['appDownload', 'customerService', 'site']);
    for (const key of ['maintenance', 'payments', 'locale', 'whitelabel', 'registration', 'region', 'backoffice', 'accounts']) {
      const response = await put(key, (DEFAULT_SETTINGS as Record<string, unknown>)[key], editor);
      expect(response.statusCode, key).toBe(403);
      expect(response.json().error.code).toBe('backoffice.forbidden');
    }
    expect((await propose(DEFAULT_SETTINGS.payments, editor)).statusCode).toBe(403);
    const site = { ...DEFAULT_SETTINGS.site, social: [{ network: 'instagram', url: 'https://instagram.com/site' }] };
    expect((await put('site', site, editor)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/system/boot' })).json().site.social).toEqual(site.social);
  });
});
