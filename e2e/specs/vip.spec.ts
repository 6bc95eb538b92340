import { randomUUID } from 'node:crypto';
import { api, apiLogin, sql } from '../fixtures/accounts.ts';
import { rollupAgents } from '../fixtures/agents.ts';
import { consoleLogin, demoOwner, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { registerPayingMember } from '../fixtures/payments.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * VIP levels (issue 22) on the demo levels: Bronze (where everyone starts) and Prata at R$ 1.000 of
 * valid bet and R$ 100 of credited deposits, with a R$ 10 upgrade bonus at 3× wagering. A member
 * deposits R$ 100 by PIX (sandbox), plays slot rounds, sees the progress move as the agents'
 * rollup takes the rounds, reaches Prata, and finds the upgrade bonus, once, in bonus details.
 */
test.describe.configure({ timeout: 150_000 });

async function depositCredited(member: { account: string; password: string; cpf: string }, amount: string) {
  const token = await apiLogin(member);
  await api('/api/member/identity', { method: 'PUT', token, body: { payeeName: 'Vitória Vip Teste', cpf: member.cpf, birthday: '1988-07-21' } });
  const deposit = await api<{ id: string }>('/api/payments/deposits', { method: 'POST', token, body: { amount, requestId: randomUUID() } });
  await api(`/api/payments/deposits/${deposit.id}/sandbox-pay`, { method: 'POST', token, body: {} });
  await expect.poll(async () => (await sql<{ status: string }>('select status from payments_v_deposit where id = $1', [deposit.id]))[0]?.status, { timeout: 20_000 }).toBe('credited');
}

test.describe('VIP levels', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await useReviewViewport(page, testInfo);
  });

  test('progress moves with play, Prata is reached and its upgrade bonus is paid once', { tag: '@phone' }, async ({ page, shoot }) => {
    const member = await registerPayingMember();
    await depositCredited(member, '100.00');
    await fund(member.account, '1000.00');
    await logIn(page, member.account, member.password);
    // The first journey after the server starts can meet its start-up work (seeding, first jobs) on a loaded machine.
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 30_000 });

    await open(page, '/member?tab=vip');
    await expect(page.getByTestId('vip-level-name')).toHaveText('Bronze');
    await expect(page.getByTestId('vip-progress-card')).toContainText('Progresso para Prata');
    await expect(page.getByTestId('vip-progress-valid-bet-line')).toHaveText('R$ 0,00 de R$ 1.000,00 · 0%');
    await expect(page.getByTestId('vip-progress-deposits')).toContainText('Atingido');
    await expect(page.getByTestId('vip-levels').getByTestId('vip-level-row')).toHaveCount(5);
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('vip-start');

    // Slot rounds lost count in full as valid bet once the agents' rollup takes them.
    await playVendorRounds(member, [{ bet: '300.00', win: '0.00' }]);
    await rollupAgents();
    await page.reload();
    await expect(page.getByTestId('vip-progress-valid-bet-line')).toHaveText('R$ 300,00 de R$ 1.000,00 · 30%');
    await expect(page.getByTestId('vip-progress-valid-bet')).toContainText('Faltam R$ 700,00');
    await shoot('vip-progress');

    await playVendorRounds(member, [
      { bet: '350.00', win: '0.00' },
      { bet: '350.00', win: '0.00' },
    ]);
    await rollupAgents();
    await page.reload();
    await expect(page.getByTestId('vip-level-name')).toHaveText('Prata');
    await expect(page.getByTestId('vip-progress-card')).toContainText('Progresso para Ouro');
    await expect(page.getByTestId('vip-progress-valid-bet-line')).toHaveText('R$ 1.000,00 de R$ 10.000,00 · 10%');
    await expect(page.getByTestId('vip-retention-rule')).toContainText('Para manter o nível Prata, faça pelo menos R$ 500,00 em apostas válidas em cada mês.');
    await expect(page.getByTestId('vip-levels').locator('[aria-current="true"]')).toContainText('Prata');
    await shoot('vip-reached');
    await page.getByTestId('vip-retention-card').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('vip-retention-month')).toContainText('Este mês: R$ 1.000,00 de R$ 500,00');
    await page.getByTestId('vip-levels-card').scrollIntoViewIfNeeded();
    await shoot('vip-levels-table');
    // The account menu shows the level's badge.
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('vip-menu-badge')).toContainText('Prata');
    await shoot('vip-menu-badge');
    await page.keyboard.press('Escape');

    // Seen again, the page pays nothing more: one upgrade bonus, R$ 10 at 3×.
    await page.reload();
    await expect(page.getByTestId('vip-level-name')).toHaveText('Prata');
    await open(page, '/member?tab=bonusDetails');
    await expect(page.getByTestId('bonus-grant')).toHaveCount(1);
    await expect(page.getByTestId('bonus-grant').first().getByTestId('bonus-grant-progress')).toContainText('R$ 0,00 de R$ 30,00');
    await expect(page.getByTestId('bonus-balance')).toContainText('10,00');
    await shoot('vip-upgrade-bonus');
    const grants = await sql<{ key: string }>("select key from bonus_grant g join accounts_member m on m.id = g.member_id where m.account = $1 and key like 'vip:%'", [member.account]);
    expect(grants.map((grant) => grant.key.replace(/:\d+:/, ':<member>:'))).toEqual(['vip:upgrade:<member>:1']);

    // The same page in English.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await open(page, '/member?tab=vip');
    await expect(page.getByTestId('vip-level-name')).toHaveText('Silver');
    await expect(page.getByTestId('vip-progress-card')).toContainText('Progress to Gold');
    await expect(page.getByTestId('vip-progress-valid-bet-line')).toHaveText('R$ 1,000.00 of R$ 10,000.00 · 10%');
    await expect(page.getByTestId('vip-retention-rule')).toContainText('To keep the Silver level, place at least R$ 500.00 in valid bets each month.');
    await shoot('vip-en');
  });

  test('the console lists members per level and refuses a level out of order in words', async ({ page, shoot }) => {
    await resetDemoOwnerTwoFactor();
    await consoleLogin(page, await demoOwner());
    await page.goto('/admin/vip-levels');
    await expect(page.getByTestId('vip-level-name-4')).toHaveText('Diamante');
    await expect(page.getByTestId('vip-members-count-1')).not.toHaveText('0');
    await page.getByTestId('vip-list-1').click();
    await expect(page.getByTestId('vip-members-table').getByRole('row')).not.toHaveCount(1);
    await shoot('vip-console-levels');

    // Ouro asking less valid bet than Prata is refused, the field named and why.
    await page.getByTestId('vip-edit-2').click();
    await page.getByTestId('vip-minValidBet').fill('500,00');
    await page.getByTestId('vip-save').click();
    await expect(page.getByTestId('vip-save-error')).toHaveText('Alguns dados estão inválidos. Verifique e tente novamente.');
    await expect(page.getByTestId('vip-field-problems')).toContainText('Apostas válidas acumuladas (R$): não pode ser menor que o do nível anterior (R$ 1.000,00)');
    await page.getByTestId('vip-field-problems').scrollIntoViewIfNeeded();
    await shoot('vip-console-refused');
    await page.getByTestId('vip-minValidBet').fill('10000,00');
    await page.getByTestId('vip-save').click();
    await expect(page.getByTestId('vip-level-editor')).toBeHidden();
    await expect(page.getByTestId('vip-level-name-2')).toHaveText('Ouro');
  });
});
