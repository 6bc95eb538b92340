import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { api, apiLogin, sql } from '../fixtures/accounts.ts';
import { grantContract, newAgent, newMemberUnder, rollupAgents, settleContracts } from '../fixtures/agents.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * Issue 20, agent centre corrections: a real-time line names the five minutes its bets settled in;
 * an upline's lines add up to what was paid (a downline's gross under one centavo is neither paid
 * nor counted as paid); every line names its payer, and an operator grant replacing an upline's
 * offer is the platform's to pay, with notices to both agents; a dividend of a team that won says so.
 */
const ZONE = 'America/Sao_Paulo';
const money = (text: string) => `R$\u00a0${text}`;

/** A settlement window as the agent centre writes it: "29/11/2026 02:10–02:15" (operator's zone). */
function windowLabel(start: Date, end: Date): string {
  const day = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
  const time = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return day.format(start) === day.format(end) ? `${day.format(start)} ${time.format(start)}–${time.format(end)}` : `${day.format(start)} ${time.format(start)} – ${day.format(end)} ${time.format(end)}`;
}

/** The first instant the current half-month's dividend (1st → 16th → 1st, São Paulo) is due: its end, the two-hour grace and a minute. */
function afterThisHalfMonth(now = new Date()): Date {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).split('-').map(Number) as [number, number, number];
  const end = day < 16 ? Date.UTC(year, month - 1, 16, 3) : Date.UTC(year, month, 1, 3);
  return new Date(end + 2 * 3_600_000 + 60_000);
}

