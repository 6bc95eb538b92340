import type { Page } from '@playwright/test';
import { api, registerMember, sql, uniqueName } from '../fixtures/accounts.ts';
import path from 'node:path';
import { consoleLogin, demoOwner, consoleMenu, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { isPhone, useReviewViewport } from '../fixtures/games.ts';
import { expect, logIn, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { demoPromotion } from '../fixtures/promotions.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

const demoId = async (type: string) => (await demoPromotion(type)).id;

/** A promotion open now, straight into the table (the journey is about playing it, not defining it). */
async function livePromotion(type: 'red_envelope' | 'wheel', names: { pt: string; en: string }, shares: number | null): Promise<string> {
  const title = uniqueName(type === 'wheel' ? 'whl' : 'env');
  const text = (language: 'pt' | 'en') => ({ title: `${names[language]} ${title}`, summary: '', html: '', imageUrl: null });
  const [row] = await sql<{ id: string }>(
    `insert into promotions_promotion (type, starts_at, ends_at, eligibility, budget, member_cap, reward, texts, sort_order, updated_by, envelope_shares, idempotency_key)
     values ($1, now() - interval '1 hour', now() + interval '1 day', $2, 1000, 1000, '{"kind":"cash","amount":"0.01"}', $3, 50, 'e2e', $4, $5) returning id::text as id`,
    [type, JSON.stringify({ vipLevels: [], registeredFrom: null, registeredTo: null, newMembersOnly: false, onePerCpf: false, agentAccount: null, minDeposit: null, minValidBet: null }), JSON.stringify({ pt: text('pt'), en: text('en') }), shares, `e2e:${title}`],
  );
  return row!.id;
}

/** A red envelope open now (the demo one starts next week): R$ 10,00 in 5 shares. */
const liveEnvelope = () => livePromotion('red_envelope', { pt: 'Envelope vermelho', en: 'Red envelope' }, 5);

async function toSection(page: Page, id: string) {
  const section = page.getByTestId(`promotion-${id}`);
  await section.scrollIntoViewIfNeeded();
  return section;
}

/**
 * Prize games (issue 21): a member opens a red envelope, spins the prize wheel, cracks a golden
 * egg and enters the raffle — in Portuguese and in English, on desktop and phone. The server draws;
 * the animations end on what it drew, and each draw shows how it was drawn.
 */
test.describe('promotion games', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await useReviewViewport(page, testInfo);
  });

  for (const language of ['pt', 'en'] as const) {
    test(`red envelope, wheel, golden egg and raffle (${language})`, { tag: language === 'pt' ? '@phone' : [] }, async ({ page, shoot }) => {
      test.setTimeout(120_000);
      const words =
        language === 'pt'
          ? { grabbed: 'Você pegou um envelope', tickets: 'Você tem 1 bilhete', spin: 'Girar a roleta', how: 'Como foi sorteado', chances: 'Prêmios e chances', drawAt: 'Sorteio em', entered: '1 bilhete inscrito' }
          : { grabbed: 'You grabbed an envelope', tickets: 'You have 1 ticket', spin: 'Spin the wheel', how: 'How it was drawn', chances: 'Prizes and chances', drawAt: 'Draw on', entered: '1 ticket entered' };
      const [wheel, egg, raffle, envelope] = await Promise.all([demoId('wheel'), demoId('golden_egg'), demoId('raffle'), liveEnvelope()]);
      const member = await registerMember();
      await logIn(page, member.account, member.password);
      await expect(page.getByTestId('balance')).toBeVisible({ timeout: 60_000 });
      await open(page, '/promotions');
      if (language === 'en') {
        await page.getByTestId('language-select').selectOption('en');
        // The list is read again in English (its sections are drawn anew).
        await expect(page.getByTestId(`promotion-${wheel}`)).toContainText('Lucky wheel');
      }

      // The red envelope opens on the share the server gave, and the share is in the balance.
      let section = await toSection(page, envelope);
      await section.getByTestId(`promotion-${envelope}-action`).click();
      const opening = section.getByTestId('envelope-opening');
      await expect(opening).toContainText(words.grabbed);
      await page.waitForTimeout(1600);
      await opening.scrollIntoViewIfNeeded();
      await shoot(`games-envelope-${language}`);

      // The wheel: one free ticket; it spins and stops on the drawn number, then says what it was.
      section = await toSection(page, wheel);
      await expect(section.getByTestId(`game-${wheel}-tickets`)).toHaveText(words.tickets);
      await expect(section.getByTestId(`game-${wheel}-prizes`)).toContainText(words.chances);
      const disc = section.getByTestId(`wheel-${wheel}`);
      await disc.scrollIntoViewIfNeeded();
      await shoot(`games-wheel-${language}`);
      await section.getByTestId(`game-${wheel}-play`).dblclick();
      await expect(disc).toHaveAttribute('data-state', 'spinning');
      await page.waitForTimeout(1500);
      await shoot(`games-wheel-spinning-${language}`);
      await expect(disc).toHaveAttribute('data-state', 'done', { timeout: 10_000 });
      const result = section.getByTestId('game-result');
      await expect(result).toBeVisible();
      // One draw for the double click: the ticket is spent and the button waits for more.
      await expect(section.getByTestId(`game-${wheel}-tickets`)).toHaveAttribute('data-available', '0');
      await expect(section.getByTestId(`game-${wheel}-play`)).toBeDisabled();
      await result.getByText(words.how).click();
      const detail = result.getByTestId('draw-detail');
      await expect(detail.locator('[data-hit="true"]')).toHaveCount(1);
      // The pointer stands on the number drawn: rotation ≡ 360 − (value + ½) / total × 360.
      const drawn = await sql<{ random_value: number; total_weight: number }>(
        'select random_value, total_weight from promotions_game_draw where promotion_id = $1 and member_id = (select id from accounts_member where account = $2)',
        [wheel, member.account],
      );
      expect(drawn).toHaveLength(1);
      const { random_value: randomValue, total_weight: totalWeight } = drawn[0]!;
      const rotation = Number(await section.locator('.wheel__disc').getAttribute('data-rotation'));
      expect(Math.abs((((rotation % 360) + 360) % 360) - (360 - ((randomValue + 0.5) / totalWeight) * 360))).toBeLessThan(0.01);
      await expect(detail).toContainText(String(randomValue));
      await disc.scrollIntoViewIfNeeded();
      await shoot(`games-wheel-result-${language}`);

      // Golden eggs: tap one, it cracks on the prize; the others cannot be tapped after.
      section = await toSection(page, egg);
      await section.getByTestId(`egg-${egg}-2`).click();
      await expect(section.getByTestId('egg-prize')).toBeVisible();
      await expect(section.getByTestId('game-result')).toBeVisible({ timeout: 5_000 });
      await expect(section.getByTestId(`egg-${egg}-0`)).toBeDisabled();
      await section.getByTestId(`eggs-${egg}`).scrollIntoViewIfNeeded();
      await shoot(`games-eggs-${language}`);

      // The raffle: its draw time, entering the free ticket.
      section = await toSection(page, raffle);
      const card = section.getByTestId(`raffle-${raffle}`);
      await expect(card).toContainText(words.drawAt);
      const before = Number(await card.getByTestId(`raffle-${raffle}-total`).textContent());
      await card.getByTestId(`raffle-${raffle}-enter`).click();
      await expect(card).toContainText(words.entered);
      await expect(card.getByTestId(`raffle-${raffle}-entered`)).toHaveText('1');
      await expect(card.getByTestId(`raffle-${raffle}-total`)).toHaveText(String(before + 1));
      await expect(card.getByTestId(`raffle-${raffle}-enter`)).toBeDisabled();
      await card.scrollIntoViewIfNeeded();
      await shoot(`games-raffle-${language}`);

      // After a reload the wheel's play and how it was drawn are still there (the server keeps them).
      await page.reload();
      section = await toSection(page, wheel);
      const history = section.getByTestId(`game-${wheel}-history`);
      await history.locator('summary').first().click();
      await expect(history).toContainText(String(randomValue));
      await expect(history.locator('[data-hit="true"]')).toHaveCount(1);
      await history.scrollIntoViewIfNeeded();
      await shoot(`games-history-${language}`);
      expect(await horizontalOverflow(page)).toBe(0);
      if (language === 'en') await page.getByTestId('language-select').selectOption('pt');
    });
  }

  test('with reduced motion the wheel shows its result at once', { tag: '@phone' }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const wheel = await demoId('wheel');
    const member = await registerMember();
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 60_000 });
    await open(page, `/promotions#${wheel}`);
    const section = await toSection(page, wheel);
    await section.getByTestId(`game-${wheel}-play`).click();
    await expect(section.getByTestId(`wheel-${wheel}`)).toHaveAttribute('data-state', 'done', { timeout: 1_500 });
    await expect(section.getByTestId('game-result')).toBeVisible();
  });

  test('an operator publishes a wheel\'s prize table in the console', async ({ browser, page }, testInfo) => {
    test.skip(isPhone(testInfo), 'the console is a desktop tool; its phone layout is covered by admin.spec.ts');
    test.setTimeout(90_000);
    const wheel = await livePromotion('wheel', { pt: 'Roleta do operador', en: 'Operator wheel' }, null);
    const consoleContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const operator = await consoleContext.newPage();
    try {
      await resetDemoOwnerTwoFactor();
      await consoleLogin(operator, await demoOwner());
      await consoleMenu(operator, 'menu-promotions');
      await operator.getByTestId(`promotion-edit-${wheel}`).click();
      const panel = operator.getByTestId('games-panel');
      await expect(panel).toContainText('Ainda sem tabela publicada');
      await panel.getByLabel('Nome (PT) 1').fill('R$ 3');
      await panel.getByLabel('Nome (EN) 1').fill('R$ 3');
      await panel.getByLabel('Valor (R$) 1').fill('3.00');
      await panel.getByLabel('Peso 2').fill('3');
      await expect(panel.getByTestId('games-prize-0')).toContainText('25.00 %');
      await panel.getByTestId('games-save').click();
      await expect(panel).toContainText('Tabela publicada (versão 1)');
      await expect(operator.getByTestId('games-stats')).toContainText('Versão 1');
      await panel.scrollIntoViewIfNeeded();
      await operator.screenshot({ path: path.join(SCREENSHOT_DIR, `games-console-${testInfo.project.name}.png`) });
      // A prize above the member's cap (R$ 10,00) is refused, naming the field.
      await panel.getByLabel('Valor (R$) 1').fill('50.00');
      await panel.getByTestId('games-save').click();
      await expect(operator.getByTestId('games-save-error')).toBeVisible();
      await expect(panel).toContainText('Prêmio 1 › Valor (R$)');
    } finally {
      await consoleContext.close();
    }
    // The player's page publishes the table: chances and the numbers of each prize.
    const game = await api<{ version: number; prizes: { chance: string; from: number; to: number }[] }>(`/api/promotions/${wheel}/game?language=pt`);
    expect(game.version).toBe(1);
    expect(game.prizes.map((prize) => [prize.chance, prize.from, prize.to])).toEqual([['25.00', 0, 1], ['75.00', 1, 4]]);
  });
});
