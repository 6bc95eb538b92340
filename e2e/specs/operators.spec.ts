import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { api, sql } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, consoleMenu, resetDemoOwnerTwoFactor, type ConsoleOperator } from '../fixtures/console.ts';
import { expect, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { base32Decode, totp } from '../../apps/server/src/platform/security/totp.ts';

const consoleToken = async (page: Page) => (await page.evaluate(() => sessionStorage.getItem('backoffice.token'))) ?? '';

/**
 * An operator created by the owner through the API, past its forced password change (set aside
 * here: operator creation has its own journey in admin.spec.ts), logged in in a browser context
 * of its own; enrolled in two-factor on that first login.
 */
async function operatorInOwnBrowser(browser: Browser, owner: Page, role: string): Promise<{ page: Page; operator: ConsoleOperator; close: () => Promise<void> }> {
  const username = `${role.slice(0, 3)}${Date.now().toString(36)}`;
  const created = await api<{ temporaryPassword: string }>('/api/backoffice/operators', { method: 'POST', token: await consoleToken(owner), body: { username, displayName: `Teste ${role}`, role } });
  await sql('update backoffice_operator set must_change_password = false where username = $1', [username]);
  const context = await browser.newContext({ viewport: owner.viewportSize() ?? undefined });
  const page = await context.newPage();
  const operator = await consoleLogin(page, { username, password: created.temporaryPassword });
  return { page, operator, close: () => context.close() };
}

/** The operators page's row of a username (a table row on a desktop, a card on a phone). */
const rowActions = (page: Page, username: string) => page.getByTestId(`operator-actions-${username}`);

/** The authenticator's code of the next 30-second step after `afterStep` (each step works once). */
async function codeAfter(secret: Buffer, afterStep: number): Promise<string> {
  while (Math.floor(Date.now() / 30_000) <= afterStep) await new Promise((resolve) => setTimeout(resolve, 500));
  return totp(secret, { timeMs: Date.now() });
}

/**
 * Operator lifecycle in the console: an owner disables an operator who is logged in elsewhere
 * (logged out at their next navigation, with a message, and refused at login), re-enables them;
 * resets another's password and two-factor, and that operator completes the one-time link and
 * logs in with the new password and the new key.
 */
test.describe('operator lifecycle', () => {
  test('an owner disables a logged-in operator, who is logged out at once, then re-enables them', async ({ browser, page, shoot }) => {
    test.setTimeout(120_000);
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, await demoOwner());
    const support = await operatorInOwnBrowser(browser, page, 'support');
    try {
      await consoleMenu(page, 'menu-operators');
      const actions = rowActions(page, support.operator.username);
      await expect(actions).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot('operators-page');
      await actions.getByTestId('operator-status').click();
      await expect(page.getByTestId('operator-status-dialog')).toContainText('sai na hora de todas as sessões');
      await shoot('operators-disable-dialog');
      await page.getByTestId('operator-status-confirm').dblclick();
      await expect(page.getByTestId('operator-status-dialog')).toHaveCount(0);
      await expect(actions.getByTestId('operator-status')).toHaveText('Reativar');

      // The disabled operator's next navigation: back at the login, told the session ended.
      await support.page.reload();
      await expect(support.page.getByTestId('login-form')).toContainText('Sua sessão foi encerrada');
      await support.page.getByTestId('login-username').fill(support.operator.username);
      await support.page.getByTestId('login-password').fill(support.operator.password);
      await support.page.getByTestId('login-submit').click();
      await expect(support.page.getByTestId('login-error')).toContainText('desativada');
      const disabled = await sql<{ count: string }>("select count(*) from backoffice_audit a join backoffice_operator o on a.target_id = o.id::text where a.action = 'backoffice.operator.disabled' and o.username = $1", [support.operator.username]);
      expect(disabled[0]?.count).toBe('1');

      await actions.getByTestId('operator-status').click();
      await page.getByTestId('operator-status-confirm').click();
      await expect(actions.getByTestId('operator-status')).toHaveText('Desativar');
      await consoleLogin(support.page, support.operator);
      await expect(support.page.getByTestId('operator-name')).toContainText('Teste support');
    } finally {
      await support.close();
    }
  });

  test("an owner resets an operator's password and two-factor; the operator completes the link and logs in anew", async ({ browser, page, shoot }, testInfo) => {
    test.setTimeout(150_000);
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, await demoOwner());
    const risk = await operatorInOwnBrowser(browser, page, 'risk');
    try {
      await consoleMenu(page, 'menu-operators');
      await rowActions(page, risk.operator.username).getByTestId('operator-reset').click();
      await page.getByTestId('operator-reset-confirm').click();
      const link = (await page.getByTestId('operator-reset-link').textContent()) ?? '';
      expect(link).toMatch(/\/admin\/reset#[A-Za-z0-9_-]{43}$/);
      await shoot('operators-reset-link');
      await page.getByTestId('operator-reset-done').click();

      // Logged out at once; the old password no longer opens anything.
      await risk.page.reload();
      await expect(risk.page.getByTestId('login-form')).toContainText('Sua sessão foi encerrada');

      await risk.page.goto(link);
      await expect(risk.page.getByTestId('reset-greeting')).toContainText(risk.operator.username);
      // The reset operator's own browser (the fixture's shoot takes the owner's page).
      await risk.page.screenshot({ path: path.join(SCREENSHOT_DIR, `operators-reset-page-${testInfo.project.name}.png`) });
      const password = 'Nova-Senha-Risco-2026';
      await risk.page.getByTestId('reset-password').fill('curta1');
      await risk.page.getByTestId('reset-repeat').fill('curta1');
      await risk.page.getByTestId('reset-submit').click();
      await expect(risk.page.getByTestId('reset-error')).toContainText('12 a 128');
      await risk.page.getByTestId('reset-password').fill(password);
      await risk.page.getByTestId('reset-repeat').fill(password);
      await risk.page.getByTestId('reset-submit').click();

      // The usual enrolment: a new key, the first code turns it on and opens the session.
      await expect(risk.page.getByTestId('enrol-secret')).toBeVisible();
      await risk.page.screenshot({ path: path.join(SCREENSHOT_DIR, `operators-reset-enrol-${testInfo.project.name}.png`) });
      const secret = base32Decode((await risk.page.getByTestId('enrol-secret').textContent()) ?? '');
      expect(secret.equals(risk.operator.secret)).toBe(false);
      await risk.page.getByTestId('enrol-saved').check();
      const step = Math.floor(Date.now() / 30_000);
      await risk.page.getByTestId('enrol-code').fill(totp(secret, { step }));
      await risk.page.getByTestId('enrol-submit').click();
      await expect(risk.page.getByTestId('operator-name')).toContainText('Teste risk');

      // The link works once.
      await risk.page.goto(link);
      await expect(risk.page.getByTestId('reset-link-error')).toContainText('já foi usado');

      // A fresh login with the new password and the new key's next code.
      await risk.page.goto('/admin/');
      await risk.page.getByTestId('logout').click();
      await risk.page.getByTestId('login-username').fill(risk.operator.username);
      await risk.page.getByTestId('login-password').fill(risk.operator.password);
      await risk.page.getByTestId('login-submit').click();
      await expect(risk.page.getByTestId('login-error')).toContainText('incorretos');
      await risk.page.getByTestId('login-password').fill(password);
      await risk.page.getByTestId('login-submit').click();
      await risk.page.getByTestId('login-code').fill(await codeAfter(secret, step));
      await risk.page.getByTestId('login-submit').click();
      await expect(risk.page.getByTestId('operator-name')).toContainText('Teste risk');
    } finally {
      await risk.close();
    }
  });
});
