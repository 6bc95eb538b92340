import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { api, apiLogin, registerMember, sql } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, creditMember, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { isPhone } from '../fixtures/games.ts';
import { PAYMENT_PIN } from '../fixtures/payments.ts';
import { expect, logIn, open, SCREENSHOT_DIR, test, withoutSitePopups } from '../fixtures/site.ts';

/**
 * Cool-off, self-exclusion and barred persons (issue 27): a member takes a 24-hour cool-off in one
 * browser and is logged out in the other too, then refused at login with the neutral text; an
 * operator imports a barred CPF in the console and that member's account is closed by the steps
 * (neutral text, withdraw-only path). PT on the desktop, EN on the phone.
 */
test.describe.configure({ timeout: 120_000 });

async function english(target: Page | BrowserContext) {
  await target.addInitScript(() => localStorage.setItem('lang', 'en'));
}

/** A member with money, a payment password and a PIX key (their own CPF), all through the API. */
async function memberWithBalance(amount = '100.00') {
  const member = await registerMember();
  const [row] = await sql<{ cpf: string }>('select cpf from accounts_member where account = $1', [member.account]);
  const token = await apiLogin(member);
  await api('/api/member/payment-password', { method: 'PUT', token, body: { password: member.password, paymentPassword: PAYMENT_PIN } });
  await api('/api/payments/payout-account', { method: 'PUT', token, body: { account: { kind: 'pix', keyType: 'cpf', key: row!.cpf }, password: member.password } });
  await creditMember(member.account, amount);
  // Identity already verified (issue 27's KYC: the first withdrawal needs it), as payments-fixture.ts writes it.
  await sql("insert into kyc_verification (member_id, document_type, status, provider, provider_decision, reviewed_at) select id, 'rg', 'verified', 'fixture', 'approve', now() from accounts_member where account = $1", [member.account]);
  return { ...member, cpf: row!.cpf };
}

async function secondBrowser(page: Page, browser: Browser, en: boolean) {
  const context = await browser.newContext(en ? { ...devices['Pixel 7'] } : { viewport: page.viewportSize() ?? undefined });
  await withoutSitePopups(context);
  if (en) await english(context);
  return context;
}

