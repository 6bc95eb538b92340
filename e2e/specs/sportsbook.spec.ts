import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { api, registerMember } from '../fixtures/accounts.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { demoOperatorSession } from '../fixtures/payments.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { closeSlip, openSlip, operatorCreatesEvents, pickHome } from '../fixtures/sportsbook.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * The house sportsbook's player journeys (issue 23). The journeys run without a feed
 * (server-env.ts: SPORTSBOOK_FEED=off), so an operator creates the events by hand through the
 * back-office API, as the console does; the member then bets on them in the browser.
 */

const TEXT = {
  pt: { single: 'Simples', accumulator: 'Múltipla', yankee: 'Yankee · 11 apostas', placed: 'Aposta feita!', open: 'Aberta' },
  en: { single: 'Single', accumulator: 'Accumulator', yankee: 'Yankee · 11 bets', placed: 'Bet placed!', open: 'Open' },
} as const;

async function journey(page: Page, testInfo: TestInfo, language: 'pt' | 'en', shoot: (name: string) => Promise<void>) {
  test.setTimeout(240_000);
  const text = TEXT[language];
  const events = await operatorCreatesEvents();
  const member = await registerMember();
  await fund(member.account, '100.00');
  await logIn(page, member.account, member.password);
  // The session is stored once the balance shows: only then may the page be reloaded.
  await expect(page.getByTestId('balance')).toContainText('100,00', { timeout: 20_000 });
  if (language === 'en') {
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  }

  // A single: one selection, its own stake.
  await pickHome(page, events[0]!);
  let slip = await openSlip(page, testInfo);
  await slip.getByTestId('sb-slip-leg-stake').fill('5');
  await expect(slip.getByTestId('sb-slip-return')).toContainText('10');
  await slip.getByTestId('sb-slip-place').click();
  await expect(slip.getByTestId('sb-slip-placed-message')).toContainText(text.placed);
  await slip.getByTestId('sb-slip-new').click();
  await closeSlip(page, testInfo, slip);

  // A 4-leg accumulator across four matches: the slip follows the member from page to page.
  for (const eventId of events) await pickHome(page, eventId);
  slip = await openSlip(page, testInfo);
  await expect(slip.getByTestId('sb-slip-leg')).toHaveCount(4);
  await expect(slip.getByTestId('sb-slip-type-accumulator')).toHaveAttribute('aria-checked', 'true');
  await expect(slip.getByTestId('sb-slip-total-odds')).toHaveText('16.00');
  await slip.getByTestId('sb-slip-stake').fill('2');
  await slip.getByTestId('sb-slip-place').click();
  await expect(slip.getByTestId('sb-slip-placed-message')).toContainText(text.placed);

  // A Yankee on the same four: 11 bets (6 doubles, 4 trebles, 1 four-fold) at R$ 1 each.
  await slip.getByRole('button', { name: /Manter seleções|Keep selections/ }).click();
  await slip.getByTestId('sb-slip-type-system').click();
  await expect(slip.getByTestId('sb-system-preset-yankee')).toHaveAttribute('aria-checked', 'true');
  await slip.getByTestId('sb-slip-stake').fill('1');
  await expect(slip.getByTestId('sb-slip-bet-count')).toHaveText('11');
  await expect(slip.getByTestId('sb-slip-total-stake')).toContainText('11');
  await shoot(`sportsbook-yankee-${language}`);
  await slip.getByTestId('sb-slip-place').click();
  await expect(slip.getByTestId('sb-slip-placed-message')).toContainText(text.placed);
  await slip.getByTestId('sb-slip-new').click();
  await closeSlip(page, testInfo, slip);

  // My bets: the three tickets, open, newest first.
  await open(page, '/sports?tab=mybets');
  const tickets = page.getByTestId('sb-ticket');
  await expect(tickets).toHaveCount(3);
  await expect(page.getByTestId('sb-ticket-type')).toHaveText([text.yankee, text.accumulator, text.single]);
  await expect(page.getByTestId('sb-ticket-status').first()).toHaveText(text.open);
  expect(await horizontalOverflow(page)).toBe(0);
  await shoot(`sportsbook-my-bets-${language}`);
  // 100 − 5 − 2 − 11 = 82.
  await expect(page.getByTestId('balance')).toContainText(language === 'pt' ? '82,00' : '82.00');
}

