import { registerMember } from '../fixtures/accounts.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

test.describe('mini games', () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('a member plays dados, limbo and plinko, and verifies a mini round on the fairness page', async ({ page, shoot }) => {
    // Three games, the record and the verifier: about 25 s unloaded, more than 30 s on a busy CI machine.
    test.setTimeout(90_000);
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

  test('a member plays Mines: starts a board, reveals until a gem or a mine, cashes out, and finds the round in the betting record', async ({ page, shoot }) => {
    // Funding through the CLI, up to three moves on the board and the betting record: longer than the default on two cores.
    test.setTimeout(60_000);
    const member = await registerMember();
    await fund(member.account, '20.00');
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toContainText('20,00');

    await open(page, '/crash?vassalage=HOUSE');
    await expect(page.getByTestId('game-card').filter({ hasText: 'Mines' })).toBeVisible();

    await open(page, '/seamless?vendor=HOUSE&gameCode=mines');
    await expect(page.getByTestId('mini-screen')).toHaveAttribute('data-game', 'mines');
    await expect(page.getByTestId('mines-grid')).toBeVisible();
    await page.getByTestId('mines-count').selectOption('3');
    await page.getByTestId('mini-amount').fill('1,00');
    await expect(page.getByTestId('mines-next-multiplier')).toHaveText('1,125×');
    await shoot('mini-mines-ready');
    await page.getByTestId('mines-start').click();
    await expect(page.getByTestId('mines-cashout')).toBeVisible();

    // Open cells in order until two gems are found or a mine ends the round (the board is random).
    let gems = 0;
    for (let cell = 0; cell < 25 && gems < 2; cell += 1) {
      const tile = page.getByTestId(`mines-cell-${cell}`);
      await tile.click();
      await expect(tile).toHaveAttribute('data-state', /gem|hit/);
      if ((await tile.getAttribute('data-state')) === 'hit') break;
      gems += 1;
    }
    if (gems === 2) {
      await expect(page.getByTestId('mines-cashout')).toContainText('Sacar R$');
      await shoot('mini-mines-playing');
      await page.getByTestId('mines-cashout').click();
      await expect(page.getByTestId('mini-result')).toHaveAttribute('data-state', 'cashed_out');
    } else {
      await expect(page.getByTestId('mini-result')).toHaveAttribute('data-state', 'lost');
    }
    // Once the round is over every mine is shown.
    await expect(page.getByTestId('mines-grid').locator('[data-state="mine"], [data-state="hit"]')).toHaveCount(3);
    expect(await horizontalOverflow(page)).toBe(0);
    // The board's last cells are still popping in: the screenshot waits for them (no fixed sleep).
    await page.getByTestId('mini-screen').evaluate((node) => Promise.all(node.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await shoot('mini-mines-result');

    await open(page, '/member?tab=personalHistoryCopy');
    await expect(page.getByTestId('betting-row')).toHaveCount(1);
    await page.getByTestId('round-details').first().click();
    await expect(page.getByTestId('round-detail')).toContainText('Mines');
    await expect(page.getByTestId('round-detail-mines').locator('[data-state="mine"], [data-state="hit"]')).toHaveCount(3);
    await shoot('mines-round-detail');
  });
});
