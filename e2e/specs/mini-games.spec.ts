import { registerMember } from '../fixtures/accounts.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

test.describe('mini games', () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('a member plays dados, limbo and plinko, and verifies a mini round on the fairness page', async ({ page, shoot }) => {
    const member = await registerMember();
    await fund(member.account, '30.00');
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toContainText('30,00');

    // The home jackpot counter shows the real pool; every bet adds its share (1 % by default).
    await open(page, '/');
    const before = Number(await page.getByTestId('jackpot-amount').getAttribute('data-amount'));

    // The mini games are listed with the crash games.
    await open(page, '/crash?vassalage=HOUSE');
    await expect(page.getByTestId('game-card').filter({ hasText: 'Plinko' })).toBeVisible();

    for (const game of ['dados', 'limbo', 'plinko']) {
      await open(page, `/seamless?vendor=HOUSE&gameCode=${game}`);
      const screen = page.getByTestId('mini-screen');
      await expect(screen).toHaveAttribute('data-game', game);
      await expect(page.getByTestId('mini-rtp')).toBeVisible();
      await page.getByTestId('mini-amount').fill('1,00');
      if (game === 'plinko') await page.getByTestId('plinko-rows').selectOption('12');
      await shoot(`mini-${game}-ready`);
      await page.getByTestId('mini-play').click();
      await expect(page.getByTestId('mini-result')).toHaveAttribute('data-won', /true|false/, { timeout: 10_000 });
      expect(await horizontalOverflow(page)).toBe(0);
      await shoot(`mini-${game}-result`);
    }

    await open(page, '/');
    await expect.poll(async () => Number(await page.getByTestId('jackpot-amount').getAttribute('data-amount'))).toBeGreaterThanOrEqual(before + 0.03);
    await shoot('home-jackpot');

    await open(page, '/member?tab=personalHistoryCopy');
    await expect(page.getByTestId('betting-row')).toHaveCount(3);
    // Newest first: the plinko round.
    await page.getByTestId('round-details').first().click();
    await expect(page.getByTestId('round-detail')).toContainText('Plinko');
    await shoot('mini-round-detail');
    await page.getByTestId('round-verify-link').click();
    await expect(page.getByTestId('reveal-needed')).toBeVisible();
    await page.getByTestId('rotate-seed').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('reveal-needed')).toHaveCount(0);
    await page.getByTestId('verify-submit').click();
    await expect(page.getByTestId('verify-result')).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('verify-match')).toHaveAttribute('data-match', 'true');
    await shoot('mini-verified');
  });
});