/** Whole-page screenshots named for the project (desktop or phone); nothing may stick out sideways. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}.png`), fullPage: true });
}

async function openAgentPage(page: Page, member: { account: string; password: string }, tab: string) {
  await logIn(page, member.account, member.password);
  await expect(page.getByTestId('balance')).toBeVisible({ timeout: 45_000 });
  await page.goto(`/agentHome?tab=${tab}`);
  await expect(page.getByTestId('agent-home')).toBeVisible();
}

async function openRecords(page: Page, side: 'received' | 'paid') {
  await page.getByTestId('contract-tab-records').click();
  await page.getByTestId(`records-${side}`).click();
  await expect(page.getByTestId('settlement-records')).toBeVisible();
}

test.describe('agent settlement corrections', () => {
  test('the window a line names, lines that add up, who pays and the dividend wording', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    // A top agent A (granted by the operator: 1 % of losing rounds), its downline agent B offered
    // 0,01 % by A through the agent API, and a player under B who loses R$ 66,50.
    const agentA = await newAgent();
    const agentB = await newAgent(agentA);
    const player = await newMemberUnder(agentB);
    await grantContract(agentA.account, 'realtime', [{ minSingleBet: '0.00', profitRate: '0.5', lossRate: '1' }]);
    const offer = await api<{ contract: { id: string } }>('/api/agent/contracts/offers', {
      method: 'POST',
      token: await apiLogin(agentA),
      body: { kind: 'realtime', downline: agentB.account, tiers: [{ minSingleBet: '0.00', profitRate: '0.01', lossRate: '0.01' }], requestId: randomUUID() },
    });
    await api(`/api/agent/contracts/${offer.contract.id}/decision`, { method: 'POST', token: await apiLogin(agentB), body: { decision: 'accept' } });
    await fund(player.account, '100.00');
    await playVendorRounds(player, [{ bet: '66.50', win: '0.00' }]);

    // The window the round settled in, and a settlement run once it is over.
    const [fact] = await sql<{ settled_at: Date }>('select settled_at from agents_bet_fact where member_id = (select id from accounts_member where account = $1)', [player.account]);
    const start = new Date(Math.floor(new Date(fact!.settled_at).getTime() / 300_000) * 300_000);
    const label = windowLabel(start, new Date(start.getTime() + 300_000));
    await settleContracts('realtime', new Date(Date.now() + 300_000));

    // A's line names that window, from the platform: 1 % of 66,50 = 0,66 (66.5 centavos, rounded
    // down once). B's 0,01 % is 0.665 centavo: nothing, so A paid its agents nothing and keeps 0,66.
    await openAgentPage(page, agentA, 'agentRealtimeSalary');
    await openRecords(page, 'received');
    const received = page.getByTestId('settlement-line');
    await expect(received).toHaveCount(1);
    await expect(received).toContainText(label);
    await expect(received.getByTestId('line-payer')).toContainText('Plataforma');
    await expect(received.getByTestId('line-amount')).toHaveText(money('0,66'));
    if (testInfo.project.name === 'desktop') {
      // Gross 0,66 · paid to my agents 0,00 · net 0,66 · amount 0,66.
      const figures = await received.locator('td.is-numeric').allTextContents();
      expect(figures.slice(-4)).toEqual([money('0,66'), money('0,00'), money('0,66'), money('0,66')]);
    } else {
      await expect(received).toContainText(`Bruto dos agentes: ${money('0,00')}`);
      await expect(received).toContainText(`Líquido: ${money('0,66')}`);
    }
    await shoot(page, testInfo, 'settlement-realtime-received');

    await page.getByTestId('records-paid').click();
    const paid = page.getByTestId('settlement-line');
    await expect(paid).toHaveCount(1);
    await expect(paid.getByTestId('line-agent')).toContainText(agentB.account);
    await expect(paid.getByTestId('line-payer')).toContainText('Você');
    await expect(paid.getByTestId('line-amount')).toHaveText(money('0,00'));
    await expect(paid.getByTestId('line-outcome')).toHaveText('O valor calculado ficou abaixo de um centavo.');
    await expect(paid).toContainText(label);
    await expect(page.getByTestId('records-payer-hint')).toContainText('Quem paga cada contrato é quem o deu');
    await shoot(page, testInfo, 'settlement-realtime-paid');

    // "Meus ganhos" nets the same 0,66.
    await page.getByTestId('agent-menu-agentRevenueReport').click();
    const realtime = page.getByTestId('revenue-row').and(page.locator('[data-kind="realtime"]'));
    await expect(realtime.getByTestId('revenue-net')).toHaveText(money('0,66'));

    // The operator grants B a contract of its own: the platform pays it now, and both are told.
    await grantContract(agentB.account, 'realtime', [{ minSingleBet: '0.00', profitRate: '0.3', lossRate: '0.4' }]);
    await page.getByTestId('agent-menu-agentRealtimeSalary').click();
    const notice = page.getByTestId('contract-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(`O operador concedeu a ${agentB.account} um novo contrato (Salário em tempo real) no lugar do que você ofereceu`);
    await expect(page.getByTestId('notices-unread')).toHaveText('1 aviso não lido');
    // B's contract in A's list is now the platform's grant (0,4 % on losing rounds), not A's offer.
    const rowB = page.getByTestId('downline-row').filter({ hasText: agentB.account });
    await expect(rowB).toContainText('0,4%');
    await expect(rowB.getByTestId('downline-platform-paid')).toHaveText('Concedido pelo operador: a plataforma paga este contrato, não você.');
    await expect(rowB.getByTestId('downline-terminate')).toHaveCount(0);
    await shoot(page, testInfo, 'contract-notices-upline');
    await page.getByTestId('notices-mark-read').click();
    await expect(page.getByTestId('notices-unread')).toBeHidden();

    const pageB = await page.context().newPage();
    await pageB.bringToFront();
    await openAgentPage(pageB, agentB, 'agentRealtimeSalary');
    await expect(pageB.getByTestId('contract-notice')).toContainText(`no lugar do oferecido por ${agentA.account}. A partir de então quem paga é a plataforma`);
    await expect(pageB.getByTestId('my-contract')).toContainText('Concedido pela plataforma');
    await shoot(pageB, testInfo, 'contract-notices-downline');
    // B's earlier line was A's to pay, and says so.
    await openRecords(pageB, 'received');
    await expect(pageB.getByTestId('settlement-line').getByTestId('line-payer')).toContainText(agentA.account);
    await pageB.close();

    // A dividend of a team that won: C's player wins R$ 15,00 in the half-month.
    const agentC = await newAgent();
    const winner = await newMemberUnder(agentC);
    await grantContract(agentC.account, 'dividend', [{ minValidBet: '0.00', minLoss: '0.00', minActive: 0, rate: '20' }]);
    await fund(winner.account, '100.00');
    await playVendorRounds(winner, [{ bet: '10.00', win: '25.00' }]);
    await rollupAgents();
    await settleContracts('dividend', afterThisHalfMonth());
    const pageC = await page.context().newPage();
    await pageC.bringToFront();
    await openAgentPage(pageC, agentC, 'agentDividendRecordCopy2');
    await openRecords(pageC, 'received');
    const dividend = pageC.getByTestId('settlement-line');
    await expect(dividend).toHaveCount(1);
    await expect(dividend.getByTestId('line-status')).toHaveText('Não qualificado');
    await expect(dividend.getByTestId('line-outcome')).toHaveText('A equipe ganhou no período: sem base para dividendo.');
    await expect(dividend).not.toContainText('Nenhum nível');
    await shoot(pageC, testInfo, 'settlement-dividend-team-won');
    await pageC.close();
  });
});