const CASH_OUT_TEXT = {
  pt: { changed: 'As odds mudaram — aceitar?', placed: 'Aposta feita!', confirm: 'agora por este bilhete?', paid: 'Cash out feito', status: 'Cash out', money: (amount: string) => amount.replace('.', ',') },
  en: { changed: 'Odds changed — accept?', placed: 'Bet placed!', confirm: 'now for this ticket?', paid: 'Cashed out', status: 'Cashed out', money: (amount: string) => amount },
} as const;

/** The slip asks before taking odds the operator changed; the ticket is then cashed out at the accepted price. */
async function cashOutJourney(page: Page, testInfo: TestInfo, language: 'pt' | 'en', shoot: (name: string) => Promise<void>) {
  test.setTimeout(240_000);
  const text = CASH_OUT_TEXT[language];
  const operator = await demoOperatorSession();
  const [eventId] = await operatorCreatesEvents(operator);
  const member = await registerMember();
  await fund(member.account, '50.00');
  await logIn(page, member.account, member.password);
  await expect(page.getByTestId('balance')).toContainText('50,00', { timeout: 20_000 });
  if (language === 'en') await page.evaluate(() => localStorage.setItem('lang', 'en'));

  await pickHome(page, eventId!);
  const slip = await openSlip(page, testInfo);
  await slip.getByTestId('sb-slip-leg-stake').fill('10');
  // The operator reprices the pick: the change arrives over /ws and the slip (no changes taken by default) asks.
  await api(`/api/backoffice/sportsbook/events/${encodeURIComponent(eventId!)}/odds`, { method: 'POST', token: operator, body: { requestId: randomUUID(), marketKey: '1x2', outcomes: [{ id: 'home', odds: '2.40' }] } });
  await expect(slip.getByTestId('sb-slip-odds-changed')).toContainText(text.changed, { timeout: 15_000 });
  await expect(slip.getByTestId('sb-slip-leg-new-odds')).toHaveText('2.40');
  await expect(slip.getByTestId('sb-slip-place')).toBeDisabled();
  await shoot(`sportsbook-odds-changed-${language}`);
  await slip.getByTestId('sb-slip-accept-odds').click();
  await expect(slip.getByTestId('sb-slip-return')).toContainText(text.money('24.00'));
  await slip.getByTestId('sb-slip-place').click();
  await expect(slip.getByTestId('sb-slip-placed-message')).toContainText(text.placed);
  await slip.getByTestId('sb-slip-new').click();
  await closeSlip(page, testInfo, slip);
  await expect(page.getByTestId('balance')).toContainText(text.money('40.00'));

  // Cash-out: the offer, a confirm naming it, paid to the wallet; the ticket moves to settled.
  await open(page, '/sports?tab=mybets');
  const offer = page.getByTestId('sb-cashout-full');
  await expect(offer).toContainText('Cash out R$');
  await offer.click();
  await expect(page.getByTestId('sb-cashout-confirm')).toContainText(text.confirm);
  await shoot(`sportsbook-cash-out-confirm-${language}`);
  await page.getByTestId('sb-cashout-accept').click();
  await expect(page.getByTestId('sb-cashout-paid')).toContainText(text.paid);
  await page.getByTestId('sb-mybets-settled').click();
  await expect(page.getByTestId('sb-ticket-status').first()).toHaveText(text.status);
  await expect(page.getByTestId('balance')).not.toContainText(text.money('40.00'));
  expect(await horizontalOverflow(page)).toBe(0);
}

test.describe('sportsbook', () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('a member places a single, a 4-leg accumulator and a Yankee on events an operator created, and sees them in my bets (PT)', async ({ page, shoot }, testInfo) => {
    await journey(page, testInfo, 'pt', shoot);
  });

  test('the same in English, on a phone with the slip as a bottom sheet @phone', async ({ page, shoot }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'English runs on the phone; the Portuguese journey covers the desktop');
    await journey(page, testInfo, 'en', shoot);
  });

  test('the slip asks before taking new odds the operator set, and an open ticket is cashed out at the accepted price (PT)', async ({ page, shoot }, testInfo) => {
    await cashOutJourney(page, testInfo, 'pt', shoot);
  });

  test('odds change and cash-out in English, on a phone @phone', async ({ page, shoot }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'English runs on the phone; the Portuguese journey covers the desktop');
    await cashOutJourney(page, testInfo, 'en', shoot);
  });
});
