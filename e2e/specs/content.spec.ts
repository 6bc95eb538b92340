import { gzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { Page, Response, TestInfo } from '@playwright/test';
import { registerMember, uniqueName } from '../fixtures/accounts.ts';
import { setSetting } from '../fixtures/console.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { CAPTCHA_ANSWER, ROOT_DIR } from '../server-env.ts';

// jsqr is CommonJS whose module.exports is the function (with .default for transpiled imports).
const jsQR = (jsQRModule as unknown as { default: typeof jsQRModule.default }).default;

/** Screenshots of the home page are judged at 1440 px (desktop) and 390 px (phone) wide. */
async function reviewViewport(page: Page, testInfo: TestInfo) {
  await page.setViewportSize(testInfo.project.name === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 });
}

async function closeAnnouncement(page: Page) {
  const modal = page.getByTestId('modal-announcement');
  // Several announcements of a kind are shown as steps: go through them, then close.
  while (await modal.getByTestId('announcement-next').isVisible().catch(() => false)) await modal.getByTestId('announcement-next').click();
  await modal.getByTestId('modal-close').click();
  await expect(modal).toBeHidden();
}

test.describe('home and site content', { tag: '@phone' }, () => {
  test.describe('announcements and pop-ups', () => {
    test.use({ sitePopups: true });

    test('a visitor sees every block of the home page, and the B announcement once per session', async ({ page, shoot }, testInfo) => {
      await reviewViewport(page, testInfo);
      await open(page, '/');
      const announcement = page.getByTestId('modal-announcement');
      await expect(announcement).toBeVisible();
      await expect(announcement).toContainText('Bem-vindo(a)!');
      await shoot('home-announcement-visitor');
      await closeAnnouncement(page);
      // The pop-up follows the announcements, once.
      await expect(page.getByTestId('modal-popup')).toBeVisible();
      await page.getByTestId('modal-popup').getByTestId('modal-close').click();

      await expect(page.getByTestId('banner-carousel')).toBeVisible();
      expect(await page.locator('[data-testid="banner-slide"]:not(.swiper-slide-duplicate)').count()).toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId('notice-marquee')).toContainText('Instalação de demonstração');
      await expect(page.getByTestId('promo-carousel')).toBeVisible();
      await expect(page.getByTestId('promo-card').first()).toBeVisible();
      await expect(page.getByTestId('home-catalogue')).toBeVisible();
      await expect(page.getByTestId('footer-vendors')).toBeAttached();
      await expect(page.getByTestId('footer').getByRole('link', { name: 'Termos e condições' })).toBeAttached();
      await shoot('home-visitor-pt-dark');

      await page.reload();
      await page.getByTestId('banner-carousel').waitFor();
      await expect(announcement).toBeHidden();
      await expect(page.getByTestId('modal-popup')).toBeHidden();

      // English and light: the content follows the language.
      await page.getByTestId('language-select').selectOption('en');
      await expect(page.getByTestId('notice-marquee')).toContainText('Demo installation');
      await expect(page.locator('[data-testid="banner-slide"] img').first()).toHaveAttribute('alt', 'Live crash');
      await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot('home-visitor-en-light');
    });

    test('a member sees the A announcement after login; a first login sees the F one', async ({ page, shoot }, testInfo) => {
      // Two registrations and two logins: 38 s on the phone run of a loaded two-core machine.
      test.setTimeout(90_000);
      await reviewViewport(page, testInfo);
      const member = await registerMember();
      await open(page, '/');
      await closeAnnouncement(page);
      await page.getByTestId('modal-popup').getByTestId('modal-close').click();

      await logIn(page, member.account, member.password);
      await expect(page.getByTestId('balance')).toBeVisible();
      const announcement = page.getByTestId('modal-announcement');
      await expect(announcement).toContainText('Novidades');
      await shoot('home-announcement-member');
      await closeAnnouncement(page);
      await page.reload();
      await expect(page.getByTestId('balance')).toBeVisible();
      await expect(announcement).toBeHidden();

      // A new account's first login: the F announcement (and the A one, in its turn).
      const context = await page.context().browser()!.newContext({ viewport: page.viewportSize()! });
      const fresh = await context.newPage();
      const username = uniqueName('f');
      await open(fresh, '/register');
      await fresh.getByTestId('register-username').fill(username);
      await fresh.getByTestId('register-password').fill('um segredo bem longo');
      await fresh.getByTestId('register-confirm').fill('um segredo bem longo');
      await fresh.getByTestId('register-captcha-input').fill(CAPTCHA_ANSWER);
      await fresh.getByTestId('register-submit').click();
      await expect(fresh.getByTestId('modal-register')).toBeHidden({ timeout: 15_000 });
      await expect(fresh.getByTestId('modal-announcement')).toContainText('Primeiro acesso');
      await context.close();
    });
  });

  // Promotion links (/promotions#<id>) name the promotion engine's promotions: promotions.spec.ts.
  test('banners open their targets: a route', async ({ page }, testInfo) => {
    await reviewViewport(page, testInfo);
    await open(page, '/');
    const routeSlide = page.locator('[data-testid="banner-slide"][data-linkage-type="ROUTE"][data-target="/crash"]').first();
    await routeSlide.waitFor({ state: 'attached' });
    await routeSlide.dispatchEvent('click');
    await expect(page).toHaveURL(/\/crash$/);
  });

  test('the help centre: /help#term opens the terms in the help modal, /help#tag the article', async ({ page, shoot }, testInfo) => {
    await reviewViewport(page, testInfo);
    await open(page, '/help#term');
    const modal = page.getByTestId('help-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Termos e condições');
    await shoot('help-terms-modal');
    await modal.getByTestId('modal-close').click();
    await expect(modal).toBeHidden();

    await open(page, '/help#privacy');
    await expect(page.locator('[data-testid="help-article"][data-tag="privacy"]')).toContainText('LGPD');
    await shoot('help-privacy');
  });

  test('the app download QR codes scan to the configured addresses', async ({ page, shoot }, testInfo) => {
    await reviewViewport(page, testInfo);
    // The demo has no store apps, so it shows no download link or QR code until the operator sets real ones.
    await setSetting('appDownload', { ios: null, android: null, lite: null });
    await open(page, '/help#app');
    await expect(page.getByTestId('app-none')).toBeVisible();
    await expect(page.getByTestId('app-qr-ios')).toHaveCount(0);
    await setSetting('appDownload', { ios: 'https://apps.example.com/ios/bet-platform', android: 'https://apps.example.com/bet-platform.apk', lite: 'https://bet.example.com/' });
    const boot = await (await page.request.get('/api/system/boot')).json();
    await open(page, '/help#app');
    for (const platform of ['ios', 'android', 'lite'] as const) {
      const expected = boot.appDownload[platform] as string;
      const qr = page.getByTestId(`app-qr-${platform}`);
      await qr.scrollIntoViewIfNeeded();
      await expect(qr).toBeVisible();
      await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const box = await qr.boundingBox();
      expect(Math.round(box!.width)).toBe(120);
      const png = PNG.sync.read(await qr.screenshot());
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data, platform).toBe(expected);
    }
    await shoot('help-app-download');
    await setSetting('appDownload', { ios: null, android: null, lite: null });
  });

  test('the home page loads at most 250 KB of JavaScript (gzip), and its largest contentful paint is measured and reported', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'measured on the desktop run');
    test.setTimeout(120_000);
    // Five cold visits (fresh context, empty cache), as a first-time visitor sees the page,
    // announcement included. The script bytes are exact and asserted. The paint time is a timing
    // on a shared two-core machine: its median is reported against the 2.5 s target
    // (annotation, console, e2e/artifacts/home-performance.json, bench/README.md) rather than
    // failing the suite on a slow moment (the developers' guide: targets are for benchmarks).
    const visits: { largestContentfulPaintMs: number; scriptGzipBytes: number; scripts: number }[] = [];
    for (let visit = 0; visit < 5; visit++) {
      const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      const pending: Promise<number>[] = [];
      const onResponse = (response: Response) => {
        if (response.request().resourceType() === 'script' && response.ok()) pending.push(response.body().then((body) => gzipSync(body).length));
      };
      page.on('response', onResponse);
      await page.goto('/');
      await page.getByTestId('banner-carousel').waitFor();
      await page.waitForLoadState('networkidle');
      // The load is measured up to network idle; a script fetched later (the carousel's upgrade
      // when it first moves) is not part of it, and its body could outlive the context.
      page.off('response', onResponse);
      const largestContentfulPaint = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]!.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      const sizes = await Promise.all(pending);
      visits.push({ largestContentfulPaintMs: Math.round(largestContentfulPaint), scriptGzipBytes: sizes.reduce((sum, size) => sum + size, 0), scripts: sizes.length });
      await context.close();
    }
    const median = [...visits].sort((a, b) => a.largestContentfulPaintMs - b.largestContentfulPaintMs)[2]!;
    const targetMet = median.largestContentfulPaintMs < 2500;
    const figures = { measuredAt: new Date().toISOString(), medianLargestContentfulPaintMs: median.largestContentfulPaintMs, targetMs: 2500, targetMet, visits };
    const report = `LCP ${visits.map((visit) => visit.largestContentfulPaintMs).join(' / ')} ms, median ${median.largestContentfulPaintMs} ms (target < 2,500 ms: ${targetMet ? 'met' : 'NOT met'}); JS ${median.scriptGzipBytes} B gzip in ${median.scripts} files`;
    console.log(`home: ${report}`);
    testInfo.annotations.push({ type: 'home performance', description: report });
    mkdirSync(path.join(ROOT_DIR, 'e2e/artifacts'), { recursive: true });
    writeFileSync(path.join(ROOT_DIR, 'e2e/artifacts/home-performance.json'), `${JSON.stringify(figures, null, 2)}\n`);
    // 250 KB read as 250,000 bytes, the stricter of the two readings.
    for (const visit of visits) {
      expect(visit.scriptGzipBytes).toBeLessThanOrEqual(250_000);
      expect(visit.largestContentfulPaintMs).toBeGreaterThan(0);
    }
  });
});