test('a 24-hour cool-off logs the member out everywhere; a barred CPF closes an account and leaves only the withdrawal', { tag: '@phone' }, async ({ page, browser, shoot }, testInfo) => {
  const en = isPhone(testInfo);
  if (en) await english(page);
  const neutral = en ? 'This account cannot be logged in to. Please contact support.' : 'Não foi possível entrar nesta conta. Fale com o suporte.';

  // ---- cool-off: two browsers logged in, the break taken in the first ----
  const member = await memberWithBalance();
  await logIn(page, member.account, member.password);
  await expect(page.getByTestId('balance')).toBeVisible({ timeout: 30_000 });
  const other = await secondBrowser(page, browser, en);
  const otherPage = await other.newPage();
  try {
    await logIn(otherPage, member.account, member.password);
    await expect(otherPage.getByTestId('balance')).toBeVisible({ timeout: 30_000 });

    await open(page, '/exclusion');
    await expect(page.getByTestId('exclusion-page')).toBeVisible();
    await expect(page.getByTestId('self-exclusion-service-link')).toHaveAttribute('href', 'https://www.gov.br/autoexclusaoapostas');
    await shoot('exclusion-page');
    await page.getByTestId('cooloff-period').selectOption('24h');
    await page.getByTestId('cooloff-password').fill(member.password);
    await page.getByTestId('cooloff-submit').click();
    await expect(page.getByTestId('cooloff-confirm')).toBeVisible();
    await shoot('exclusion-confirm');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('withdraw-balance-page')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('withdraw-taken')).toContainText(en ? 'Break in force until' : 'Pausa ativa até');
    await expect(page.getByTestId('login-button')).toBeVisible();
    await shoot('exclusion-taken');

    // The other browser is logged out too (its session ended on the server).
    await otherPage.reload();
    await expect(otherPage.getByTestId('login-button')).toBeVisible({ timeout: 15_000 });
    await logIn(otherPage, member.account, member.password);
    await expect(otherPage.getByTestId('login-error')).toHaveText(neutral);
    await expect(otherPage.getByTestId('login-withdraw-balance')).toBeVisible();
    await otherPage.screenshot({ path: `${SCREENSHOT_DIR}/exclusion-login-refused-${testInfo.project.name}.png` });
  } finally {
    await other.close();
  }

  // ---- barred: the operator imports the CPF of a member who is logged in ----
  const barred = await memberWithBalance('80.00');
  const memberContext = await secondBrowser(page, browser, en);
  const memberPage = await memberContext.newPage();
  try {
    await logIn(memberPage, barred.account, barred.password);
    await expect(memberPage.getByTestId('balance')).toBeVisible({ timeout: 30_000 });

    await resetDemoOwnerTwoFactor();
    const consoleContext = await browser.newContext(en ? { ...devices['Pixel 7'] } : { viewport: page.viewportSize() ?? undefined });
    const consolePage = await consoleContext.newPage();
    try {
      await consoleLogin(consolePage, await demoOwner());
      await consolePage.goto('/admin/rg/barred');
      await expect(consolePage.getByTestId('exclusion-admin-barred')).toBeVisible();
      const formatted = `${barred.cpf.slice(0, 3)}.${barred.cpf.slice(3, 6)}.${barred.cpf.slice(6, 9)}-${barred.cpf.slice(9)}`;
      await consolePage.getByTestId('barred-text').fill(`cpf\n${formatted}\n111.111.111-11\n${barred.cpf}`);
      await consolePage.getByTestId('barred-import').click();
      await expect(consolePage.getByTestId('barred-result')).toContainText(/1 (aceitos|accepted), 1 (inválidos|invalid), 1 (repetidos|duplicates); 1 (contas encerradas|accounts closed)/);
      await expect(consolePage.getByTestId(`barred-notices-${barred.account}`)).toContainText(/Mensagem na plataforma|Platform message/);
      await consolePage.screenshot({ path: `${SCREENSHOT_DIR}/exclusion-console-barred-${testInfo.project.name}.png`, fullPage: true });
      await consolePage.goto('/admin/rg/exclusions');
      await expect(consolePage.getByTestId('exclusion-admin-list')).toContainText(barred.account);
      await consolePage.screenshot({ path: `${SCREENSHOT_DIR}/exclusion-console-list-${testInfo.project.name}.png`, fullPage: true });
    } finally {
      await consoleContext.close();
    }

    // The member: logged out, refused with the neutral text, and can take the balance out.
    await memberPage.reload();
    await expect(memberPage.getByTestId('login-button')).toBeVisible({ timeout: 15_000 });
    await logIn(memberPage, barred.account, barred.password);
    await expect(memberPage.getByTestId('login-error')).toHaveText(neutral);
    await memberPage.getByTestId('login-withdraw-balance').click();
    await expect(memberPage.getByTestId('withdraw-balance-page')).toBeVisible();
    await memberPage.getByTestId('withdraw-account').fill(barred.account);
    await memberPage.getByTestId('withdraw-password').fill(barred.password);
    await memberPage.getByTestId('withdraw-continue').click();
    await expect(memberPage.getByTestId('withdraw-amount')).toContainText(/80[,.]00/);
    await expect(memberPage.getByTestId('withdraw-until')).toBeVisible();
    await memberPage.screenshot({ path: `${SCREENSHOT_DIR}/exclusion-withdraw-${testInfo.project.name}.png`, fullPage: true });
    await memberPage.getByTestId('withdraw-pin').fill(PAYMENT_PIN);
    await memberPage.getByTestId('withdraw-submit').click();
    await expect(memberPage.getByTestId('withdraw-done')).toBeVisible({ timeout: 15_000 });
    await memberPage.screenshot({ path: `${SCREENSHOT_DIR}/exclusion-withdraw-done-${testInfo.project.name}.png`, fullPage: true });
    const withdrawals = await sql<{ amount: string }>('select amount::text from payments_withdrawal w join accounts_member m on m.id = w.member_id where m.account = $1', [barred.account]);
    expect(withdrawals).toEqual([{ amount: '8000' }]);
  } finally {
    await memberContext.close();
  }
});
