import path from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { api, sql } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, consoleMenu, resetDemoOwnerTwoFactor, type ConsoleOperator } from '../fixtures/console.ts';
import { expect, SCREENSHOT_DIR, test } from '../fixtures/site.ts';

const consoleToken = async (page: Page) => (await page.evaluate(() => sessionStorage.getItem('backoffice.token'))) ?? '';

/** A second owner, created by the first through the API, logged in (and enrolled) in a browser context of its own. */
async function secondOwner(browser: Browser, owner: Page): Promise<{ page: Page; operator: ConsoleOperator; close: () => Promise<void> }> {
  const username = `own${Date.now().toString(36)}`;
  const created = await api<{ temporaryPassword: string }>('/api/backoffice/operators', { method: 'POST', token: await consoleToken(owner), body: { username, displayName: 'Segunda Dona', role: 'owner' } });
  // The forced password change has its own journey (admin.spec.ts).
  await sql('update backoffice_operator set must_change_password = false where username = $1', [username]);
  const context = await browser.newContext({ viewport: owner.viewportSize() ?? undefined });
  const page = await context.newPage();
  const operator = await consoleLogin(page, { username, password: created.temporaryPassword });
  return { page, operator, close: () => context.close() };
}

const shootPage = (page: Page, name: string, testInfo: TestInfo) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}.png`), fullPage: false });

/**
 * Maker-checker in the console (issue 20): operator A proposes a vendor's wallet mode; the
 * vendor page says it awaits approval; A cannot approve its own request; operator B approves it
 * on the Approvals screen and the vendor's mode has changed.
 */
test.describe('approvals', () => {
  test('a second operator approves a vendor wallet-mode change the first proposed', async ({ browser, page, shoot }, testInfo) => {
    test.setTimeout(150_000);
    const code = `APR${Date.now().toString(36).toUpperCase()}`;
    await sql("insert into catalogue_vendor (code, display_name, game_types, sort_order, wallet_mode, is_demo) values ($1, 'Estúdio Aprovação', '{RNG}', 1, 'seamless', false)", [code]);
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, await demoOwner());
    const checker = await secondOwner(browser, page);
    try {
      // A proposes: the mode does not change yet; the page says a change awaits approval.
      await consoleMenu(page, 'menu-catalogue-vendors');
      await page.getByTestId(`vendor-wallet-mode-${code}`).selectOption('transfer');
      const dialog = page.getByTestId('vendor-mode-dialog');
      await expect(dialog).toContainText('quando outro operador aprovar');
      await expect(dialog.getByTestId('vendor-mode-dialog-send')).toBeDisabled();
      await dialog.getByTestId('vendor-mode-dialog-reason').fill('O estúdio passou a usar carteira própria');
      await shoot('approvals-propose-dialog');
      await dialog.getByTestId('vendor-mode-dialog-send').dblclick();
      await expect(page.getByTestId('vendor-mode-dialog-sent')).toContainText('outro operador');
      await page.getByTestId('vendor-mode-dialog-done').click();
      await expect(page.getByTestId('pending-approvals-catalogue.vendor_wallet_mode')).toContainText(`Estúdio Aprovação (${code}): modo de carteira de integrada para transferência`);
      await expect(page.getByTestId(`vendor-wallet-mode-${code}`)).toHaveValue('seamless');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot('approvals-vendor-pending');
      const requests = await sql<{ id: string; status: string }>("select id::text, status from backoffice_approval_request where kind = 'catalogue.vendor_wallet_mode' and target = $1", [code]);
      expect(requests).toHaveLength(1); // the double click proposed once
      const id = requests[0]!.id;

      // A cannot approve its own request.
      await consoleMenu(page, 'menu-approvals');
      await expect(page.getByTestId(`approval-change-${id}`)).toContainText(`Estúdio Aprovação (${code}): modo de carteira de integrada para transferência`);
      await expect(page.getByTestId(`approval-own-${id}`)).toHaveText('Seu pedido: outro operador decide');
      await expect(page.getByTestId(`approval-approve-${id}`)).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot('approvals-maker');

      // B approves it on the Approvals screen.
      await consoleMenu(checker.page, 'menu-approvals');
      await expect(checker.page.getByTestId(`approval-approve-${id}`)).toBeVisible();
      await checker.page.evaluate(() => window.scrollTo(0, 0));
      await shootPage(checker.page, 'approvals-page', testInfo);
      await checker.page.getByTestId(`approval-approve-${id}`).click();
      await expect(checker.page.getByTestId('approval-approve-dialog')).toContainText('O estúdio passou a usar carteira própria');
      await shootPage(checker.page, 'approvals-approve-dialog', testInfo);
      await checker.page.getByTestId('approval-approve-confirm').click();
      await expect(checker.page.getByTestId('approval-approve-dialog')).toHaveCount(0);
      await checker.page.getByTestId('approvals-status').selectOption('approved');
      await expect(checker.page.getByTestId(`approval-status-${id}`)).toHaveText('Aprovado');

      // The vendor's mode has changed, once, audited in the checker's name.
      const vendor = await sql<{ wallet_mode: string }>('select wallet_mode from catalogue_vendor where code = $1', [code]);
      expect(vendor[0]?.wallet_mode).toBe('transfer');
      const audits = await sql<{ username: string }>("select o.username from backoffice_audit a join backoffice_operator o on o.id = a.operator_id where a.action = 'catalogue.vendor.update' and a.target_id = $1", [code]);
      expect(audits).toEqual([{ username: checker.operator.username }]);
      // A's console (the list read when A last looked; the next read shows it).
      await consoleMenu(page, 'menu-catalogue-vendors');
      await page.reload();
      await expect(page.getByTestId(`vendor-wallet-mode-${code}`)).toHaveValue('transfer');
      await expect(page.getByTestId('pending-approvals-catalogue.vendor_wallet_mode').filter({ hasText: code })).toHaveCount(0);
    } finally {
      await checker.close();
    }
  });

  test('the payment limits and a settlement are proposed where they are changed, and wait for another operator', async ({ browser, page, shoot }, testInfo) => {
    test.setTimeout(150_000);
    // One pending request per kind and target: an earlier run's leftovers are closed first.
    await sql("update backoffice_approval_request set status = 'rejected', decided_by = 0, decided_by_name = 'e2e', decided_at = now() where status = 'pending' and kind in ('system.payment_limits', 'agents.settlement_period')");
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, await demoOwner());
    const checker = await secondOwner(browser, page);
    try {
      await consoleMenu(page, 'menu-settings-limits');
      const before = (await sql<{ value: unknown }>("select value from system_setting where key = 'payments'"))[0]?.value ?? null;
      await page.getByTestId('settings-limits-autoApproveUpTo').fill('123,45');
      await page.getByTestId('settings-reason-payments').fill('Aprovação automática de saques pequenos');
      await page.getByTestId('settings-save-payments').click();
      await expect(page.getByTestId('settings-proposed-payments')).toContainText('outro operador');
      await expect(page.getByTestId('settings-pending-payments')).toContainText('Aprovação automática de saques até: de');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot('approvals-limits-pending');
      expect((await sql<{ value: unknown }>("select value from system_setting where key = 'payments'"))[0]?.value ?? null).toEqual(before);

      await consoleMenu(page, 'menu-agents-settlements');
      await page.getByTestId('settle-open').click();
      await page.getByTestId('settle-at').fill('2025-03-10');
      await page.getByTestId('settle-dialog-reason').fill('O processo automático estava parado');
      await shoot('approvals-settle-dialog');
      await page.getByTestId('settle-dialog-send').click();
      await expect(page.getByTestId('settle-dialog-sent')).toBeVisible();
      await page.getByTestId('settle-dialog-done').click();
      await expect(page.getByTestId('pending-approvals-agents.settlement_period')).toContainText('Liquidar salário diário do período');
      await shoot('approvals-settlements-pending');

      // The other owner rejects the limits: nothing changes; the request says why.
      await consoleMenu(checker.page, 'menu-approvals');
      await checker.page.getByTestId('approvals-kind').selectOption('system.payment_limits');
      const id = (await sql<{ id: string }>("select id::text from backoffice_approval_request where kind = 'system.payment_limits' and status = 'pending'"))[0]!.id;
      await expect(checker.page.getByTestId(`approval-change-${id}`)).toContainText('Aprovação automática de saques até: de R$ 0,00 para R$ 123,45');
      await checker.page.getByTestId(`approval-reject-${id}`).click();
      const dialog = checker.page.getByTestId('approval-reject-dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('approval-reject-note').fill('Vamos manter a revisão manual');
      await expect(dialog.getByTestId('approval-reject-confirm')).toBeEnabled();
      await dialog.getByTestId('approval-reject-confirm').click();
      await expect(dialog).toHaveCount(0);
      await checker.page.getByTestId('approvals-status').selectOption('');
      await expect(checker.page.getByTestId(`approval-status-${id}`)).toHaveText('Rejeitado');
      await checker.page.evaluate(() => window.scrollTo(0, 0));
      await shootPage(checker.page, 'approvals-decided', testInfo);
      expect((await sql<{ value: unknown }>("select value from system_setting where key = 'payments'"))[0]?.value ?? null).toEqual(before);
    } finally {
      await checker.close();
    }
  });
});
