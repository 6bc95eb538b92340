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
});
