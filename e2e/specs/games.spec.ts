import type { Page } from '@playwright/test';
import { registerMember } from '../fixtures/accounts.ts';
import { findGames, isPhone, useReviewViewport } from '../fixtures/games.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

const LIST_PAGES = ['/live', '/fish', '/rng', '/pvp', '/crash', '/sports'];
const CENTRE_PAGES = ['/esports', '/lott', '/elott', '/cockfight'];

async function logInAndWait(page: Page, account: string, password: string) {
  await logIn(page, account, password);
  await expect(page.getByTestId('balance')).toBeVisible();
}

/** The list shows the answer to its current filters (not the previous one, kept while loading). */
async function settled(page: Page) {
  await expect(page.getByTestId('games-results')).toHaveAttribute('data-stale', 'false');
}

async function search(page: Page, text: string) {
  await page.getByTestId('games-search').fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${text}`));
  await settled(page);
  await expect(page.getByTestId('game-card').first()).toBeVisible();
}

test.describe('games', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('every list page shows games and every centre page vendors', async ({ page, shoot }) => {
    for (const path of LIST_PAGES) {
      await open(page, path);
      await expect(page.getByTestId('game-card').first(), path).toBeVisible();
      await expect(page.getByTestId('games-count'), path).toContainText('jogo');
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    for (const path of CENTRE_PAGES) {
      await open(page, path);
      await expect(page.getByTestId('vendor-tile').first(), path).toBeVisible();
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    await open(page, '/esports');
    await expect(page.getByTestId('vendor-start').first()).toBeVisible();
    await shoot('games-esports');
  });

  test('filters slots by vendor and finds games by name in Portuguese and English', async ({ page, shoot }) => {
    await open(page, '/rng');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await shoot('games-rng');

    const aurora = page.locator('[data-testid="vendor-chip"][data-vendor="AURORA"]');
    await aurora.click();
    await expect(page).toHaveURL(/\/rng\?vassalage=AURORA$/);
    await expect(aurora).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('page-title')).toHaveText('Slots');
    await expect.poll(async () => [...new Set(await page.getByTestId('game-vendor').allTextContents())]).toEqual(['Aurora Spins (Demo)']);
    await shoot('games-rng-vendor');

    await page.getByTestId('vendor-chip-all').click();
    await expect(page).toHaveURL(/\/rng$/);
    await search(page, 'fortune');
    // Found by their English names, shown in Portuguese ("Fortune Tiger" is "Tigre da Fortuna").
    await expect.poll(async () => (await page.getByTestId('game-name').allTextContents()).every((name) => /fortun/i.test(name))).toBe(true);
    await shoot('games-search');
    await page.getByTestId('games-search').fill('');
    await expect(page).toHaveURL(/\/rng$/);
    await settled(page);
    await search(page, 'fortuna');
    await expect.poll(async () => (await page.getByTestId('game-name').allTextContents()).every((name) => /fortun/i.test(name))).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('the list appends the next page as the player scrolls', async ({ page }) => {
    await open(page, '/rng');
    await expect(page.getByTestId('game-card')).toHaveCount(20);
    await page.getByTestId('game-card').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(page.getByTestId('game-card')).toHaveCount(40);
  });

  test('home shows the game rows, and a visitor is asked to log in to play or star', async ({ page, shoot }) => {
    await open(page, '/');
    const hot = page.getByTestId('home-row-hot');
    await expect(hot.getByTestId('game-card').first()).toBeVisible();
    await expect(page.getByTestId('home-row-rng').getByTestId('vendor-tile').first()).toBeVisible();
    await expect(page.getByTestId('home-row-favorites')).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('games-home');
    await hot.getByTestId('home-row-column').first().scrollIntoViewIfNeeded();
    await shoot('games-home-rows');

    await hot.getByTestId('game-start').first().click();
    await expect(page.getByTestId('modal-login')).toBeVisible();
    await page.getByTestId('modal-close').click();
    await hot.getByTestId('favorite-toggle').first().click();
    await expect(page.getByTestId('modal-login')).toBeVisible();
  });

  test('a member stars and unstars a game and sees /favorite and /recent follow, then plays a demo game', async ({ page, shoot }) => {
    const member = await registerMember();
    await logInAndWait(page, member.account, member.password);
    await open(page, '/rng?q=fortuna');
    // The demo catalogue keeps some games under maintenance; this journey plays one that is open.
    const card = page.getByTestId('game-card').filter({ hasNot: page.getByTestId('badge-maintenance') }).first();
    const name = (await card.getByTestId('game-name').textContent()) ?? '';
    await card.getByTestId('favorite-toggle').click();
    await expect(card.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');

    await open(page, '/favorite');
    const favourite = page.getByTestId('game-card').filter({ hasText: name });
    await expect(favourite).toHaveCount(1);
    await shoot('games-favorite');
    await favourite.getByTestId('favorite-toggle').click();
    await expect(page.getByTestId('favorite-empty')).toBeVisible();
    await open(page, '/favorite');
    await expect(page.getByTestId('favorite-empty')).toBeVisible();
    await shoot('games-favorite-empty');

    await open(page, '/recent');
    await expect(page.getByTestId('recent-empty')).toBeVisible();
    await open(page, '/rng?q=fortuna');
    await page.getByTestId('game-card').filter({ hasText: name }).getByTestId('game-start').click();
    await expect(page).toHaveURL(/\/seamless\?gameId=\d+$/);
    // A demo vendor's game is served by the house game server: a themed slot in the page.
    await expect(page.getByTestId('slot-screen')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(name);
    await expect(page.getByTestId('balance')).toHaveCount(0);
    await shoot('games-seamless');

    await page.getByTestId('game-back').click();
    await expect(page).toHaveURL(/\/rng\?q=fortuna$/);
    await open(page, '/recent');
    await expect(page.getByTestId('game-name').first()).toHaveText(name);
    await shoot('games-recent');
  });

  test('a game under maintenance offers others of its type', async ({ page, shoot }) => {
    const [game] = (await findGames({ gameType: 'RNG', vassalage: 'ONYX' })).filter((candidate) => candidate.maintenance);
    if (!game) throw new Error('the demo catalogue has no game under maintenance');
    const member = await registerMember();
    await logInAndWait(page, member.account, member.password);
    await open(page, '/rng?vassalage=ONYX');
    await expect(page.getByTestId('vendor-maintenance-notice')).toBeVisible();
    await page.locator(`[data-testid="game-card"][data-node-id="${game.nodeId}"]`).getByTestId('game-start').click();
    const dialog = page.getByTestId('maintenance-dialog');
    await expect(dialog).toContainText('Jogo em manutenção');
    await expect(dialog.getByTestId('game-card').first()).toBeVisible();
    await shoot('games-maintenance');
    await dialog.getByTestId('game-start').first().click();
    await expect(page.getByTestId('slot-screen')).toBeVisible();
  });

  test('the header lists a type’s vendors on hover; the phone drawer lists them too', async ({ page, shoot }, testInfo) => {
    await open(page, '/');
    if (isPhone(testInfo)) {
      await page.getByTestId('side-menu-toggle').click();
      const games = page.getByTestId('side-menu-games');
      await expect(games).toBeVisible();
      await games.getByTestId('side-unfold-rng').click();
      await expect(games.getByTestId('side-vendor').first()).toBeVisible();
      await shoot('games-drawer');
      await games.getByTestId('side-vendor').first().click();
      await expect(page).toHaveURL(/\/rng\?vassalage=/);
      return;
    }
    await page.getByTestId('nav-rng').hover();
    const panel = page.getByTestId('nav-vendor-panel');
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('data-layout', 'large');
    await shoot('games-nav-vendors');
    await panel.locator('[data-vendor="CAPYBARA"]').click();
    await expect(page).toHaveURL(/\/rng\?vassalage=CAPYBARA$/);
    await expect(page.locator('[data-testid="vendor-chip"][data-vendor="CAPYBARA"]')).toHaveAttribute('aria-pressed', 'true');
  });
});
