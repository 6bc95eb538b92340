import { api, apiLogin } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { operatorCli } from '../fixtures/operator-cli.ts';
import { ledgerCheck, PAYMENT_PIN, registerPayingMember } from '../fixtures/payments.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/** Bonus money (issue 21): a grant with 10× wagering, slot rounds that release it, and a withdrawal that forfeits open wagering only after the member confirms. */
const grantBonus = (account: string, amount: string, multiple: string) => operatorCli('bonus', 'grant', '--account', account, '--amount', amount, '--multiple', multiple, '--days', '7');

async function payingMemberWithCash(cash: string) {
  const member = await registerPayingMember();
  const token = await apiLogin(member);
  await api('/api/member/identity', { method: 'PUT', token, body: { payeeName: 'Ana Bônus Teste', cpf: member.cpf, birthday: '1991-04-12' } });
  await api('/api/payments/payout-account', { method: 'PUT', token, body: { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password } });
  await fund(member.account, cash);
  return member;
}

test.describe('bonus money', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await useReviewViewport(page, testInfo);
  });

  test('a 10× grant shows its progress, slot rounds release it as cash', { tag: '@phone' }, async ({ page, shoot }) => {
    const member = await payingMemberWithCash('50.00');
    await grantBonus(member.account, '2.00', '10');
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 15_000 });
    await open(page, '/member?tab=bonusDetails');
    await expect(page.getByTestId('bonus-balance')).toContainText('2,00');
    await expect(page.getByTestId('bonus-rule')).toContainText('Suas apostas usam primeiro o saldo em dinheiro');
    const grant = page.getByTestId('bonus-grant').first();
    await expect(grant.getByTestId('bonus-grant-status')).toHaveText('Em andamento');
    await expect(grant.getByTestId('bonus-grant-progress')).toContainText('R$ 0,00 de R$ 20,00');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('bonus-details-open');

    // Slots count 100 %: R$ 8 of R$ 20 after two rounds, then the rest releases the bonus.
    await playVendorRounds(member, [{ bet: '4.00', win: '0.00' }, { bet: '4.00', win: '1.00' }]);
    await expect(grant.getByTestId('bonus-grant-progress')).toContainText('R$ 8,00 de R$ 20,00', { timeout: 10_000 });
    await shoot('bonus-details-progress');
    await playVendorRounds(member, [{ bet: '6.00', win: '0.00' }, { bet: '6.00', win: '2.00' }]);
    await expect(grant.getByTestId('bonus-grant-status')).toHaveText('Liberado', { timeout: 10_000 });
    await expect(grant.getByTestId('bonus-grant-progress')).toContainText('R$ 20,00 de R$ 20,00');
    await expect(page.getByTestId('bonus-balance')).toContainText('0,00');
    await shoot('bonus-details-converted');
    // 50 − 20 staked + 3 won + 2 released.
    await open(page, '/member?tab=transferFund');
    await expect(page.getByTestId('wallet-bonus-balance')).toContainText('0,00');
    await expect(page.getByTestId('balance')).toContainText('35,00');

    // The same page in English.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await open(page, '/member?tab=bonusDetails');
    await expect(page.getByTestId('bonus-rule')).toContainText('Your bets spend your cash balance first');
    await expect(page.getByTestId('bonus-grant').first().getByTestId('bonus-grant-status')).toHaveText('Released');
    await shoot('bonus-details-en');
  });

  test('a withdrawal with open wagering warns, and forfeits only after confirmation', async ({ page, shoot }) => {
    const member = await payingMemberWithCash('100.00');
    await grantBonus(member.account, '15.00', '10');
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 15_000 });
    await open(page, '/member?tab=withdraw');
    await expect(page.getByTestId('withdraw-bonus-warning')).toContainText('R$ 15,00');
    await page.getByTestId('withdraw-amount').fill('30');
    await page.getByTestId('withdraw-password').fill(PAYMENT_PIN);
    await page.getByTestId('withdraw-submit').click();
    const dialog = page.getByTestId('withdraw-bonus-confirm');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('R$ 150,00');
    await shoot('bonus-withdraw-confirm');
    // Keeping the bonus sends nothing.
    await dialog.getByTestId('confirm-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('withdraw-success')).toHaveCount(0);

    await page.getByTestId('withdraw-submit').click();
    await dialog.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('withdraw-success')).toBeVisible();
    await expect(page.getByTestId('withdraw-bonus-warning')).toHaveCount(0);
    await open(page, '/member?tab=bonusDetails');
    await expect(page.getByTestId('bonus-grant').first().getByTestId('bonus-grant-status')).toHaveText('Cancelado no saque');
    await expect(page.getByTestId('bonus-balance')).toContainText('0,00');
    await shoot('bonus-details-forfeited');

    // The operator console lists the grant with its wagering and how it closed.
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, await demoOwner());
    await page.goto('/admin/bonus-grants');
    await page.getByTestId('bonus-grants-account').fill(member.account);
    await page.getByTestId('bonus-grants-search').click();
    const row = page.getByTestId('bonus-grants').getByRole('row').filter({ hasText: member.account });
    await expect(row).toContainText('Cancelado no saque');
    await expect(row).toContainText('R$ 150,00');
    await shoot('bonus-console-grants');

    // A manual grant is only proposed here: a second operator approves it (bonus-withdrawal.test.ts covers the approval).
    await page.getByTestId('bonus-grant-open').click();
    await page.getByTestId('bonus-grant-account').fill(member.account);
    await page.getByTestId('bonus-grant-amount').fill('5,00');
    await page.getByTestId('bonus-grant-reason').fill('Compensação por instabilidade');
    await shoot('bonus-console-grant-dialog');
    await page.getByTestId('bonus-grant-send').click();
    await expect(page.getByTestId('bonus-grant-sent')).toBeVisible();
    // Every bonus journal balanced: the ledger's invariants hold.
    await ledgerCheck();
  });
});
