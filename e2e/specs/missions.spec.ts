import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { consoleLogin, demoOwner, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { registerMember } from '../fixtures/accounts.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * Missions and the sign-in check-in (issue 22). An operator creates a daily mission in the console
 * ("play 1 game", R$ 2,00 bonus at 1×) and looks at the check-in reward table (the demo's: 5 points
 * on day 1); a visitor reaching for the check-in is asked to log in; a member checks in from the
 * side menu (streak day 1), plays one slot round, sees the
 * mission completed and the unread badge, claims it with a double click (one bonus, in bonus
 * details), and appears on the mission leaderboard with a masked name; the same tab in English.
 * Desktop project only; the phone layouts are screenshots at 412×915 taken here.
 */
test.describe.configure({ timeout: 240_000 });

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1366, height: 800 };

/** The screenshot for review, beside the suite's own. */
async function snap(page: Page, name: string) {
  for (const dir of [SCREENSHOT_DIR, '/tmp/helper-missions-web-shots']) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `missions-${name}.png`) });
  }
}

/** Until the page has taken its new size: no transition (the side menu's) running. */
async function settled(page: Page) {
  // Transitions only: the home page has endless animations (the banner's), which never finish.
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'), undefined, { timeout: 15_000 });
}

/** The same screen at a phone's size (nothing sticking out sideways), then back. */
async function snapPhone(page: Page, name: string, focus?: Locator) {
  await page.setViewportSize(PHONE);
  const menu = page.getByTestId('side-menu');
  if ((await menu.count()) > 0) await expect(menu).toHaveAttribute('data-state', 'collapsed');
  await settled(page);
  await focus?.scrollIntoViewIfNeeded();
  await expect.poll(() => horizontalOverflow(page)).toBe(0);
  await snap(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await settled(page);
}

/** kernel maskName, as the leaderboard shows every name. */
const masked = (name: string) => `${name.slice(0, 2)}***${name.at(-1)}`;

test.describe('missions and the sign-in check-in', () => {
  test('an operator creates a daily mission; a member checks in, completes it by playing, claims it once and appears on the leaderboard', async ({ page, browser }) => {
    const tag = randomUUID().slice(0, 6);
    const titlePt = `Jogue 1 partida ${tag}`;
    const titleEn = `Play 1 game ${tag}`;

    // The operator creates the mission in the console (a field checked before sending first).
    const operator = await browser.newPage({ viewport: DESKTOP });
    await resetDemoOwnerTwoFactor();
    await consoleLogin(operator, await demoOwner());
    await operator.goto('/admin/missions');
    await expect(operator.getByTestId('missions-page')).toBeVisible();
    await operator.getByTestId('mission-new').click();
    const editor = operator.getByTestId('mission-editor');
    await operator.getByTestId('mission-titlePt').fill(titlePt);
    await operator.getByTestId('mission-titleEn').fill(titleEn);
    await operator.getByTestId('mission-goal').selectOption('games_played');
    await operator.getByTestId('mission-target').fill('0');
    await operator.getByTestId('mission-rewardAmount').fill('2');
    await editor.getByTestId('mission-save').click();
    await expect(operator.getByTestId('mission-target-error')).toHaveText('Informe uma meta válida.');
    await snap(operator, 'console-editor-refused');
    await operator.getByTestId('mission-target').fill('1');
    await editor.getByTestId('mission-save').click();
    await expect(editor).toBeHidden();
    const row = operator.getByTestId('missions').getByRole('row').filter({ hasText: titlePt });
    await expect(row).toContainText('Partidas jogadas: 1');
    await expect(row).toContainText('Bônus de R$ 2,00 (rollover 1×)');
    await expect(row).toContainText('Ativa');
    await snap(operator, 'console-list');
    await snapPhone(operator, 'console-list');
    await operator.getByTestId('mission-new').click();
    await operator.getByTestId('mission-kind').selectOption('one_off');
    await snap(operator, 'console-editor-one-off');
    await operator.keyboard.press('Escape');
    // The check-in reward table the member is about to see (the demo's).
    await operator.goto('/admin/missions-checkin');
    await expect(operator.getByTestId('checkin-enabled')).toHaveText('Ligado');
    await expect(operator.getByTestId('checkin-amount-1')).toHaveValue('5');
    await expect(operator.getByTestId('checkin-kind-7')).toHaveValue('bonus');
    await snap(operator, 'console-checkin');
    await snapPhone(operator, 'console-checkin');
    await operator.close();

    // A visitor who reaches for the check-in is asked to log in.
    await page.setViewportSize(DESKTOP);
    await open(page, '/');
    await page.getByTestId('side-checkin').click();
    await expect(page.getByTestId('modal-login')).toBeVisible();
    await expect(page.getByTestId('checkin-modal')).toHaveCount(0);

    const member = await registerMember();
    await fund(member.account, '50.00');
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 30_000 });

    // The sign-in check-in from the side menu: seven days, day 1 today, then done.
    await page.getByTestId('side-checkin').click();
    const panel = page.getByTestId('checkin-modal').getByTestId('checkin-panel');
    await expect(panel.getByTestId('checkin-streak')).toHaveText('Sequência atual: 0 dias');
    await expect(panel.getByTestId('checkin-day-1')).toHaveAttribute('data-state', 'today');
    await expect(panel.getByTestId('checkin-day-1')).toHaveAttribute('aria-label', 'Dia 1: 5 pontos (hoje)');
    await expect(panel.getByTestId('checkin-day-7')).toHaveAttribute('aria-label', /^Dia 7: Bônus de R\$\s5,00 \(rollover 5×\) \(próximo\)$/);
    await expect(panel.getByTestId('checkin-today-note')).toHaveText('Hoje: dia 1 da sequência, 5 pontos.');
    await snap(page, 'checkin-before');
    await snapPhone(page, 'checkin-before');
    await panel.getByTestId('checkin-submit').click();
    await expect(panel.getByTestId('checkin-message')).toHaveText('Check-in feito! Dia 1 da sequência: 5 pontos.');
    await expect(panel.getByTestId('checkin-streak')).toHaveText('Sequência atual: 1 dia');
    await expect(panel.getByTestId('checkin-day-1')).toHaveAttribute('data-state', 'done');
    await expect(panel.getByTestId('checkin-submit')).toBeDisabled();
    await expect(panel.getByTestId('checkin-submit')).toHaveText('Check-in de hoje feito');
    await snap(page, 'checkin-done');
    await snapPhone(page, 'checkin-done');
    await page.getByTestId('checkin-modal').getByRole('button', { name: 'Fechar' }).click();

    // One slot round completes the mission; the member centre shows the unread badge on Missões.
    await playVendorRounds(member, [{ bet: '10.00', win: '0.00' }]);
    await open(page, '/member?tab=securityCenter');
    const missionsTab = page.getByRole('link', { name: /^Missões/ });
    await expect(async () => {
      await page.reload();
      await expect(missionsTab.getByTestId('missions-badge')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 90_000 });
    await snap(page, 'badge');
    await missionsTab.click();
    const card = page.getByTestId('missions-tab').getByRole('listitem').filter({ hasText: titlePt });
    await expect(card).toHaveAttribute('data-status', 'completed');
    await expect(missionsTab.getByTestId('missions-badge')).toBeHidden();
    await expect(card).toContainText('1 de 1 · 100%');
    await expect(card).toContainText('Recompensa: Bônus de R$ 2,00 (rollover 1×)');
    await snap(page, 'tab-completed');
    await snapPhone(page, 'tab-completed', card);

    // A double click claims once: one request, one payment.
    const claims: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/missions\/\d+\/claim/.test(request.url())) claims.push(request.url());
    });
    await card.getByRole('button', { name: 'Resgatar' }).dblclick();
    await expect(page.getByTestId('mission-message')).toHaveText('Recompensa resgatada: Bônus de R$ 2,00 (rollover 1×).');
    expect(claims).toHaveLength(1);
    await expect(card).toHaveAttribute('data-status', 'claimed');
    await expect(card).toContainText('Resgatada em');
    await expect(card.getByRole('button')).toHaveCount(0);
    await snap(page, 'tab-claimed');

    // The leaderboard: today, the member's masked name on their own row and their rank.
    const board = page.getByTestId('mission-leaderboard');
    await board.scrollIntoViewIfNeeded();
    const mine = board.locator('tr[aria-current="true"]');
    await expect(mine).toContainText(masked(member.account));
    await expect(mine).toContainText('Você');
    await expect(page.getByTestId('mission-board-me')).toHaveText(/^Sua posição: \d+º · \d+ miss(ão concluída|ões concluídas)$/);
    expect(await board.textContent()).not.toContain(member.account);
    await snap(page, 'leaderboard');
    await page.getByTestId('mission-board-month').click();
    await expect(board.locator('tr[aria-current="true"]')).toContainText(masked(member.account));
    await snapPhone(page, 'leaderboard', board);

    // The reward is bonus money, paid once: one grant of R$ 2,00 in bonus details.
    await open(page, '/member?tab=bonusDetails');
    await expect(page.getByTestId('bonus-grant')).toHaveCount(1);
    await expect(page.getByTestId('bonus-grant').first()).toContainText('R$ 2,00');
    await snap(page, 'bonus-details');

    // The same tab in English.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await open(page, '/member?tab=missionLeaderboard');
    await expect(page.getByTestId('missions-section-daily').getByRole('heading')).toHaveText('Daily tasks');
    const cardEn = page.getByTestId('missions-tab').getByRole('listitem').filter({ hasText: titleEn });
    await expect(cardEn).toHaveAttribute('data-status', 'claimed');
    await expect(cardEn).toContainText('Reward: R$ 2.00 bonus (1× wagering)');
    await expect(cardEn).toContainText('Claimed on');
    await expect(page.getByTestId('mission-board-me')).toHaveText(/^Your rank: #\d+ · \d+ missions? completed$/);
    await snap(page, 'tab-en');
    await snapPhone(page, 'tab-en');
    await page.getByTestId('side-checkin').click();
    await expect(page.getByTestId('checkin-modal').getByTestId('checkin-streak')).toHaveText('Current streak: 1 day');
    await expect(page.getByTestId('checkin-modal').getByTestId('checkin-submit')).toHaveText("Today's check-in is done");
    await snap(page, 'checkin-en');
  });
});
