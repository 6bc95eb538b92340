import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { api, apiLogin } from '../fixtures/accounts.ts';
import { grantContract, newAgent, newMemberUnder } from '../fixtures/agents.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow, setPaymentPassword } from '../fixtures/wallet.ts';

/**
 * Issue 20, agent centre corrections (H4): the offer form's limits per tier and a server refusal
 * that goes once the agent corrects the tiers; downline transactions as an agent may see them
 * (no operator reason, game names, the operator's zone); the menu's bonus, platform messages and
 * customer service; the Transferências page; a report over more than 93 days and its CSV file.
 */
const ZONE = 'America/Sao_Paulo';
const PAYMENT_PASSWORD = '246810';

/** Whole-page screenshots named for the project (desktop or phone); nothing may stick out sideways. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}.png`), fullPage: true });
}

/** Today in the operator's zone and `days` before it, as the date inputs take them. */
function daysBack(days: number): { from: string; to: string } {
  const day = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  const to = day(new Date());
  return { from: new Date(Date.parse(`${to}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10), to };
}

test.describe('agent centre corrections', { tag: '@phone' }, () => {
  test('offer limits, downline transactions, menu entries, transfers, long reports and CSV', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    // A top agent holding a daily contract granted by the operator (1 % from the start, 2 % from
    // R$ 1.000,00 and 2 active members), its downline agent holding 0,5 % from it, and a player.
    const top = await newAgent();
    const mid = await newAgent(top);
    const player = await newMemberUnder(top);
    await grantContract(top.account, 'daily', [
      { minValidBet: '0.00', minActive: 0, rate: '1' },
      { minValidBet: '1000.00', minActive: 2, rate: '2' },
    ]);
    const topToken = await apiLogin(top);
    const offer = await api<{ contract: { id: string } }>('/api/agent/contracts/offers', {
      method: 'POST',
      token: topToken,
      body: { kind: 'daily', downline: mid.account, tiers: [{ minValidBet: '0.00', minActive: 0, rate: '0.5' }], confirmReplace: false, requestId: `e2e-${Date.now()}` },
    });
    await api(`/api/agent/contracts/${offer.contract.id}/decision`, { method: 'POST', token: await apiLogin(mid), body: { decision: 'accept' } });
    // The player is funded by an operator adjustment (its reason is the operator's) and plays.
    await fund(player.account, '50.00');
    await playVendorRounds(player, [{ bet: '7.00', win: '0.00' }]);
    await fund(top.account, '100.00');
    await setPaymentPassword(topToken, top.password, PAYMENT_PASSWORD);

    await logIn(page, top.account, top.password);
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 45_000 });

    // --- The offer form: the limits per tier, from the server.
    await page.goto('/agentHome?tab=agentDailyWages2');
    const form = page.getByTestId('offer-form');
    await expect(form).toBeVisible();
    await expect(form.getByTestId('offer-limits-table').getByTestId('tier-row')).toHaveCount(2);
    await expect(form.getByTestId('offer-rules')).toContainText('nunca mais de 2%');
    await form.getByTestId('offer-downline').selectOption(mid.account);
    // Raising starts from its contract in force (0,5 %): the same again is the server's to refuse.
    await expect(form.getByTestId('tier-0-rate')).toHaveValue('0.5');
    await form.getByTestId('offer-submit').click();
    await expect(form.getByTestId('offer-error')).toContainText('maior');
    // A correction takes the server's answer away at once.
    await form.getByTestId('tier-0-rate').fill('1,5');
    await expect(form.getByTestId('offer-error')).toHaveCount(0);
    await expect(form.getByTestId('tier-0-ceiling')).toHaveText('Com estes limites: até 1%.');
    await form.getByTestId('offer-submit').click();
    await expect(form.getByTestId('tier-0-rate-error')).toHaveText('Neste nível, no máximo 1%.');
    await shoot(page, testInfo, 'agent-offer-limits');
    await form.getByTestId('tier-0-rate').fill('0,8');
    await form.getByTestId('offer-submit').click();
    await page.getByTestId('offer-replace-confirm').getByTestId('confirm-ok').click();
    await expect(form.getByTestId('offer-sent')).toBeVisible();

    // --- The menu: bonus and platform messages are the member centre's, customer service is there.
    const menu = page.getByTestId('agent-menu');
    await expect(menu.getByTestId('agent-menu-bonus')).toHaveAttribute('href', '/member?tab=bonusDetails');
    await expect(menu.getByTestId('agent-menu-messages')).toHaveAttribute('href', '/member?tab=messageV2');
    await expect(menu.getByTestId('agent-menu-customer-service')).toBeVisible();
    await menu.getByTestId('agent-menu-messages').click();
    await expect(page.getByTestId('member-tab-title')).toHaveText('Mensagens');
    await page.goBack();
    await expect(page.getByTestId('agent-home')).toBeVisible();

    // --- Downline transactions: "Ajuste" for the operator's adjustment, the game by name, local time.
    await page.getByTestId('agent-menu-agentDownlineTransactionDetailsCopy').click();
    await page.getByTestId('transactions-account').fill(player.account);
    await page.getByTestId('transactions-account-submit').click();
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('transactions-table')).not.toContainText('e2e funding');
    await expect(rows.getByTestId('transaction-detail')).toHaveText([/^Slot Demo 1 · rodada /, 'Ajuste']);
    const instant = await rows.first().locator('time').getAttribute('datetime');
    const local = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(instant!));
    await expect(rows.first()).toContainText(local);
    await shoot(page, testInfo, 'agent-downline-transactions');

    // --- Transferências: the form, then the transfer in the page's own history.
    await page.getByTestId('agent-menu-agentTransfers').click();
    await expect(page.getByTestId('agent-transfers')).toBeVisible();
    await expect(page.getByTestId('transfers-empty')).toBeVisible();
    await page.getByTestId('transfer-to-downline').click();
    await page.getByTestId('downline-account').fill(mid.account);
    await page.getByTestId('transfer-amount').fill('12,34');
    await page.getByTestId('transfer-payment-password').fill(PAYMENT_PASSWORD);
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-success')).toBeVisible();
    const transfer = page.getByTestId('transfer-row');
    await expect(transfer).toHaveCount(1);
    await expect(transfer.getByTestId('transfer-direction')).toHaveText('Enviada ao subordinado');
    await expect(transfer.getByTestId('transfer-counterpart')).toHaveText(mid.account);
    await expect(transfer).toContainText('12,34');
    await expect(transfer).toContainText('87,66');
    await shoot(page, testInfo, 'agent-transfers');

    // --- A report over 200 days (more than the old 93), and its CSV file.
    await page.getByTestId('agent-menu-palStatementsAgentCopy').click();
    await page.getByTestId('period-custom').click();
    const range = daysBack(199);
    await page.getByTestId('period-from').fill(range.from);
    await page.getByTestId('period-to').fill(range.to);
    await expect(page.getByTestId('period-error')).toHaveCount(0);
    await expect(page.getByTestId('pl-table')).toBeVisible();
    const [fromLabel] = [range.from.split('-').reverse().join('/')];
    await expect(page.getByTestId('period-label')).toContainText(fromLabel);
    await expect(page.getByTestId('pl-row').filter({ hasText: player.account })).toHaveCount(1);
    await page.getByTestId('page-title').click();
    await shoot(page, testInfo, 'agent-pl-long-period');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pl-csv').click()]);
    expect(download.suggestedFilename()).toBe(`lucros-e-perdas_${top.account}_${range.from}_${range.to}.csv`);
    const file = readFileSync(await download.path());
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toContain('Membro;Equipe;Nº de apostas;Valor apostado (R$)');
    expect(lines.find((line) => line.startsWith(`${player.account};`))).toContain(';7,00;');
    expect(lines.find((line) => line.startsWith('Total;'))).toContain(';7,00;');

    // Team bets export every round the filters find, not only the page on screen.
    await page.getByTestId('agent-menu-personalHistoryCopy').click();
    await expect(page.getByTestId('bet-row')).toHaveCount(1);
    await shoot(page, testInfo, 'agent-bets-csv');
    const [betsFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bets-csv').click()]);
    const bets = readFileSync(await betsFile.path()).subarray(3).toString('utf8').split('\r\n');
    expect(bets[0]).toContain('Conta;Data e hora;Jogo;Provedor;Rodada');
    expect(bets[1]).toMatch(new RegExp(`^${player.account};.*;7,00;0,00;7,00;-7,00;Concluída$`));
  });
});
