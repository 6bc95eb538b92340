import { randomUUID } from 'node:crypto';
import { api, apiLogin, sql } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { operatorCli } from '../fixtures/operator-cli.ts';
import { demoOperatorSession, ledgerCheck, PAYMENT_PIN, registerPayingMember } from '../fixtures/payments.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * Points and the points mall (issue 22): a member earns points from a PIX deposit (1 point per R$)
 * and from slot play (1 point per R$ of valid bet), sees each in points details, redeems a cash item
 * and a physical item with the payment password, converts points to cash; an operator approves the
 * cash redemption (R$ 5 paid) and rejects the other (its points come back); PT and EN.
 */
test.describe.configure({ timeout: 180_000 });

async function depositCredited(member: { account: string; password: string; cpf: string }, amount: string) {
  const token = await apiLogin(member);
  await api('/api/member/identity', { method: 'PUT', token, body: { payeeName: 'Paula Pontos Teste', cpf: member.cpf, birthday: '1990-03-15' } });
  const deposit = await api<{ id: string }>('/api/payments/deposits', { method: 'POST', token, body: { amount, requestId: randomUUID() } });
  await api(`/api/payments/deposits/${deposit.id}/sandbox-pay`, { method: 'POST', token, body: {} });
  await expect.poll(async () => (await sql<{ status: string }>('select status from payments_v_deposit where id = $1', [deposit.id]))[0]?.status, { timeout: 20_000 }).toBe('credited');
}

/** Mall items of this run (names unique, so earlier runs' items never match). */
async function createItems(tag: string) {
  const token = await demoOperatorSession();
  const base = { descriptionPt: '', descriptionEn: '', imageUrl: null, requirementKind: 'none', requirementAmount: '0.00', bonusWagering: 1, perMemberLimit: 2, active: true, sort: 0 };
  await api('/api/backoffice/points/items', { method: 'POST', token, body: { ...base, kind: 'cash', namePt: `Dinheiro R$ 5 ${tag}`, nameEn: `Cash R$ 5 ${tag}`, descriptionPt: 'Crédito de R$ 5,00 no saldo.', descriptionEn: 'R$ 5.00 credited to your balance.', pointsCost: '50', value: '5.00', stock: 10 } });
  await api('/api/backoffice/points/items', { method: 'POST', token, body: { ...base, kind: 'physical', namePt: `Camiseta ${tag}`, nameEn: `T-shirt ${tag}`, pointsCost: '30', value: '0.00', stock: 5, requirementKind: 'deposits', requirementAmount: '50.00' } });
}

