import { expect, open, test } from '../fixtures/site.ts';

test.describe('app shell', { tag: '@phone' }, () => {
  test('home renders in Portuguese by default, with header, menu and footer', async ({ page, shoot }) => {
    await open(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('footer')).toBeAttached();
    await expect(page.getByTestId('login-button')).toHaveText(/Entrar/);
    await expect(page.getByTestId('home-catalogue')).toBeVisible();
    await shoot('home-pt');
  });

  test('switches language PT ↔ EN and remembers it', async ({ page, shoot }) => {
    await open(page, '/');
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('login-button')).toHaveText(/Log ?in|Sign in/i);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await shoot('home-en');
    await page.getByTestId('language-select').selectOption('pt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('resets an unsupported stored language to Portuguese', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(() => localStorage.setItem('lang', 'xx'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('switches between dark and light themes and remembers it', async ({ page, shoot }) => {
    await open(page, '/');
    const html = page.locator('html');
    const before = await html.getAttribute('data-theme');
    await page.getByTestId('theme-toggle').click();
    const after = before === 'dark' ? 'light' : 'dark';
    await expect(html).toHaveAttribute('data-theme', after);
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', after);
    await shoot(`home-${after}`);
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-theme', before ?? 'dark');
  });

  test('login modal: backdrop click does not close it, the close control does, scroll is locked meanwhile', async ({ page, shoot }) => {
    await open(page, '/');
    await page.getByTestId('login-button').click();
    const modal = page.getByTestId('modal-login');
    await expect(modal).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await shoot('login-modal');
    await page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(modal).toBeVisible();
    await page.getByTestId('modal-close').click();
    await expect(modal).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('a visitor on a login-required route is sent to / with the login modal open', async ({ page }) => {
    await open(page, '/member');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('modal-login')).toBeVisible();
  });

  test('an unknown path shows the not-found page with a way home', async ({ page, shoot }) => {
    await open(page, '/no-such-page');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await shoot('not-found');
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/\/$/);
  });

  // One test per group of routes: each navigation costs a page load, and on a loaded CI machine
  // the whole sweep does not fit one test's time budget.
  const publicRoutes = ['/', '/index', '/index.html', '/home', '/help', '/helpmc', '/promotions', '/esports', '/lott', '/elott', '/cockfight', '/live', '/fish', '/rng', '/rng?vassalage=WW', '/pvp', '/crash', '/sports'];
  for (const [index, group] of [publicRoutes.slice(0, 9), publicRoutes.slice(9)].entries()) {
    test(`every public route of the spec renders its page (part ${index + 1})`, async ({ page }) => {
      test.setTimeout(60_000);
      for (const route of group) {
        await open(page, route);
        await expect(page.getByTestId('route-error'), route).toHaveCount(0);
        await expect(page.getByTestId('page-title').or(page.getByTestId('home-catalogue')).first(), route).toBeVisible();
      }
    });
  }

  test('the login and register routes open their modals; member routes ask a visitor to log in', async ({ page }) => {
    // Thirteen page loads: more than one test's default budget on a loaded two-core machine.
    test.setTimeout(60_000);
    for (const route of ['/login', '/register']) {
      await open(page, route);
      await expect(page.getByTestId(route === '/login' ? 'modal-login' : 'modal-register'), route).toBeVisible();
    }
    for (const route of ['/member', '/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery', '/seamless', '/lottert', '/vnlottery', '/sealottery', '/pointMall']) {
      await open(page, route);
      await expect(page.getByTestId('modal-login'), route).toBeVisible();
    }
  });

  test('the agent routes show the agent login to a visitor', async ({ page }) => {
    await open(page, '/agent');
    await expect(page.getByTestId('agent-login-page')).toBeVisible();
    await page.goto('/agentHome');
    await expect(page.getByTestId('agent-login-page')).toBeVisible();
  });
});
