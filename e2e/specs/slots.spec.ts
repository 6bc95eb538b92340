import { registerMember } from '../fixtures/accounts.ts';
import { findGames, useReviewViewport } from '../fixtures/games.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/** "R$ 1.234,56" → 123456. */
const cents = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
const reais = (value: number) => `R$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(value / 100)}`;

test.describe('house slots', () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('a member plays a house slot, sees the round in the betting record and verifies it on the fairness page', async ({ page, shoot }) => {
    // Three pages and a spin: 27 s of the default 30 s at load 3.6 on two cores.
    test.setTimeout(60_000);
    const member = await registerMember();
    await fund(member.account, '50.00');
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toContainText('50,00');

    // The house games are in the catalogue like any vendor's; the launch opens the slot screen.
    await open(page, '/rng?vassalage=HOUSE');
    const card = page.getByTestId('game-card').filter({ hasText: 'Tesouro do Faraó' });
    await card.getByTestId('game-start').click();
    await expect(page).toHaveURL(/\/seamless\?gameId=\d+$/);
    await expect(page.getByTestId('slot-screen')).toBeVisible();
    // RTP and paytable before play.
    await expect(page.getByTestId('slot-rtp')).toContainText('96,43%');
    await page.getByTestId('slot-paytable-open').click();
    await expect(page.getByTestId('paytable-rtp')).toContainText('96,43%');
    await shoot('slot-paytable');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('slot-total-bet')).toContainText('0,20');
    await shoot('slot-ready');

    await page.getByTestId('slot-spin').click();
    await expect(page.getByTestId('slot-reels')).toHaveAttribute('data-state', 'settled');
    // The slot's balance follows the round: 50,00 − 0,20 + the win (the header hides money during play).
    const won = (await page.getByTestId('slot-win').count()) > 0 ? cents(await page.getByTestId('slot-win-amount').textContent()) : 0;
    await expect(page.getByTestId('slot-balance-value')).toHaveText(reais(5000 - 20 + won));
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('slot-result');
    // A second click right away meets the operator's pace (1 s by default), then spins again.
    await page.getByTestId('slot-spin').click();
    await expect(page.getByTestId('slot-reels')).toHaveAttribute('data-state', 'settled');

    await open(page, '/member?tab=personalHistoryCopy');
    await expect(page.getByTestId('betting-row')).toHaveCount(2);
    await expect(page.getByTestId('betting-row').first()).toContainText('Tesouro do Faraó');
    await shoot('slot-betting-record');

    // The round's detail carries its fairness data; its seed is still hidden until rotation.
    await page.getByTestId('round-details').first().click();
    const detail = page.getByTestId('round-detail');
    await expect(detail).toBeVisible();
    await shoot('slot-round-detail');
    await detail.getByTestId('round-verify-link').click();
    await expect(page.getByTestId('fairness-page')).toBeVisible();
    await expect(page.getByTestId('reveal-needed')).toBeVisible();
    await shoot('fairness-reveal-needed');
    await page.getByTestId('rotate-seed').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('reveal-needed')).toHaveCount(0);
    await expect(page.getByTestId('fairness-nonce')).toContainText('0');
    // The browser recomputes the round from the revealed seed with the server's own engine.
    await page.getByTestId('verify-submit').click();
    await expect(page.getByTestId('verify-result')).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('verify-match')).toHaveAttribute('data-match', 'true');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('fairness-verified');
  });

  test('a third-party demo game opens a themed slot that plays through the provider API; demo mode plays for fun', async ({ page, shoot }) => {
    const [game] = await findGames({ gameType: 'RNG', vassalage: 'AURORA', isHot: 'true' });
    if (!game) throw new Error('the demo catalogue has no AURORA game');
    const member = await registerMember();
    await fund(member.account, '20.00');
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toContainText('20,00');
    await open(page, `/seamless?gameId=${game.nodeId}`);
    await expect(page.getByTestId('slot-screen')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(game.gameName);
    await page.getByTestId('slot-spin').click();
    await expect(page.getByTestId('slot-reels')).toHaveAttribute('data-state', 'settled');
    await shoot('slot-themed');
    await open(page, '/member?tab=personalHistoryCopy');
    await expect(page.getByTestId('betting-row').first()).toContainText(game.gameName);

    await open(page, `/seamless?gameId=${game.nodeId}&demo=1`);
    await expect(page.getByTestId('slot-demo-badge')).toBeVisible();
    await expect(page.getByTestId('slot-balance-value')).toContainText('2.000,00');
    await page.getByTestId('slot-spin').click();
    await expect(page.getByTestId('slot-reels')).toHaveAttribute('data-state', 'settled');
    await shoot('slot-demo');
  });

  test('a transfer-mode demo game keeps the sandbox vendor\'s own wallet page in a frame', async ({ page, shoot }) => {
    const [game] = await findGames({ gameType: 'RNG', vassalage: 'DEMOTRANSFER' });
    if (!game) throw new Error('the demo catalogue has no DEMOTRANSFER game');
    const member = await registerMember();
    await fund(member.account, '150.00');
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toContainText('150,00');
    await open(page, `/seamless?gameId=${game.nodeId}`);
    await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /^\/sandbox-vendor\/play\?/);
    await expect(page.frameLocator('[data-testid="game-frame"]').locator('body')).toContainText('100,00');
    await shoot('games-transfer-frame');
  });
});
