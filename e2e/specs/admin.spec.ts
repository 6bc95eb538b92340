import { api, sql } from '../fixtures/accounts.ts';
import { consoleLogin, consoleMenu, memberWithWithdrawal, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { expect, test } from '../fixtures/site.ts';

/**
 * The operator console in Chromium: the demo owner's first login (password, two-factor
 * enrolment), the withdrawal queue (approve one; the member's withdrawal is paid), the audit log
 * finding the approval, and a support operator who may not touch payments.
 */
test.describe('operator console', () => {
  test('an owner logs in with TOTP, approves a withdrawal and finds it in the audit log', async ({ page, shoot }) => {
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
});
