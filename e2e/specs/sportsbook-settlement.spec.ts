import type { Browser, Page, TestInfo } from '@playwright/test';
import { registerMember } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { demoOperatorSession } from '../fixtures/payments.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { closeSlip, openSlip, operatorCreatesEvents, operatorSetsState, pickHome } from '../fixtures/sportsbook.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * A ticket from the bet to its resettlement (issue 23): a member bets 10,00 on the home win at
 * 2.00; the match goes live and its score moves on the member's event page; the operator ends it
 * and enters the result in the console (home won: 20,00 paid, won in my bets, the round in the
 * betting record); then corrects it (away won): the ticket is resettled once — lost, the 20,00
 * taken back — and the console's ticket shows the bet, the first settlement's win, its reversal
 * and the new settlement, one of each. In Portuguese on a desktop; in English on a desktop and on
 * a phone (the slip a bottom sheet there).
 */
const TEXT = {
  pt: { placed: 'Aposta feita!', won: 'Ganha', lost: 'Perdida', money: (amount: string) => amount.replace('.', ',') },
  en: { placed: 'Bet placed!', won: 'Won', lost: 'Lost', money: (amount: string) => amount },
} as const;
const IDS = ['bet', 'settle-1', 'settle-2', 'unsettle-1'];

async function journey(page: Page, browser: Browser, testInfo: TestInfo, language: 'pt' | 'en', shoot: (name: string) => Promise<void>) {
  test.setTimeout(300_000);
  const text = TEXT[language];
  const token = await demoOperatorSession();
  const [eventId] = await operatorCreatesEvents(token, [['Goiás', 'Vila Nova']]);
  const member = await registerMember();
  await fund(member.account, '50.00');
  await logIn(page, member.account, member.password);
  // The session is stored once the balance shows: only then may the page be reloaded.
  await expect(page.getByTestId('balance')).toContainText('50,00', { timeout: 20_000 });
  if (language === 'en') await page.evaluate(() => localStorage.setItem('lang', 'en'));

  await pickHome(page, eventId!);
  const slip = await openSlip(page, testInfo);
  await slip.getByTestId('sb-slip-leg-stake').fill('10');
  await slip.getByTestId('sb-slip-place').click();
  await expect(slip.getByTestId('sb-slip-placed-message')).toContainText(text.placed);
  await slip.getByTestId('sb-slip-new').click();
  await closeSlip(page, testInfo, slip);
  await expect(page.getByTestId('balance')).toContainText(text.money('40.00'));

  // The match goes live and scores: the member's page follows without a reload.
  await operatorSetsState(token, eventId!, { status: 'live', homeScore: 0, awayScore: 0, period: '1T', clockSeconds: 600 });
  await expect(page.getByTestId('sb-scoreboard-score')).toHaveText('0 – 0', { timeout: 15_000 });
  await operatorSetsState(token, eventId!, { status: 'live', homeScore: 1, awayScore: 0, period: '2T', clockSeconds: 3_900 });
  await expect(page.getByTestId('sb-scoreboard-score')).toHaveText('1 – 0', { timeout: 15_000 });
  expect(await horizontalOverflow(page)).toBe(0);
  await shoot(`sportsbook-live-score-${language}`);
  await operatorSetsState(token, eventId!, { status: 'ended', homeScore: 1, awayScore: 0 });

  // The operator enters the result in the console (this login ends the API session above).
  const console = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  await resetDemoOwnerTwoFactor();
  await consoleLogin(console, await demoOwner());
  await console.goto(`/admin/sportsbook/events/${encodeURIComponent(eventId!)}`);
  const enterResult = async (correction: boolean, winner: 'home' | 'away', reason: string) => {
    await console.getByTestId(correction ? 'sb-correct-1x2' : 'sb-result-1x2').click();
    const dialog = console.getByTestId('sb-result-dialog');
    await expect(dialog).toBeVisible();
    for (const outcome of ['home', 'draw', 'away']) await dialog.getByTestId(`sb-result-${outcome}`).selectOption(outcome === winner ? 'won' : 'lost');
    await dialog.getByTestId('sb-result-reason').fill(reason);
    await console.screenshot({ path: testInfo.outputPath(`result-${correction ? 'correction' : 'entry'}.png`) });
    await dialog.getByTestId('sb-result-submit').click();
    await expect(dialog).toBeHidden();
  };
  await enterResult(false, 'home', 'Placar final 1 × 0');

  // Settled: won, 20,00 paid (40 + 20), the round in the betting record.
  await open(page, '/sports?tab=mybets&bets=settled');
  const ticket = page.getByTestId('sb-ticket').first();
  // The settlement job loops a pass a second once its first minute has come (up to a minute on a fresh server).
  await expect(ticket.getByTestId('sb-ticket-status')).toHaveText(text.won, { timeout: 90_000 });
  await expect(ticket.getByTestId('sb-ticket-return')).toContainText(text.money('20.00'));
  await expect(page.getByTestId('balance')).toContainText(text.money('60.00'));
  await shoot(`sportsbook-settled-${language}`);
  await open(page, '/member?tab=personalHistoryCopy');
  const round = page.getByTestId('betting-row').filter({ hasText: 'Apostas Esportivas' });
  await expect(round).toHaveCount(1);
  await expect(round).toContainText(text.money('20.00'));

  // The operator corrects it (the goal was disallowed): away won.
  await expect(console.getByTestId('sb-correct-1x2')).toBeVisible({ timeout: 30_000 });
  await enterResult(true, 'away', 'Gol anulado pelo VAR: 0 × 1');

  // Resettled: lost, the 20,00 taken back.
  await open(page, '/sports?tab=mybets&bets=settled');
  // Like the first settlement: the job's pass a second can wait for its next minute (pg-boss's cron check) on a loaded machine.
  await expect(page.getByTestId('sb-ticket').first().getByTestId('sb-ticket-status')).toHaveText(text.lost, { timeout: 90_000 });
  await expect(page.getByTestId('balance')).toContainText(text.money('40.00'));
  expect(await horizontalOverflow(page)).toBe(0);
  await shoot(`sportsbook-resettled-${language}`);

  // The console's ticket: the bet, settle-1's win, its reversal, settle-2 — once each, and it stays so.
  await console.goto('/admin/sportsbook/tickets');
  await console.getByTestId('sb-tickets-account').fill(member.account);
  await console.getByTestId('sb-tickets-search').click();
  await console.locator('[data-testid^="sb-ticket-link-"]').first().click();
  const transactions = console.getByTestId('sb-ticket-transactions');
  const ids = async () => (await transactions.locator('code').allTextContents()).map((id) => id.replace(/^sportsbook-\d+-/, '')).sort();
  await expect.poll(ids, { timeout: 30_000 }).toEqual(IDS);
  await console.screenshot({ path: testInfo.outputPath('console-ticket-resettled.png'), fullPage: true });
  await console.waitForTimeout(3_000);
  await console.reload();
  await expect.poll(ids).toEqual(IDS);
  await expect(console.getByTestId('sb-ticket-status')).toHaveText('Perdido');
  await console.close();
}

test.describe('sportsbook settlement', () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('a live match moves on the member\'s screen; the operator settles it in the console, corrects the result, and the ticket is resettled once (PT)', async ({ page, browser, shoot }, testInfo) => {
    await journey(page, browser, testInfo, 'pt', shoot);
  });

  test('the same in English, on a phone with the slip as a bottom sheet @phone', async ({ page, browser, shoot }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'English runs on the phone; the Portuguese journey covers the desktop');
    await journey(page, browser, testInfo, 'en', shoot);
  });
});
