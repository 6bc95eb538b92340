import { registerMember } from '../fixtures/accounts.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

test.describe('crash', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('a member bets on a live round, cashes out, finds it in the betting record and verifies it', async ({ page, shoot }) => {
    test.setTimeout(240_000);
    const member = await registerMember();
    await fund(member.account, '20.00');
    await logIn(page, member.account, member.password);
    // The session is stored once the balance shows: only then may the page be reloaded.
    await expect(page.getByTestId('balance')).toContainText('20,00');

    await open(page, '/crash?vassalage=HOUSE');
    await expect(page.getByTestId('game-card').filter({ hasText: 'Crash' }).first()).toBeVisible();
    await open(page, '/seamless?vendor=HOUSE&gameCode=crash');
    await expect(page.getByTestId('crash-screen')).toBeVisible();
    await expect(page.getByTestId('crash-history')).toBeVisible();

    // A round can crash before anyone could cash out (about 2 % crash at 1.00×): then try the next one.
    let cashedOut = false;
    for (let attempt = 0; attempt < 4 && !cashedOut; attempt += 1) {
      await expect(page.getByTestId('crash-phase')).toHaveAttribute('data-phase', 'betting', { timeout: 120_000 });
      await page.getByTestId('crash-amount').fill('1,00');
      if (attempt === 0) await shoot('crash-betting');
      await page.getByTestId('crash-bet-button').click();
      await expect(page.getByTestId('crash-bet-status')).toHaveAttribute('data-status', 'placed');
      await expect(page.getByTestId('crash-player').filter({ has: page.getByText(/Você/) })).toHaveCount(1);
      const cashOut = page.getByTestId('crash-cashout-button');
      await expect(page.getByTestId('crash-phase')).toHaveAttribute('data-phase', /running|crashed/, { timeout: 30_000 });
      if ((await cashOut.isVisible()) && (await cashOut.isEnabled())) {
        // The button's text follows the multiplier every frame. On a loaded machine Playwright
        // once waited for it to hold still until the round had crashed and then retried on the
        // next round's screen until the test timed out: a click that has not landed in 10 s
        // leaves this round to end as it will, and the loop tries the next one.
        await cashOut.click({ timeout: 10_000 }).catch(() => undefined);
        await expect(page.getByTestId('crash-bet-status')).toHaveAttribute('data-status', /cashed|lost/, { timeout: 120_000 });
      }
      cashedOut = (await page.getByTestId('crash-bet-status').getAttribute('data-status')) === 'cashed';
      if (cashedOut) {
        await expect(page.getByTestId('crash-stage-cashed')).toBeVisible();
        expect(await horizontalOverflow(page)).toBe(0);
        await shoot('crash-cashed');
      }
      await expect(page.getByTestId('crash-phase')).toHaveAttribute('data-phase', 'crashed', { timeout: 120_000 });
    }
    expect(cashedOut, 'cashed out in one of four rounds').toBe(true);
    await shoot('crash-crashed');

    // The round in the betting record, with its detail, and verified from its hash and the published salt.
    await open(page, '/member?tab=personalHistoryCopy');
    await expect(page.getByTestId('betting-row').first()).toContainText('Crash');
    await page.getByTestId('round-details').first().click();
    await expect(page.getByTestId('round-detail-content')).toHaveAttribute('data-kind', 'crash');
    await expect(page.getByTestId('crash-detail-cashout')).toBeVisible();
    await shoot('crash-round-detail');
    await page.getByTestId('round-verify-link').click();
    await expect(page.getByTestId('crash-verify-result')).toHaveAttribute('data-valid', 'true', { timeout: 15_000 });
    await expect(page.getByTestId('crash-verify-match')).toHaveAttribute('data-match', 'true');
    await expect(page.getByTestId('crash-verify-previous')).toHaveAttribute('data-match', 'true');
    await shoot('crash-verified');
  });
});
