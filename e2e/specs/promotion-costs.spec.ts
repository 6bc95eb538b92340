import path from 'node:path';
import type { Page } from '@playwright/test';
import { api, apiLogin, registerMember, sql, uniqueName } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, consoleMenu, resetDemoOwnerTwoFactor, setSetting } from '../fixtures/console.ts';
import { expect, logIn, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

const PHONE = { width: 412, height: 915 };

/**
 * Deposit match and the cost report (issue 21): an operator defines a deposit match in the
 * console (percent, first deposit only, days to claim) with the Brazil switch on; a member who
 * joined it has rewards — one claimed in cash, one claimed as bonus money, one left to expire —
 * and the console's cost report adds them up; the member's reward centre shows the expired one.
 * Desktop and phone widths in one run (the phone project runs the journeys that change shape).
 */
test.describe('promotion costs', () => {
  test.afterAll(async () => {
    await setSetting('promotions', { restrictedTypes: false });
  });

  test('deposit match in the editor, the cost report, and an expired reward in the reward centre', async ({ browser, page }) => {
    test.setTimeout(150_000);
    await setSetting('promotions', { restrictedTypes: true });
    const title = `Depósito em dobro ${uniqueName('')}`;

    const consoleContext = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const operator = await consoleContext.newPage();
    try {
      await resetDemoOwnerTwoFactor();
      await consoleLogin(operator, await demoOwner());
      await consoleMenu(operator, 'menu-promotions');
      await operator.getByTestId('promotion-new').click();
      await operator.getByTestId('promotion-type').selectOption('deposit_match');
      await expect(operator.getByTestId('promotion-restricted')).toHaveCount(0);
      await operator.getByTestId('promotion-title-pt').fill(title);
      await operator.getByTestId('promotion-title-en').fill('Double deposit');
      await operator.getByTestId('promotion-budget').fill('1000.00');
      await operator.getByTestId('promotion-memberCap').fill('100.00');
      await operator.getByTestId('promotion-amount').fill('50.00');
      await operator.getByTestId('promotion-matchPercent').fill('100');
      await operator.getByTestId('promotion-rewardExpiryDays').fill('15');
      await expect(operator.getByTestId('promotion-firstDepositOnly')).toBeChecked();
      await operator.getByTestId('promotion-matchPercent').scrollIntoViewIfNeeded();
      await operator.screenshot({ path: shot('console-deposit-match-editor', 'desktop') });
      await operator.setViewportSize(PHONE);
      await operator.getByTestId('promotion-matchPercent').scrollIntoViewIfNeeded();
      await operator.screenshot({ path: shot('console-deposit-match-editor', 'phone') });
      await operator.setViewportSize({ width: 1366, height: 800 });
      await operator.getByTestId('promotion-save').click();
      await expect(operator.getByTestId('promotion-editor')).toHaveCount(0);
      await expect(operator.getByTestId('promotions-page')).toContainText(title);

      const [promotion] = await sql<{ id: string; deposit_match: unknown; reward_expiry_days: number }>("select id::text, deposit_match, reward_expiry_days from promotions_promotion where texts->'pt'->>'title' = $1", [title]);
      expect(promotion!.deposit_match).toEqual({ percent: 100, firstDepositOnly: true });
      expect(promotion!.reward_expiry_days).toBe(15);

      // A member joins; three rewards are issued (as deposits would), two claimed, one left to expire.
      const member = await registerMember();
      const token = await apiLogin(member);
      await api(`/api/promotions/${promotion!.id}/join`, { method: 'POST', token });
      const [{ id: memberId } = { id: '' }] = await sql<{ id: string }>('select id::text from accounts_member where account = $1', [member.account]);
      const issue = async (key: string, kind: 'cash' | 'bonus', amount: number) => {
        const [row] = await sql<{ id: string }>(
          `insert into promotions_reward (promotion_id, member_id, source_key, kind, amount, wagering_multiple, expiry_days, expires_at)
           values ($1, $2, $3, $4, $5, $6, $7, now() + interval '15 days') returning id::text`,
          [promotion!.id, memberId, `deposit:${promotion!.id}:e2e-${key}-${memberId}`, kind, amount, kind === 'bonus' ? 5 : null, kind === 'bonus' ? 7 : null],
        );
        return row!.id;
      };
      const cash = await issue('cash', 'cash', 2000);
      const bonus = await issue('bonus', 'bonus', 3000);
      const lapsed = await issue('lapsed', 'cash', 1500);
      await issue('waiting', 'cash', 1000);
      await api(`/api/rewards/${cash}/claim`, { method: 'POST', token });
      await api(`/api/rewards/${bonus}/claim`, { method: 'POST', token });
      // Fifteen days pass for one of them: the expiry job's work.
      await sql(`update promotions_reward set issued_at = now() - interval '16 days', expires_at = now() - interval '1 day', status = 'expired', expired_at = now() where id = $1`, [lapsed]);

      await operator.reload();
      const report = operator.getByTestId('promotion-costs');
      const row = report.getByTestId(`promotion-costs-table-row-${promotion!.id}`);
      await expect(row).toContainText(title);
      await expect(row.getByTestId('cost-issued')).toHaveText('4 · R$ 75,00');
      await expect(row.getByTestId('cost-claimed')).toHaveText('2 · R$ 50,00');
      await expect(row.getByTestId('cost-expired')).toHaveText('1 · R$ 15,00');
      await expect(row.getByTestId('cost-cashPaid')).toHaveText('R$ 20,00');
      await expect(row.getByTestId('cost-bonusGranted')).toHaveText('R$ 30,00');
      await expect(row.getByTestId('cost-bonusOpen')).toHaveText('R$ 30,00');
      await expect(row.getByTestId('cost-netCost')).toHaveText('R$ 20,00');
      // The heading at the top, below the console's sticky bar.
      await report.getByRole('heading').evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 64));
      await operator.screenshot({ path: shot('console-cost-report', 'desktop') });
      // At a phone's width, from a fresh load (the desktop menu does not linger as an open drawer).
      await operator.setViewportSize(PHONE);
      await operator.reload();
      await row.scrollIntoViewIfNeeded();
      expect(await horizontalOverflow(operator)).toBe(0);
      await operator.screenshot({ path: shot('console-cost-report', 'phone') });
      await switchConsoleToEnglish(operator);
      await expect(report).toContainText('Cost per promotion');
      await row.scrollIntoViewIfNeeded();
      await operator.screenshot({ path: shot('console-cost-report-en', 'phone') });

      // The member's reward centre: one to claim (by when), the history with the expired one.
      await logIn(page, member.account, member.password);
      // The account loads after the login (slow on a busy machine).
      await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
      // The promotion's card states the match; the member has joined it.
      await open(page, `/promotions#${promotion!.id}`);
      const card = page.getByTestId(`promotion-${promotion!.id}`);
      await expect(card).toContainText('100% do primeiro depósito, até R$ 50,00');
      await expect(page.getByTestId(`promotion-${promotion!.id}-state`)).toHaveText('Recompensa pronta');
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('promotion-deposit-match-card', 'desktop') });
      await open(page, '/member?tab=rewardCenter');
      const centre = page.getByTestId('reward-centre');
      await expect(centre.locator('[data-testid^="reward-expires-"]')).toHaveCount(1);
      const expired = page.getByTestId(`reward-history-${lapsed}`);
      await expect(expired).toContainText('Expirada');
      await expect(expired).toContainText('Expirou em');
      await expired.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('reward-centre-expired', 'desktop') });
      await page.setViewportSize(PHONE);
      await open(page, '/member?tab=rewardCenter');
      await expired.scrollIntoViewIfNeeded();
      expect(await horizontalOverflow(page)).toBe(0);
      await page.screenshot({ path: shot('reward-centre-expired', 'phone') });
      const refused = await fetch(new URL(`/api/rewards/${lapsed}/claim`, page.url()), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('promotions.reward_expired');
    } finally {
      await consoleContext.close();
    }
  });
});

async function switchConsoleToEnglish(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const select = page.getByTestId('language-select');
  if (await select.isVisible()) {
    await select.selectOption('en');
    return;
  }
  const toggle = page.getByTestId('menu-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await page.getByTestId('language-select').selectOption('en');
  await page.keyboard.press('Escape');
}

function shot(name: string, viewport: 'desktop' | 'phone'): string {
  return path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
}
