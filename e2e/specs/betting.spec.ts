import { registerMember } from '../fixtures/accounts.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

test.describe('betting record', () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('shows the rounds a vendor reported, with totals and the product filter', async ({ page, shoot }) => {
    const member = await registerMember();
    await fund(member.account, '100.00');
    await playVendorRounds(member, [
      { bet: '2.00', win: '5.50' },
      { bet: '3.00', win: '0.00' },
    ]);
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toContainText('100,50');
    await open(page, '/member?tab=personalHistoryCopy');
    await expect(page.getByTestId('betting-row')).toHaveCount(2);
    await expect(page.getByTestId('betting-totals')).toContainText('5,50');
    await expect(page.getByTestId('betting-status').first()).toHaveAttribute('data-status', 'settled');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('betting-record');
    await page.getByTestId('betting-type-filter').selectOption('LIVE');
    await expect(page.getByTestId('betting-empty')).toBeVisible();
  });

  test('a big win reaches the home winners board, with the name masked', async ({ page, shoot }) => {
    test.setTimeout(90_000);
    const member = await registerMember();
    await fund(member.account, '10.00');
    // A win far above any other journey's, with its own centavos so that this run's entry is recognisable.
    const cents = 900_000 + Math.floor(Math.random() * 90_000);
    await playVendorRounds(member, [{ bet: '1.00', win: (cents / 100).toFixed(2) }]);
    const shown = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(cents / 100);
    const masked = `${member.account.slice(0, 2)}***${member.account.slice(-1)}`;
    const entry = page.getByTestId('winner-entry').filter({ hasText: shown });
    // The board is kept WINNERS_CACHE_MS on the server (1 s here): reload until the new win is in.
    await expect(async () => {
      await open(page, '/');
      await expect(entry).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000, intervals: [2000, 5000] });
    await expect(entry).toContainText(masked);
    await expect(page.getByTestId('winners-board')).not.toContainText(member.account);
    await page.getByTestId('winners-board').scrollIntoViewIfNeeded();
    await shoot('home-winners');
    await page.getByTestId('winners-view-day').click();
    await expect(page.getByTestId('leaderboard-entry').first()).toBeVisible();
    await shoot('home-leaderboard');
  });
});
