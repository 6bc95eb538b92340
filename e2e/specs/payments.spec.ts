import { approveAsOperator, ledgerCheck, PAYMENT_PIN, registerPayingMember } from '../fixtures/payments.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

test.describe('payments', () => {
  test.beforeEach(async ({ page, context }, testInfo) => {
    await useReviewViewport(page, testInfo);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('deposits by PIX through the sandbox, withdraws after an operator approves, confirms receipt', async ({ page, shoot }) => {
    const member = await registerPayingMember();
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toContainText('0,00');

    // PIX only from and to the member's own account: name and CPF first, in the security centre.
    await open(page, '/member?tab=depositv2');
    await page.getByTestId('deposit-amount').fill('50');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-error')).toBeVisible();
    await open(page, '/member?tab=securityCenter');
    await page.getByTestId('identity-name').fill('Maria da Silva Teste');
    await page.getByTestId('identity-cpf').fill('111.111.111-11');
    await page.getByTestId('identity-birthday').fill('1990-05-17');
    await page.getByTestId('identity-submit').click();
    await expect(page.getByTestId('identity-cpf-error')).toBeVisible();
    await page.getByTestId('identity-cpf').fill(member.cpf);
    await shoot('payments-identity-form');
    await page.getByTestId('identity-submit').click();
    await expect(page.getByTestId('identity-complete')).toBeVisible();
    await shoot('payments-identity-complete');

    // Deposit: a preset, then the charge with its QR code, copy-and-paste code and countdown.
    await open(page, '/member?tab=depositv2');
    await expect(page.getByTestId('deposit-form')).toBeVisible();
    await shoot('payments-deposit-form');
    await page.getByTestId('deposit-amount').fill('5');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-error')).toBeVisible();
    await page.getByTestId('deposit-preset').filter({ hasText: '100' }).first().click();
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-charge')).toBeVisible();
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    await expect(page.getByTestId('deposit-code')).toHaveValue(/^000201010212/);
    await expect(page.getByTestId('deposit-countdown')).toHaveText(/1[45]:\d\d/);
    await page.getByTestId('deposit-copy').click();
    await expect(page.getByTestId('deposit-copy-feedback')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^000201010212/);
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('payments-deposit-charge');

    // The sandbox payer pays; the webhook credits; the page and the header follow live.
    await page.getByTestId('deposit-sandbox-pay').click();
    await expect(page.getByTestId('deposit-success')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('balance')).toContainText('100,00');
    await shoot('payments-deposit-credited');

    // Withdrawal: a payout key in the member's own name, then a request held for review.
    await open(page, '/member?tab=withdraw');
    await expect(page.getByTestId('withdraw-panel')).toBeVisible();
    await page.getByTestId('payout-key-type').selectOption('cpf');
    await page.getByTestId('payout-key').fill(member.cpf);
    await page.getByTestId('payout-password').fill(member.password);
    await page.getByTestId('payout-save').click();
    await expect(page.getByTestId('payout-account-display')).toContainText('PIX CPF');
    await page.getByTestId('withdraw-amount').fill('40');
    await page.getByTestId('withdraw-password').fill(PAYMENT_PIN);
    await page.getByTestId('withdraw-submit').dblclick();
    const row = page.getByTestId('withdrawal-row').first();
    await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'reviewing');
    await expect(page.getByTestId('withdrawal-row')).toHaveCount(1);
    await expect(page.getByTestId('balance')).toContainText('60,00');
    // The demo's base VIP level (Bronze) allows R$ 5.000 a day: the request counts against it.
    await expect(page.getByTestId('withdraw-vip-daily-limit')).toHaveText('Limite diário do seu nível VIP: R$\u00a05.000,00 · restam hoje R$\u00a04.960,00');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('payments-withdraw-reviewing');

    // An operator approves through the back-office API; the sandbox pays; the row follows live.
    await approveAsOperator(member.account);
    await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
    await expect(row.getByTestId('receipt-confirmation')).toBeVisible();
    await shoot('payments-withdraw-paid');
    await row.getByTestId('receipt-received').click();
    await expect(row.getByTestId('withdrawal-receipt')).toBeVisible();
    await expect(row.getByTestId('receipt-confirmation')).toHaveCount(0);
    await shoot('payments-withdraw-received');

    expect(await ledgerCheck()).toMatch(/"ok": true/);
  });
});
