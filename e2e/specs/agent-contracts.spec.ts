import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { afterTodaysDailyPeriod, grantContract, newAgent, newMemberUnder, rollupAgents, settleContracts } from '../fixtures/agents.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow, toCents } from '../fixtures/wallet.ts';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/**
 * Screenshots for review at the laptop and the phone size (only the desktop project runs this
 * journey), whole pages from the top since the contract pages are long; the phone shot also
 * checks that nothing sticks out sideways.
 */
async function snap(page: Page, name: string, fullPage = true) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    // A whole-page shot of a scrolled page draws the sticky top bar where the scroll left it.
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size}.png`), fullPage });
    if (size === 'phone') expect(await horizontalOverflow(page)).toBe(0);
  }
  await page.setViewportSize(SIZES.desktop);
}

/** The member's cash in centavos, read with the page's own session (no second login). */
async function pageCashCents(page: Page): Promise<bigint> {
  const cash = await page.evaluate(async () => {
    const response = await fetch('/api/wallet/balance', { headers: { Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}` } });
    return ((await response.json()) as { cash: string }).cash;
  });
  return toCents(cash);
}

/** As the site fixture does for `page`: the demo announcements and pop-up would cover the contract modal. */
async function hideSitePopups(page: Page) {
  await page.route('**/api/content/site?*', async (route) => {
    try {
      const response = await route.fetch();
      if (response.status() !== 200) return await route.fulfill({ response });
      return await route.fulfill({ response, json: { ...(await response.json()), announcements: [], popups: [] } });
    } catch {
      // The page navigated or closed while the answer was on its way.
    }
  });
}

async function openAgentPage(page: Page, member: { account: string; password: string }, tab: string) {
  await logIn(page, member.account, member.password);
  // The session is stored once the balance shows: only then may the page change.
  await expect(page.getByTestId('balance')).toBeVisible({ timeout: 45_000 });
  await page.goto(`/agentHome?tab=${tab}`);
  await expect(page.getByTestId('agent-home')).toBeVisible();
}