test.describe('points mall', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await useReviewViewport(page, testInfo);
  });

  test('earn from a deposit and slot play, redeem and convert with the payment password; the operator approves one and rejects the other', async ({ page, shoot }, testInfo) => {
    const tag = `${testInfo.project.name}-${randomUUID().slice(0, 6)}`;
    await createItems(tag);
    const member = await registerPayingMember();
    await depositCredited(member, '100.00');
    await fund(member.account, '100.00');
    await playVendorRounds(member, [{ bet: '100.00', win: '0.00' }]);
    // The worker's job credits every second; a pass now makes the journey independent of its minute.
    await operatorCli('points', 'credit');

    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 60_000 });
    await open(page, '/pointMall');
    await expect(page.getByTestId('points-balance')).toHaveText('200');
    await expect(page.getByTestId('points-balance-totals')).toHaveText('Ganhos: 200 · Usados: 0');
    const cash = page.getByTestId('points-item').filter({ hasText: `Dinheiro R$ 5 ${tag}` });
    const shirt = page.getByTestId('points-item').filter({ hasText: `Camiseta ${tag}` });
    await expect(cash.getByTestId('points-item-cost')).toHaveText('50 pontos');
    await expect(shirt.getByTestId('points-item-requirement')).toHaveText('R$ 50,00 de R$ 50,00');
    expect(await horizontalOverflow(page)).toBe(0);
    await cash.scrollIntoViewIfNeeded();
    await shoot('points-mall');

    // Points details: the deposit and the slot round, each with its source.
    await page.getByRole('tab', { name: 'Detalhes dos pontos' }).click();
    const movements = page.getByTestId('points-movements');
    await expect(movements.locator('[data-source="deposit"]').getByTestId('points-movement-amount')).toHaveText('+100');
    await expect(movements.locator('[data-source="play"]').getByTestId('points-movement-amount')).toHaveText('+100');
    await shoot('points-details');

    // Redeem the cash item: a wrong payment password first, then the right one.
    await page.getByRole('tab', { name: 'Loja' }).click();
    await cash.getByTestId('points-item-redeem').click();
    const dialog = page.getByTestId('points-redeem-dialog');
    await dialog.getByTestId('points-redeem-pin-input').fill('000000');
    await dialog.getByTestId('points-redeem-submit').click();
    await expect(dialog.getByTestId('points-redeem-error')).toHaveText('Senha de pagamento incorreta');
    await dialog.getByTestId('points-redeem-pin-input').fill(PAYMENT_PIN);
    await shoot('points-redeem-dialog');
    await dialog.getByTestId('points-redeem-submit').click();
    await expect(dialog.getByTestId('points-redeem-done')).toContainText('Número de referência: PM');
    await shoot('points-redeem-done');
    await dialog.getByTestId('points-redeem-close').click();
    await shirt.getByTestId('points-item-redeem').click();
    await dialog.getByTestId('points-redeem-pin-input').fill(PAYMENT_PIN);
    await dialog.getByTestId('points-redeem-submit').click();
    await expect(dialog.getByTestId('points-redeem-done')).toBeVisible();
    await dialog.getByTestId('points-redeem-close').click();
    await expect(page.getByTestId('points-balance')).toHaveText('120');

    // Convert: below the minimum (100 points) is refused in words; 100 points are R$ 1,00.
    await page.getByRole('tab', { name: 'Converter em dinheiro' }).click();
    await page.getByTestId('points-convert-points').fill('50');
    await expect(page.getByText('Você recebe R$ 0,50')).toBeVisible();
    await page.getByTestId('points-convert-pin-input').fill(PAYMENT_PIN);
    await page.getByTestId('points-convert-submit').click();
    await expect(page.getByTestId('points-convert-error')).toHaveText('A quantidade está abaixo do mínimo para conversão.');
    await page.getByTestId('points-convert-points').fill('100');
    await page.getByTestId('points-convert-submit').click();
    await expect(page.getByTestId('points-convert-done')).toHaveText('100 pontos convertidos em R$ 1,00, já no seu saldo.');
    await expect(page.getByTestId('points-balance')).toHaveText('20');
    await shoot('points-convert');

    await page.getByRole('tab', { name: 'Histórico de resgates' }).click();
    await expect(page.getByTestId('points-redemptions').locator('[data-status="in_process"]')).toHaveCount(2);
    await shoot('points-history-in-process');

    // The operator approves the cash item and rejects the T-shirt.
    const operatorPage = await page.context().browser()!.newPage({ viewport: { width: 1366, height: 800 } });
    await resetDemoOwnerTwoFactor();
    await consoleLogin(operatorPage, await demoOwner());
    await operatorPage.goto('/admin/points-redemptions');
    const queue = operatorPage.getByTestId('redemptions');
    const cashRow = queue.getByRole('row').filter({ hasText: `Dinheiro R$ 5 ${tag}` });
    const shirtRow = queue.getByRole('row').filter({ hasText: `Camiseta ${tag}` });
    await expect(cashRow).toContainText(member.account);
    await operatorPage.screenshot({ path: `e2e/artifacts/screenshots/points-console-queue-${testInfo.project.name}.png` });
    await cashRow.getByRole('button', { name: 'Aprovar' }).click();
    await expect(operatorPage.getByTestId('redemption-approve-dialog')).toContainText('Pagar R$ 5,00 em dinheiro');
    await operatorPage.getByTestId('redemption-approve-confirm').click();
    await expect(cashRow).toHaveCount(0);
    await shirtRow.getByRole('button', { name: 'Recusar' }).click();
    await operatorPage.getByTestId('redemption-reject-reason').fill('Tamanho esgotado no fornecedor');
    await operatorPage.screenshot({ path: `e2e/artifacts/screenshots/points-console-reject-${testInfo.project.name}.png` });
    await operatorPage.getByTestId('redemption-reject-confirm').click();
    await expect(shirtRow).toHaveCount(0);
    await operatorPage.goto('/admin/points-mall');
    await expect(operatorPage.getByTestId('points-items')).toContainText(`Camiseta ${tag}`);
    await operatorPage.screenshot({ path: `e2e/artifacts/screenshots/points-console-mall-${testInfo.project.name}.png`, fullPage: true });
    await operatorPage.close();

    // The member sees the outcome: approved, rejected with the reason, points back (20 + 30).
    await page.reload();
    await page.getByRole('tab', { name: 'Histórico de resgates' }).click();
    const history = page.getByTestId('points-redemptions');
    await expect(history.locator('[data-status="approved"]')).toHaveCount(1);
    await expect(history.locator('[data-status="rejected"]').getByTestId('points-redemption-status')).toHaveText('Recusado — Tamanho esgotado no fornecedor');
    await expect(page.getByTestId('points-balance')).toHaveText('50');
    await shoot('points-history-decided');
    // Cash: 100 deposited + 100 funded − 100 played + 5 redeemed + 1 converted.
    await expect(page.getByTestId('balance')).toContainText('106,00');

    // The same pages in English.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await open(page, '/pointMall?tab=history');
    await expect(page.getByTestId('points-redemptions').locator('[data-status="rejected"]').getByTestId('points-redemption-status')).toHaveText('Rejected — Tamanho esgotado no fornecedor');
    await shoot('points-history-en');
    await page.getByRole('tab', { name: 'Rules and exchange-rate table' }).click();
    await expect(page.getByTestId('points-rules')).toContainText('Points never expire.');
    await expect(page.getByTestId('points-rules-convert')).toHaveText('Conversion: 100 points are worth R$ 1.00 (at least 100 points).');
    await shoot('points-rules-en');

    expect(await ledgerCheck()).toMatch(/"ok": true/);
  });
});
