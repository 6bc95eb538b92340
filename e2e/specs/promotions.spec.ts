import path from 'node:path';
import type { Page } from '@playwright/test';
import { registerMember } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, consoleMenu, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { expect, logIn, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { demoPromotion } from '../fixtures/promotions.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/** A 1×1 PNG: what a phone's screenshot of a win would be, as far as the server's sniffing goes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function scrollTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Promotions (issue 21): a member sees the promotions, joins one, applies to an application
 * promotion with two images; an operator approves it in the console; the member claims the
 * reward in the reward centre, once.
 */
test.describe('promotions', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await useReviewViewport(page, testInfo);
  });

  test('join, apply with two images, approval in the console, claim in the reward centre', async ({ browser, page, shoot }) => {
    test.setTimeout(150_000);
    const application = await demoPromotion('application');
    const cashback = await demoPromotion('cashback');
    const member = await registerMember();
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toBeVisible();

    // The list, each promotion with the member's state; #id scrolls to it.
    await open(page, `/promotions#${cashback.id}`);
    const cashbackCard = page.getByTestId(`promotion-${cashback.id}`);
    await expect(cashbackCard).toBeInViewport();
    await expect(page.getByTestId(`promotion-${application.id}-state`)).toHaveText('Disponível');
    await expect(page.locator('[data-state="coming_soon"]').first()).toContainText('Em breve');
    expect(await horizontalOverflow(page)).toBe(0);
    await scrollTop(page);
    await shoot('promotions-list');

    // Joining a join-type promotion records participation (cashback: computed at the period's end).
    await cashbackCard.getByTestId(`promotion-${cashback.id}-action`).click();
    await expect(page.getByTestId(`promotion-${cashback.id}-state`)).toHaveText('Em andamento');

    // The application: two images, a comment, sent.
    const card = page.getByTestId(`promotion-${application.id}`);
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('application-file').setInputFiles([
      { name: 'vitoria-1.png', mimeType: 'image/png', buffer: PNG },
      { name: 'vitoria-2.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(card.getByTestId('application-image')).toHaveCount(2);
    await card.getByTestId('application-comment').fill('Ganhei R$ 500 no Fortune Tiger!');
    await expect(card).toContainText('31/140');
    await card.scrollIntoViewIfNeeded();
    await shoot('promotions-application');
    await card.getByTestId('application-submit').dblclick();
    await expect(page.getByTestId(`promotion-${application.id}-state`)).toHaveText('Em análise');
    await expect(card).toContainText('Sua solicitação está em análise');

    // The operator approves it in the console.
    const consoleContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const operator = await consoleContext.newPage();
    try {
      await resetDemoOwnerTwoFactor();
      await consoleLogin(operator, await demoOwner());
      await consoleMenu(operator, 'menu-promotions');
      await expect(operator.getByTestId('promotions-page')).toContainText('Mostre sua vitória');
      await operator.screenshot({ path: shotPath('console-promotions') });
      await operator.getByTestId('promotion-new').click();
      await operator.getByTestId('promotion-title-pt').fill('Bônus de boas-vindas');
      await operator.getByTestId('promotion-type').selectOption('sign_up');
      await expect(operator.getByTestId('promotion-restricted')).toContainText('restritas pela regulamentação brasileira');
      await expect(operator.getByTestId('promotion-preview')).toContainText('Bônus de boas-vindas');
      await operator.getByTestId('promotion-type').scrollIntoViewIfNeeded();
      await operator.screenshot({ path: shotPath('console-promotion-editor') });
      await operator.getByTestId('promotion-save').click();
      // The English title is missing: the server names the field, in the editor's words.
      await expect(operator.getByTestId('promotion-field-problems')).toContainText('Inglês › Título');
      await operator.getByTestId('promotion-title-en').fill('Welcome bonus');
      await operator.getByTestId('promotion-save').click();
      await expect(operator.getByTestId('promotion-save-error')).toContainText('restritas pela regulamentação');
      await operator.keyboard.press('Escape');

      await consoleMenu(operator, 'menu-promotion-applications');
      const row = operator.locator('tr', { hasText: member.account });
      await expect(row.locator('[data-testid="application-thumb"] img')).toHaveCount(2);
      await expect(row).toContainText('Ganhei R$ 500 no Fortune Tiger!');
      await operator.evaluate(() => window.scrollTo(0, 0));
      await operator.screenshot({ path: shotPath('console-applications') });
      await row.getByRole('button', { name: 'Aprovar' }).click();
      await operator.getByTestId('application-approve-confirm').click();
      await expect(row).toHaveCount(0);
    } finally {
      await consoleContext.close();
    }

    // The member claims it in the reward centre: the badge, the claim, the history.
    await open(page, '/promotions');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('reward-badge')).toHaveText('1');
    await shoot('reward-badge');
    await page.keyboard.press('Escape');
    await open(page, '/member?tab=rewardCenter');
    const centre = page.getByTestId('reward-centre');
    await expect(centre).toContainText('Mostre sua vitória');
    await expect(centre).toContainText('R$ 20,00');
    await shoot('reward-centre');
    const claim = centre.locator('[data-testid^="reward-claim-"]').first();
    await claim.dblclick();
    await expect(page.getByTestId('reward-message')).toContainText('Resgatado: R$ 20,00');
    await expect(page.getByTestId('reward-history')).toContainText('Mostre sua vitória');
    await expect(centre).toContainText('Nenhuma recompensa para resgatar agora');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('reward-centre-claimed');
    await expect(page.getByTestId('balance')).toContainText('20,00');

    await open(page, `/promotions#${application.id}`);
    await expect(page.getByTestId(`promotion-${application.id}-state`)).toHaveText('Resgatada');

    // In English: the same states and texts, and the reward centre's history.
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.getByTestId(`promotion-${application.id}`)).toContainText('Show your win');
    await expect(page.getByTestId(`promotion-${application.id}-state`)).toHaveText('Claimed');
    await expect(page.getByTestId(`promotion-${cashback.id}-state`)).toHaveText('In progress');
    await scrollTop(page);
    await shoot('promotions-list-en');
    await open(page, '/member?tab=rewardCenter');
    await expect(page.getByTestId('reward-history')).toContainText('Show your win');
    await expect(page.getByTestId('reward-centre')).toContainText('No rewards to claim right now');
    await shoot('reward-centre-en');
    await page.getByTestId('language-select').selectOption('pt');
  });
});

/** The console page's screenshot, named like `shoot` names the member's (with the project). */
function shotPath(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}-${test.info().project.name}.png`);
}
