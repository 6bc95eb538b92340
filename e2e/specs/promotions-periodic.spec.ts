import path from 'node:path';
import { devices } from '@playwright/test';
import { api, apiLogin, registerMember, sql } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, consoleMenu, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/** Monday of the week before this one (São Paulo calendar): the last week the cashback can run. */
function lastWeeksMonday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7) - 7);
  return date.toISOString().slice(0, 10);
}

/**
 * Periodic rewards (issue 21): an operator sets the demo weekly cashback's rule in the promotion
 * editor, runs last week in the Runs screen, and the member who lost that week finds the cashback
 * in the reward centre. The member's rounds are played through the vendor API; only their time is
 * moved to last week (the facts' settled_at, the join and the demo promotion's start), as if they
 * had been played then.
 */
test.describe('periodic rewards', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await useReviewViewport(page, testInfo);
  });

  test('cashback rule, a run of last week, the reward in the reward centre', async ({ browser, page }, testInfo) => {
    test.setTimeout(150_000);
    const shot = (name: string) => path.join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}.png`);
    const promotions = await api<{ list: { id: string; type: string; title: string }[] }>('/api/promotions?language=pt');
    const cashback = promotions.list.find((promotion) => promotion.type === 'cashback')!;
    const monday = lastWeeksMonday();

    // A member joins the cashback and loses R$ 30 net on the demo vendor, last Wednesday.
    const member = await registerMember();
    const token = await apiLogin(member);
    await api(`/api/promotions/${cashback.id}/join`, { method: 'POST', token });
    await fund(member.account, '100.00');
    await playVendorRounds(member, [
      { bet: '20.00', win: '0.00' },
      { bet: '20.00', win: '10.00' },
    ]);
    const [row] = await sql<{ id: string }>('select id::text as id from accounts_member where account = $1', [member.account]);
    const wednesday = `${monday}T15:00:00Z`;
    await sql(`update agents_bet_fact set settled_at = $2::timestamptz + interval '2 days' where member_id = $1`, [row!.id, wednesday]);
    await sql(`update promotions_participation set created_at = $2::timestamptz - interval '7 days' where member_id = $1`, [row!.id, wednesday]);
    // The demo promotion was created with the installation: as if it had run for three weeks.
    await sql(`update promotions_promotion set starts_at = now() - interval '21 days' where id = $1 and starts_at > now() - interval '21 days'`, [cashback.id]);

    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const operator = await context.newPage();
    try {
      await resetDemoOwnerTwoFactor();
      const admin = await consoleLogin(operator, await demoOwner());

      // The rule, inside the promotion editor.
      await consoleMenu(operator, 'menu-promotions');
      await operator.getByTestId(`promotion-edit-${cashback.id}`).click();
      const panel = operator.getByTestId('periodic-panel');
      await expect(panel).toContainText('Cashback semanal');
      await panel.getByTestId('periodic-cashback-percent').fill('10');
      await panel.getByTestId('periodic-min-net-loss').fill('5,00');
      await panel.getByTestId('periodic-save').click();
      await expect(panel.getByTestId('periodic-saved')).toContainText('Salva por admin');
      await panel.scrollIntoViewIfNeeded();
      await operator.screenshot({ path: shot('console-periodic-cashback') });
      await operator.keyboard.press('Escape');

      // A rebate promotion's rates (a new promotion; the rule once it is saved).
      await operator.getByTestId('promotion-new').click();
      await operator.getByTestId('promotion-type').selectOption('rebate');
      await expect(operator.getByTestId('periodic-panel')).toContainText('Salve a promoção primeiro');
      await operator.getByTestId('promotion-title-pt').fill('Rebate diário');
      await operator.getByTestId('promotion-title-en').fill('Daily rebate');
      await operator.getByTestId('promotion-save').click();
      await expect(operator.getByTestId('promotion-editor')).toHaveCount(0);
      await operator.locator('tr', { hasText: 'Rebate diário' }).first().getByRole('button', { name: 'Editar' }).click();
      const rates = operator.getByTestId('periodic-panel');
      for (const [type, percent] of [['live', '0,8'], ['slots', '1'], ['sports', '0,6'], ['lottery', '0,5'], ['pvp', '0,4'], ['fish', '1']] as const) {
        await rates.getByTestId(`periodic-rate-0-${type}`).fill(percent);
      }
      await rates.getByTestId('periodic-add-level').click();
      await rates.getByTestId('periodic-rate-1-slots').fill('1,5');
      await rates.getByTestId('periodic-save').click();
      await expect(rates.getByTestId('periodic-saved')).toContainText('Salva por admin');
      await expect(rates.getByTestId('periodic-rate-0-live')).toHaveValue('0.8');
      await rates.scrollIntoViewIfNeeded();
      await operator.screenshot({ path: shot('console-periodic-rebate') });
      await operator.keyboard.press('Escape');

      // The Runs screen: last week of the cashback, run by hand (the hourly job would have too).
      await consoleMenu(operator, 'menu-promotion-runs');
      await operator.getByTestId('runs-promotion').selectOption(cashback.id);
      await expect(operator.getByTestId('run-period')).toHaveValue(monday);
      await operator.getByTestId('run-start').click();
      await operator.getByTestId('run-confirm').click();
      const table = operator.getByTestId('periodic-runs');
      await expect(table.locator('[data-testid^="run-status-"]').first()).toHaveText('Concluída', { timeout: 30_000 });
      await expect(table.locator('[data-testid^="run-members-"]').first()).not.toHaveText('0');
      expect(await horizontalOverflow(operator)).toBe(0);
      await operator.screenshot({ path: shot('console-periodic-runs') });

      // Running the same week again pays nobody twice.
      await table.locator('[data-testid^="run-again-"]').first().click();
      await operator.getByTestId('run-confirm').click();
      await expect(table.locator('[data-testid^="run-status-"]')).toHaveCount(2);
      await expect(table.locator('[data-testid^="run-status-"]').first()).toHaveText('Concluída', { timeout: 30_000 });
      await expect(table.locator('[data-testid^="run-members-"]').first()).toHaveText('0');
      await expect(table.locator('[data-testid^="run-total-"]').first()).toContainText('0,00');

      // In English: the same report.
      await operator.getByTestId('language-select').selectOption('en');
      await expect(operator.getByTestId('periodic-runs-page')).toContainText('Rebate and cashback runs');
      await expect(table.locator('[data-testid^="run-status-"]').first()).toHaveText('Finished');
      await operator.screenshot({ path: shot('console-periodic-runs-en') });

      // The same screens on a phone (the console's own layout: the menu behind its button).
      const phone = await browser.newContext({ ...devices['Pixel 7'] });
      try {
        const onPhone = await phone.newPage();
        await consoleLogin(onPhone, admin);
        await consoleMenu(onPhone, 'menu-promotion-runs');
        await onPhone.getByTestId('runs-promotion').selectOption(cashback.id);
        await expect(onPhone.getByTestId('periodic-runs').locator('[data-testid^="run-status-"]')).toHaveCount(2);
        expect(await horizontalOverflow(onPhone)).toBe(0);
        await onPhone.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-periodic-runs-phone.png') });
        await consoleMenu(onPhone, 'menu-promotions');
        await onPhone.locator('tr', { hasText: 'Rebate diário' }).first().getByRole('button', { name: 'Editar' }).click();
        const panel = onPhone.getByTestId('periodic-panel');
        await expect(panel.getByTestId('periodic-rate-1-slots')).toHaveValue('1.5');
        await panel.getByTestId('periodic-rates').scrollIntoViewIfNeeded();
        await onPhone.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-periodic-rebate-phone.png') });
      } finally {
        await phone.close();
      }
    } finally {
      await context.close();
    }

    // The member's cashback: 10 % of the R$ 30 net loss, claimable in the reward centre.
    const centre = await api<{ claimable: { title: string; amount: string }[] }>('/api/rewards?language=pt', { token });
    expect(centre.claimable).toContainEqual(expect.objectContaining({ title: cashback.title, amount: '3.00' }));
  });
});