const MONEY = (cents: number) => `R$\u00a0${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

test.describe('agent contracts', () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('an agent offers a daily contract that the downline accepts; settlement pays both', async ({ page }, testInfo) => {
    // Two members, two tabs, the operator CLI and screenshots at two sizes.
    test.setTimeout(300_000);
    // A top agent A with an operator-granted daily contract, its direct downline agent B, and two members under B.
    const agentA = await newAgent();
    const agentB = await newAgent(agentA);
    const players = [await newMemberUnder(agentB), await newMemberUnder(agentB)];
    await grantContract(agentA.account, 'daily', [
      { minValidBet: '0.00', minActive: 0, rate: '1' },
      { minValidBet: '100000.00', minActive: 10, rate: '2' },
    ]);

    // A opens its daily wages page: its contract, and B without one.
    await openAgentPage(page, agentA, 'agentDailyWages2');
    await expect(page.getByTestId('my-tiers')).toContainText('1%');
    const rowB = page.getByTestId('downline-row').filter({ hasText: agentB.account });
    await expect(rowB).toContainText('Sem contrato');
    const cashA = await pageCashCents(page);

    // A offers B a lower contract; a second tier that does not raise the rate is refused before sending.
    await rowB.getByTestId('downline-offer').click();
    await expect(page.getByTestId('offer-downline')).toHaveValue(agentB.account);
    await page.getByTestId('tier-0-minValidBet').fill('0');
    await page.getByTestId('tier-0-minActive').fill('0');
    await page.getByTestId('tier-0-rate').fill('0,4');
    await page.getByTestId('offer-add-tier').click();
    await page.getByTestId('tier-1-minValidBet').fill('1000');
    await page.getByTestId('tier-1-minActive').fill('1');
    await page.getByTestId('tier-1-rate').fill('0,3');
    await page.getByTestId('offer-submit').click();
    await expect(page.getByTestId('tier-1-rate-error')).toHaveText('Deve ser maior que no nível anterior.');
    await snap(page, 'contracts-offer-refused');
    await page.getByTestId('offer-remove-tier-1').click();
    await page.getByTestId('offer-submit').dblclick();
    await expect(page.getByTestId('offer-sent')).toContainText(agentB.account);
    await expect(rowB.getByTestId('downline-pending')).toContainText('0,4%');
    expect(await horizontalOverflow(page)).toBe(0);
    await snap(page, 'contracts-daily-offered');

    // B logs in on the site in a second tab: the contract modal shows A's offer; B accepts (a double click sends once).
    const pageB = await page.context().newPage();
    await useReviewViewport(pageB, testInfo);
    await hideSitePopups(pageB);
    const decisions: string[] = [];
    pageB.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/decision')) decisions.push(request.url());
    });
    // A tab in the background gets its timers throttled: the one being driven is in front.
    await pageB.bringToFront();
    await logIn(pageB, agentB.account, agentB.password);
    const modal = pageB.getByTestId('modal-contract');
    await expect(pageB.getByTestId('balance')).toBeVisible({ timeout: 45_000 });
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await expect(modal.getByTestId('contract-offer')).toContainText(`Salário diário: oferta de ${agentA.account}`);
    await expect(modal.getByTestId('tier-row')).toHaveCount(1);
    await snap(pageB, 'contracts-modal', false);
    await modal.getByTestId('offer-accept').dblclick();
    await expect(modal.getByTestId('contract-answered')).toContainText('oferta aceita');
    expect(decisions).toHaveLength(1);
    await snap(pageB, 'contracts-modal-accepted', false);
    await modal.getByTestId('contract-modal-done').click();
    await expect(modal).toBeHidden();

    // B's members play. Valid bet per round: min(|payout − stake|, stake) → 10 + 15 + 50 = R$ 75,00.
    for (const player of players) await fund(player.account, '100.00');
    await playVendorRounds(players[0]!, [
      { bet: '10.00', win: '0.00' },
      { bet: '20.00', win: '35.00' },
    ]);
    await playVendorRounds(players[1]!, [{ bet: '50.00', win: '0.00' }]);
    const validBetCents = 7500;
    const grossA = (validBetCents * 1) / 100; // 1 % → R$ 0,75, paid to A by the platform
    const grossB = (validBetCents * 0.4) / 100; // 0,4 % → R$ 0,30, paid to B by A

    // The day is settled (as the worker would after the day and its grace window) and paid.
    await pageB.goto('/agentHome?tab=agentDailyWages2');
    await expect(pageB.getByTestId('my-tiers')).toContainText('0,4%');
    const cashB = await pageCashCents(pageB);
    await rollupAgents();
    const settled = await settleContracts('daily', afterTodaysDailyPeriod());
    expect(settled.paid).toBeGreaterThanOrEqual(2);

    // A: a line received from the platform and a line paid to B, both paid.
    await page.reload();
    await page.getByTestId('contract-tab-records').click();
    const received = page.getByTestId('settlement-line').filter({ hasText: 'Plataforma' });
    await expect(received).toHaveCount(1);
    await expect(received.getByTestId('line-amount')).toHaveText(MONEY(grossA));
    await expect(received.getByTestId('line-status')).toHaveText('Pago');
    await expect(received).toContainText(MONEY(validBetCents));
    await snap(page, 'contracts-records-received');
    await page.getByTestId('records-paid').click();
    const paid = page.getByTestId('settlement-line').filter({ hasText: agentB.account });
    await expect(paid).toHaveCount(1);
    await expect(paid.getByTestId('line-amount')).toHaveText(MONEY(grossB));
    await expect(paid.getByTestId('line-status')).toHaveText('Pago');
    expect(await horizontalOverflow(page)).toBe(0);
    await snap(page, 'contracts-records-paid');
    // A keeps its gross less what it paid B.
    expect(await pageCashCents(page)).toBe(cashA + BigInt(grossA - grossB));

    // B: its line received from A, and the balance grew by it.
    await pageB.reload();
    await pageB.getByTestId('contract-tab-records').click();
    const receivedB = pageB.getByTestId('settlement-line').filter({ hasText: agentA.account });
    await expect(receivedB).toHaveCount(1);
    await expect(receivedB.getByTestId('line-amount')).toHaveText(MONEY(grossB));
    await expect(receivedB.getByTestId('line-status')).toHaveText('Pago');
    await snap(pageB, 'contracts-records-downline');
    expect(await pageCashCents(pageB)).toBe(cashB + BigInt(grossB));

    // A's income report: received, paid down and net, per enabled kind.
    await page.getByTestId('agent-menu-agentRevenueReport').click();
    const daily = page.getByTestId('revenue-row').and(page.locator('[data-kind="daily"]'));
    await expect(daily).toContainText(MONEY(grossA));
    await expect(daily).toContainText(MONEY(grossB));
    await expect(daily.getByTestId('revenue-net')).toHaveText(MONEY(grossA - grossB));
    expect(await horizontalOverflow(page)).toBe(0);
    await snap(page, 'contracts-revenue');

    // The other kinds' pages, where A holds no contract yet.
    for (const tab of ['agentDividendRecordCopy2', 'agentHourSalary', 'agentRealtimeSalary']) {
      await page.getByTestId(`agent-menu-${tab}`).click();
      await expect(page.getByTestId('my-contract-none')).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      await snap(page, `contracts-${tab}`);
    }
    // B's page after accepting: its contract in force and the history.
    await pageB.getByTestId('contract-tab-contract').click();
    await expect(pageB.getByTestId('contract-history')).toContainText(agentA.account);
    await snap(pageB, 'contracts-daily-downline');
    await pageB.close();
  });
});
