import type { Page } from '@playwright/test';
import { registerMember } from '../fixtures/accounts.ts';
import { expect, logIn, test } from '../fixtures/site.ts';
import { apiLogIn, brl, cashCents, creditMember, headerCents, horizontalOverflow, setPaymentPassword, watchSocketAuth } from '../fixtures/wallet.ts';

const DEMO = { account: 'demo', password: 'Demo@1234', paymentPassword: '135790' };
const AGENT = { account: 'agent', password: 'Agent@1234', paymentPassword: '246801' };

/** Logs in through the modal and waits for the header balance, the sign the session is ready. */
async function logInAndWait(page: Page, account: string, password: string) {
  await logIn(page, account, password);
  await expect(page.getByTestId('balance')).toBeVisible();
}

/** Light theme from the start of a page load, so the screenshot catches no colour transition. */
async function useLightTheme(page: Page) {
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
}

test.describe('wallet', () => {
  test('the account record lists a credited adjustment and filters by type', async ({ page, shoot }) => {
    const member = await registerMember();
    await creditMember(member.account, '100.00', 'e2e credit');
    await logInAndWait(page, member.account, member.password);
    await page.goto('/member?tab=transactionHistory');

    const row = page.getByTestId('history-row').first();
    await expect(row).toContainText('Ajuste');
    await expect(row).toContainText('+R$ 100,00');
    await expect(row).toContainText('e2e credit');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('wallet-history');
    await useLightTheme(page);
    await expect(page.getByTestId('history-row').first()).toContainText('Ajuste');
    await shoot('wallet-history-light');

    await page.getByTestId('history-type-filter').selectOption('adjustment');
    await expect(page.getByTestId('history-row').first()).toContainText('Ajuste');
    await page.getByTestId('history-type-filter').selectOption('bet');
    await expect(page.getByTestId('history-empty')).toBeVisible();
    await expect(page.getByTestId('history-row')).toHaveCount(0);
    await shoot('wallet-history-empty');

    await page.getByTestId('history-type-filter').selectOption('all');
    await page.getByTestId('range-yesterday').click();
    await expect(page.getByTestId('history-empty')).toBeVisible();
    await page.getByTestId('range-today').click();
    await expect(page.getByTestId('history-row').first()).toContainText('Ajuste');
  });

  test('the header balance follows a credit live, without a reload', async ({ page, shoot }) => {
    const authConfirmations = watchSocketAuth(page);
    const member = await registerMember();
    await logInAndWait(page, member.account, member.password);
    await page.goto('/member?tab=transferFund');
    await expect(page.getByTestId('wallet-main-balance')).toBeVisible();
    // The push reaches this tab only once the server has bound its socket to the member.
    await expect.poll(authConfirmations).toBeGreaterThan(0);
    const before = await headerCents(page);

    await creditMember(member.account, '25.00', 'e2e live');
    const expected = `R$ ${brl(before + 2500n)}`;
    await expect(page.getByTestId('balance')).toHaveText(expected);
    await expect(page.getByTestId('wallet-main-balance')).toHaveText(expected);
    await shoot('wallet-live-balance');
  });

  test('transfers to the upline with the payment password; a wrong one is refused in words', async ({ page, shoot }) => {
    const token = await apiLogIn(DEMO.account, DEMO.password);
    await setPaymentPassword(token, DEMO.password, DEMO.paymentPassword);
    await logInAndWait(page, DEMO.account, DEMO.password);
    await page.goto('/member?tab=transferUpline');
    await expect(page.getByTestId('upline-account')).toHaveText(AGENT.account);

    const before = await cashCents(token);
    await page.getByTestId('transfer-amount').fill('1,00');
    await page.getByTestId('transfer-payment-password').fill('000000');
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-error')).toHaveText('Senha de pagamento incorreta');
    await shoot('wallet-transfer-error');
    expect(await cashCents(token)).toBe(before);

    await page.getByTestId('transfer-payment-password').fill(DEMO.paymentPassword);
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-success')).toContainText(`R$ ${brl(before - 100n)}`);
    await expect(page.getByTestId('transfer-error')).toBeHidden();
    expect(await cashCents(token)).toBe(before - 100n);
    await expect(page.getByTestId('balance')).toHaveText(`R$ ${brl(before - 100n)}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('wallet-transfer-success');
  });

  test('an agent sends money to a downline', async ({ page, shoot }) => {
    const agentToken = await apiLogIn(AGENT.account, AGENT.password);
    const demoToken = await apiLogIn(DEMO.account, DEMO.password);
    await setPaymentPassword(agentToken, AGENT.password, AGENT.paymentPassword);
    await logInAndWait(page, AGENT.account, AGENT.password);
    await page.goto('/member?tab=transferUpline');
    await page.getByTestId('transfer-to-downline').click();

    const [agentBefore, demoBefore] = await Promise.all([cashCents(agentToken), cashCents(demoToken)]);
    await page.getByTestId('downline-account').fill(DEMO.account);
    await page.getByTestId('transfer-amount').fill('2.50');
    await page.getByTestId('transfer-payment-password').fill(AGENT.paymentPassword);
    await shoot('wallet-downline-form');
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-success')).toContainText(`R$ ${brl(agentBefore - 250n)}`);
    expect(await cashCents(demoToken)).toBe(demoBefore + 250n);
  });

  test('the personal profit page shows the period totals', async ({ page, shoot }) => {
    await logInAndWait(page, DEMO.account, DEMO.password);
    await page.goto('/member?tab=personalProfit');
    await expect(page.getByTestId('profit-total-net')).toBeVisible();
    await expect(page.getByTestId('range-last7')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('range-last30').click();
    await expect(page.getByTestId('profit-total-net')).toContainText('R$');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('wallet-profit');
  });

  test('the wallet page shows the main balance and explains the empty vendor list', async ({ page, shoot }) => {
    const token = await apiLogIn(DEMO.account, DEMO.password);
    await logInAndWait(page, DEMO.account, DEMO.password);
    await page.goto('/member?tab=transferFund');
    await expect(page.getByTestId('wallet-main-balance')).toHaveText(`R$ ${brl(await cashCents(token))}`);
    await expect(page.getByTestId('vendor-wallets-empty')).toContainText('modo de transferência');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('wallet-overview');
    await useLightTheme(page);
    await expect(page.getByTestId('vendor-wallets-empty')).toBeVisible();
    await shoot('wallet-overview-light');
  });
});
