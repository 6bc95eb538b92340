import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { createTestContext, type TestContext } from './test-context.ts';

/**
 * The demo has no store apps. Its app-download links and QR codes used to point at the address
 * the server had when first seeded (http://localhost:3000/help?platform=…), whatever the site's
 * real address: a download that downloads nothing. Now the demo configures no app, so no link or
 * QR code is shown until the operator enters a real one in the console.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const boot = async () => (await ctx.app.inject({ method: 'GET', url: '/api/system/boot' })).json().appDownload;
const appDownloadSetting = () => ctx.core.db.selectFrom('system_setting').select('value').where('key', '=', 'appDownload').executeTakeFirst();

describe('demo app-download links', () => {
  it('seeds no app link, so the site shows no download link or QR code', async () => {
    await seedDemoData(ctx.core.modules);
    expect(await boot()).toEqual({ ios: null, android: null, lite: null });
    const qr = await ctx.app.inject({ method: 'GET', url: '/api/content/app-qr/ios.svg' });
    expect(qr.json().error.code).toBe('content.app_not_configured');
  });

  it('takes back the placeholder links an older demo seed stored, keeping an operator’s real ones', async () => {
    const seededBefore = { ios: 'http://localhost:3000/help?platform=ios#app', android: 'http://localhost:3000/help?platform=android#app', lite: 'http://localhost:3000/' };
    await ctx.core.modules.system.api.updateSetting('appDownload', seededBefore, 'seed');
    await seedDemoData(ctx.core.modules);
    expect((await appDownloadSetting())?.value).toEqual({ ios: null, android: null, lite: null });
    expect(await boot()).toEqual({ ios: null, android: null, lite: null });

    const real = { ios: 'https://apps.apple.com/app/id123', android: 'https://bet.example.com/app.apk', lite: null };
    await ctx.core.modules.system.api.updateSetting('appDownload', real, 'operator');
    await seedDemoData(ctx.core.modules);
    expect(await boot()).toEqual(real);
  });
});
