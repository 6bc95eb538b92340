import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { declareAdultIdentity, registerMember, sql, uniqueName } from '../fixtures/accounts.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, logIn, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/** A fresh agent of type 1 (a registered member promoted as an operator would), so its team starts empty. */
async function newAgent() {
  const agent = await registerMember();
  await sql('update accounts_member set type = 1 where account = $1', [agent.account]);
  return agent;
}

/** Logs in through the modal, waits for the header balance, then opens the agent centre. */
async function openAgentCentre(page: Page, agent: { account: string; password: string }, tab: string) {
  await logIn(page, agent.account, agent.password);
  // Login hashes a password (argon2id) on a cold server: on a busy two-core machine that takes seconds.
  await expect(page.getByTestId('balance')).toBeVisible({ timeout: 30_000 });
  await page.goto(`/agentHome?tab=${tab}`);
  await expect(page.getByTestId('agent-home')).toBeVisible();
}

test.describe('agent centre', { tag: '@phone' }, () => {
  test('an agent registers a downline, finds it in the team, and sees its bets in the reports', async ({ page, shoot }) => {
    test.setTimeout(180_000);
    const agent = await newAgent();
    await openAgentCentre(page, agent, 'registerCenter');

    // The referral link and its QR code (an SVG the API serves).
    await expect(page.getByTestId('referral-link')).toHaveValue(/\/register\?referralCode=[A-Z0-9]+$/);
    const qr = page.getByTestId('referral-qr');
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // A bad account name is refused before anything is sent.
    await page.getByTestId('register-account').fill('1');
    await page.getByTestId('register-password').fill('x');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-account-error')).toBeVisible();
    await expect(page.getByTestId('register-password-error')).toBeVisible();

    const downline = { account: uniqueName('d'), password: `Senha-${randomBytes(5).toString('hex')}` };
    await page.getByTestId('register-account').fill(downline.account);
    await page.getByTestId('register-password').fill(downline.password);
    await page.getByTestId('register-nickname').fill('Downline E2E');
    await page.getByTestId('register-submit').dblclick();
    await expect(page.getByTestId('register-created')).toContainText(downline.account);
    await shoot('agent-register');

    // The same account again: the server's answer shows under the field.
    await page.getByTestId('register-account').fill(downline.account);
    await page.getByTestId('register-password').fill(downline.password);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-account-error')).toBeVisible();

    // Team management lists it as a direct downline.
    await page.getByTestId('agent-menu-downlineManagmentView').click();
    await page.getByTestId('downline-search').fill(downline.account);
    await page.getByTestId('downline-search-submit').click();
    const row = page.getByTestId('downline-row').filter({ hasText: downline.account });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('downline-row')).toHaveCount(1);
    await expect(row).toContainText('Direto');
    await shoot('agent-team');
    await row.getByTestId('downline-open').click();
    await expect(page.getByTestId('downline-summary')).toBeVisible();
    await expect(page.getByTestId('summary-balance-value')).toContainText('0,00');
    await page.getByTestId('modal-close').click();

    // The downline, an adult who declared an identity (spec §5), plays: two rounds, R$ 15,00 staked, R$ 12,50 paid.
    await declareAdultIdentity(downline.account);
    await fund(downline.account, '100.00');
    await playVendorRounds(downline, [
      { bet: '10.00', win: '0.00' },
      { bet: '5.00', win: '12.50' },
    ]);

    // The overview counts bets up to its "as of" instant: reload until they are in.
    await page.getByTestId('agent-menu-agentTeamOverview').click();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('overview-figures-stake-value')).toHaveText('R$\u00a015,00', { timeout: 2000 });
    }).toPass({ timeout: 45_000, intervals: [1000, 2000, 3000] });
    await expect(page.getByTestId('overview-figures-bets-value')).toHaveText('2');
    await expect(page.getByTestId('overview-figures-payout-value')).toHaveText('R$\u00a012,50');
    await expect(page.getByTestId('overview-teamSize-value')).toHaveText('1');
    await expect(page.getByTestId('overview-newMembers-value')).toHaveText('1');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('agent-overview');

    // Team betting lists both rounds with the period's totals.
    await page.getByTestId('agent-menu-personalHistoryCopy').click();
    await expect(page.getByTestId('bet-row')).toHaveCount(2);
    await expect(page.getByTestId('bet-row').first()).toContainText(downline.account);
    await expect(page.getByTestId('bets-total-stake-value')).toHaveText('R$\u00a015,00');
    expect(await horizontalOverflow(page)).toBe(0);
    await shoot('agent-bets');
    await page.getByTestId('bets-type').selectOption('LIVE');
    await expect(page.getByTestId('bets-empty')).toBeVisible();
  });
});
