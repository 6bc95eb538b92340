import path from 'node:path';
import type { Page } from '@playwright/test';
import { api, registerMember, sql } from '../fixtures/accounts.ts';
import { consoleLogin, consoleMenu, memberWithWithdrawal, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { findGames } from '../fixtures/games.ts';
import { expect, logIn, open, SCREENSHOT_DIR, test, withoutSitePopups } from '../fixtures/site.ts';

/** The console's session token of a page (to set state up or clean it through the API). */
const consoleToken = async (page: Page) => (await page.evaluate(() => sessionStorage.getItem('backoffice.token'))) ?? '';

/** Audit rows of an action on a target written since a moment (what this journey did, whatever ran before). */
async function auditCountSince(since: Date, action: string, targetId: string): Promise<number> {
  const rows = await sql<{ count: string }>('select count(*) from backoffice_audit where action = $1 and target_id = $2 and created_at >= $3', [action, targetId, since]);
  return Number(rows[0]?.count);
}

/** Searches the audit log in the console and answers the matching rows. */
async function auditRows(page: Page, action: string, target: string) {
  await consoleMenu(page, 'menu-audit');
  await page.getByTestId('audit-action').fill(action);
  await page.getByTestId('audit-target').fill(target);
  await page.getByTestId('audit-search').click();
  return page.getByTestId('audit').locator('tbody tr');
}

/**
 * The operator console in Chromium: the demo owner's first login (password, two-factor
 * enrolment), the withdrawal queue (approve one; the member's withdrawal is paid), the audit log
 * finding the approval, and a support operator who may not touch payments.
 */
test.describe('operator console', () => {
  test('an owner logs in with TOTP, approves a withdrawal and finds it in the audit log', { tag: '@phone' }, async ({ page, shoot }) => {
    test.setTimeout(90_000);
    const member = await memberWithWithdrawal('40.00');
    await resetDemoOwnerTwoFactor();

    await page.goto('/admin/');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await shoot('admin-login');
    // A wrong password: a translated error, no session.
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('Usuário ou senha incorretos');

    const owner = await consoleLogin(page, { username: 'admin', password: 'Admin@1234' }, { shoot });
    await expect(page.getByTestId('operator-name')).toContainText('Proprietário');

    // The queue: the member's withdrawal waits, with its SLA timer.
    await consoleMenu(page, 'menu-payments-withdrawals');
    await page.getByTestId('withdrawals-member').fill(member.account);
    const row = page.getByTestId(`withdrawals-row-${member.withdrawal.id}`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId(`sla-${member.withdrawal.id}`)).toContainText('min');
    await shoot('admin-withdrawals');
    // Double click on approve, then confirm: one approval.
    await page.getByTestId(`approve-${member.withdrawal.id}`).dblclick();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('withdrawals-empty')).toBeVisible();
    await expect
      .poll(async () => (await api<{ content: { status: string }[] }>('/api/payments/withdrawals', { token: member.token })).content[0]?.status, { timeout: 20_000 })
      .toBe('paid');

    // The audit log has the approval, by this operator, with the amount.
    await consoleMenu(page, 'menu-audit');
    await page.getByTestId('audit-action').fill('payments.withdrawal');
    await page.getByTestId('audit-target').fill(`withdrawal:${member.withdrawal.id}`);
    await page.getByTestId('audit-search').click();
    const entries = page.getByTestId('audit').locator('tbody tr');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('payments.withdrawal.approve');
    await expect(entries.first()).toContainText(owner.username);
    await page.getByTestId('audit-verify').click();
    await expect(page.getByTestId('audit-verify-result')).toContainText('Cadeia íntegra');
    await shoot('admin-audit');
    const approvals = await sql<{ count: string }>("select count(*) from backoffice_audit where action = 'payments.withdrawal.approve' and target_id = $1", [member.withdrawal.id]);
    expect(approvals[0]?.count).toBe('1');
  });

  test('a support operator sees no payments and the server refuses them', async ({ browser, page, shoot }) => {
    test.setTimeout(90_000);
    await resetDemoOwnerTwoFactor();
    const owner = await consoleLogin(page, { username: 'admin', password: 'Admin@1234' });
    await consoleMenu(page, 'menu-operators');
    const username = `sup${Date.now().toString(36)}`;
    const form = page.getByTestId('operator-create');
    await form.getByLabel('Usuário').fill(username);
    await form.getByLabel('Nome').fill('Suporte Teste');
    await form.getByRole('combobox').selectOption('support');
    await form.getByRole('button').click();
    const temporary = (await page.getByTestId('operator-temporary-password').locator('code').textContent()) ?? '';
    expect(temporary).toHaveLength(25);
    await shoot('admin-operators');
    expect(owner.username).toBe('admin');

    // The support operator's first login: enrolment, then their own password before anything else.
    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const support = await context.newPage();
    await consoleLogin(support, { username, password: temporary });
    await expect(support.getByTestId('change-password-form')).toBeVisible();
    await support.getByTestId('password-current').fill(temporary);
    await support.getByTestId('password-new').fill('short');
    await support.getByTestId('password-repeat').fill('short');
    await support.getByTestId('password-submit').click();
    await expect(support.getByTestId('password-error')).toContainText('12 a 128');
    await support.getByTestId('password-new').fill('Suporte-Forte-2026');
    await support.getByTestId('password-repeat').fill('Suporte-Forte-2026');
    await support.getByTestId('password-submit').click();
    await expect(support.getByTestId('operator-name')).toContainText('Suporte');
    await expect(support.getByTestId('menu-payments-withdrawals')).toHaveCount(0);
    await support.goto('/admin/payments/withdrawals');
    await expect(support.getByTestId('forbidden-page')).toBeVisible();
    // Past the console: the API itself refuses support a payment decision.
    const token = await support.evaluate(() => sessionStorage.getItem('backoffice.token'));
    const refused = await fetch(new URL('/api/backoffice/payments/withdrawals/1/approve', support.url()), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('backoffice.forbidden');
    await context.close();
  });

  test('vendor maintenance from the console: players are offered other games at once, and again the vendor once lifted', async ({ browser, page, shoot }) => {
    test.setTimeout(120_000);
    const startedAt = new Date();
    const [game] = await findGames({ gameType: 'RNG', vassalage: 'WW' });
    if (!game) throw new Error('the demo catalogue has no BGS (WW) game');
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, { username: 'admin', password: 'Admin@1234' });
    const token = await consoleToken(page);
    try {
      await consoleMenu(page, 'menu-catalogue-vendors');
      const maintenance = page.getByTestId('vendor-maintenance-WW');
      await expect(maintenance).not.toBeChecked();
      await maintenance.click();
      await expect(maintenance).toBeChecked();
      await shoot('admin-vendors');

      // A player, in another browser, meets the maintenance with alternatives of the same type.
      const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
      await withoutSitePopups(context);
      const player = await context.newPage();
      const member = await registerMember();
      await logIn(player, member.account, member.password);
      await expect(player.getByTestId('user-menu')).toBeVisible();
      await open(player, '/rng?vassalage=WW');
      await expect(player.getByTestId('vendor-maintenance-notice')).toBeVisible();
      await player.locator(`[data-testid="game-card"][data-node-id="${game.nodeId}"]`).getByTestId('game-start').click();
      const dialog = player.getByTestId('maintenance-dialog');
      await expect(dialog.getByTestId('game-card').first()).toBeVisible();
      await context.close();

      await maintenance.click();
      await expect(maintenance).not.toBeChecked();
      const rows = await auditRows(page, 'catalogue.vendor.update', 'catalogue_vendor:WW');
      await expect(rows.first()).toContainText('admin');
      await shoot('admin-audit-vendor');
      expect(await auditCountSince(startedAt, 'catalogue.vendor.update', 'WW')).toBe(2);
    } finally {
      // Other journeys play BGS: whatever happened above, it leaves maintenance.
      await api('/api/backoffice/catalogue/vendors/WW', { method: 'PATCH', token, body: { maintenance: false } });
    }
  });

  test('a banner edited in the console shows on the home page without a restart', async ({ browser, page, shoot }) => {
    test.setTimeout(90_000);
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, { username: 'admin', password: 'Admin@1234' });
    const startedAt = new Date();
    await consoleMenu(page, 'menu-content-banners');
    const row = page.locator('[data-testid^="content-row-"]').filter({ hasText: 'pt' }).first();
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('content-row-', '');
    await page.getByTestId(`content-edit-${id}`).click();
    const title = `Banner do console ${Date.now().toString(36)}`;
    await page.getByTestId('content-field-title').fill(title);
    await shoot('admin-banner-edit');
    await page.getByTestId('content-save').click();
    await expect(page.getByTestId(`content-row-${id}`)).toContainText(title);

    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const visitor = await context.newPage();
    await open(visitor, '/');
    await expect(visitor.getByTestId('banner-carousel').locator(`img[alt="${title}"]`)).toBeAttached();
    await context.close();
    const rows = await auditRows(page, 'content.banner.updated', `content_item:${id}`);
    await expect(rows.first()).toContainText('content.banner.updated');
    expect(await auditCountSince(startedAt, 'content.banner.updated', id)).toBe(1);
  });

  test('a balance adjustment needs a second operator: the maker cannot approve it, finance does, once', async ({ browser, page, shoot }) => {
    test.setTimeout(150_000);
    const member = await registerMember();
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, { username: 'admin', password: 'Admin@1234' });
    const ownerToken = await consoleToken(page);

    // The maker: the owner asks for R$ 25,50 on the member's page.
    await consoleMenu(page, 'menu-members');
    await page.getByTestId('members-search-input').fill(member.account);
    await page.getByTestId('members-search-submit').click();
    await page.locator('[data-testid^="member-link-"]').first().click();
    await expect(page.getByTestId('member-page')).toBeVisible();
    await page.getByTestId('member-adjust').click();
    await page.getByTestId('member-adjust-amount').fill('25,50');
    await page.getByTestId('member-adjust-reason').fill('Compensação de rodada interrompida');
    await page.getByTestId('member-adjust-submit').click();
    await expect(page.getByTestId('member-adjust-sent-text')).toContainText('R$ 25,50');
    await shoot('admin-adjustment-request');
    await page.getByTestId('member-adjust-sent').getByRole('button').last().click();
    await consoleMenu(page, 'menu-balance-adjustments');
    const ownRow = page.getByTestId('adjustments').locator('tbody tr', { hasText: member.account });
    await expect(ownRow).toHaveCount(1);
    await expect(ownRow.locator('[data-testid^="adjustment-approve-"]')).toHaveCount(0);

    // The checker: a finance operator created by the owner approves it in their own browser.
    const username = `fin${Date.now().toString(36)}`;
    const created = await api<{ temporaryPassword: string }>('/api/backoffice/operators', { method: 'POST', token: ownerToken, body: { username, displayName: 'Financeiro Teste', role: 'finance' } });
    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const finance = await context.newPage();
    await consoleLogin(finance, { username, password: created.temporaryPassword });
    await finance.getByTestId('password-current').fill(created.temporaryPassword);
    await finance.getByTestId('password-new').fill('Financeiro-Forte-2026');
    await finance.getByTestId('password-repeat').fill('Financeiro-Forte-2026');
    await finance.getByTestId('password-submit').click();
    await consoleMenu(finance, 'menu-balance-adjustments');
    const row = finance.getByTestId('adjustments').locator('tbody tr', { hasText: member.account });
    await row.locator('[data-testid^="adjustment-approve-"]').click();
    await finance.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-adjustment-approve-${test.info().project.name}.png`) });
    await finance.getByTestId('adjustment-approve-dialog').getByTestId('confirm-ok').click();
    await expect(row.locator('[data-testid^="adjustment-approve-"]')).toHaveCount(0);
    await context.close();

    // One journal, R$ 25,50 in the member's cash.
    const journals = await sql<{ count: string }>(
      "select count(*) from wallet_journal j join wallet_entry e on e.journal_id = j.id join wallet_account a on a.id = e.account_id join accounts_member m on m.id = a.member_id where j.type = 'adjustment' and j.idempotency_key like 'adjustment:request:%' and m.account = $1",
      [member.account],
    );
    expect(journals[0]?.count).toBe('1');
    const cash = await sql<{ balance: string }>("select a.balance::text as balance from wallet_account a join accounts_member m on m.id = a.member_id where m.account = $1 and a.pocket = 'cash'", [member.account]);
    expect(cash[0]?.balance).toBe('2550');
    const rows = await auditRows(page, 'wallet.adjustment', '');
    await expect(rows.filter({ hasText: 'wallet.adjustment.approve' }).filter({ hasText: username })).not.toHaveCount(0);
    await expect(rows.filter({ hasText: 'wallet.adjustment.request' })).not.toHaveCount(0);
  });
});
