import type { Page, TestInfo } from '@playwright/test';
import { api, registerMember } from '../fixtures/accounts.ts';
import { useReviewViewport } from '../fixtures/games.ts';
import { closeLotterySlip, openLotterySlip, pick, southernDrawSoon } from '../fixtures/lottery.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * Lottery (issue 24), as a member plays it: a bet on the fast 1-minute draw and one on a southern
 * Vietnamese draw; each draw's countdown closes it on screen, its result shows, the ticket is
 * settled in my orders and its round is in the betting record; the fast draw's result is verified
 * from its revealed secret. In Portuguese on a desktop; in English on a desktop and on a phone
 * (the slip a bottom sheet there). A visitor opening a lottery page is sent to log in.
 */
const TEXT = {
  pt: { placed: /Aposta nº \d+ aceita/, settled: /Ganhou|Perdeu/, money: (amount: string) => amount.replace('.', ',') },
  en: { placed: /Ticket #\d+ accepted/, settled: /Won|Lost/, money: (amount: string) => amount },
} as const;

/** Waits, if needed, until the 1-minute game's draw taking bets closes at least `seconds` from now (a person would wait for the next one). */
async function roomyFastDraw(seconds: number): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const game = await api<{ nextDraw: { closesAt: string } | null }>('/api/lottery/games/ELOTT_1M');
    const left = game.nextDraw ? Date.parse(game.nextDraw.closesAt) - Date.now() : 0;
    if (left >= seconds * 1000) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(left, 0) + 2_000));
  }
}

async function memberOnSite(page: Page, language: 'pt' | 'en') {
  const member = await registerMember();
  await fund(member.account, '100.00');
  await logIn(page, member.account, member.password);
  await expect(page.getByTestId('balance')).toContainText('100,00', { timeout: 20_000 });
  if (language === 'en') await page.evaluate(() => localStorage.setItem('lang', 'en'));
  return member;
}

/**
 * One member, two bets placed one after the other — the fast 1-minute draw and a southern draw
 * closing in 50 s — then both followed to their settlement: the two draws close and draw at about
 * the same time, so the journey waits once for both.
 */
async function journey(page: Page, testInfo: TestInfo, language: 'pt' | 'en', shoot: (name: string) => Promise<void>) {
  test.setTimeout(300_000);
  const text = TEXT[language];
  await memberOnSite(page, language);

  // A southern province's draw (R$ 36,00: bao lô 2 on 07 and 38 at R$ 1,00 — two numbers × 18 prize numbers).
  const southern = await southernDrawSoon(50);
  await open(page, `/vnLottery?gameCode=${southern.gameCode}`);
  await expect(page.getByTestId('lt-draw-no')).toContainText(southern.drawNo);
  await expect(page.getByTestId('lt-countdown')).toBeVisible();
  await pick(page, 'bao_lo_2', ['07', '38']);
  let slip = await openLotterySlip(page, testInfo);
  await slip.getByTestId('lt-slip-stake').fill('1');
  await expect(slip.getByTestId('lt-slip-combinations')).toHaveText('2');
  await expect(slip.getByTestId('lt-slip-cost-units')).toHaveText('18');
  await expect(slip.getByTestId('lt-slip-total')).toContainText(text.money('36.00'));
  await shoot(`lottery-southern-slip-${language}`);
  await slip.getByTestId('lt-slip-confirm').dblclick();
  await expect(slip.getByTestId('lt-slip-placed')).toContainText(text.placed);
  await closeLotterySlip(page, testInfo);
  await expect(page.getByTestId('balance')).toContainText(text.money('64.00'));

  // The fast 1-minute draw (R$ 2,00 on the first ball big), with time left before its close.
  await roomyFastDraw(20);
  await open(page, '/lottery?gameCode=ELOTT_1M');
  const drawNo = page.getByTestId('lt-draw-no');
  await expect(page.getByTestId('lt-countdown')).toBeVisible();
  const betOn = (await drawNo.textContent()) ?? '';
  await pick(page, 'big_small', ['p1:big']);
  slip = await openLotterySlip(page, testInfo);
  await slip.getByTestId('lt-slip-stake').fill('2');
  await expect(slip.getByTestId('lt-slip-combinations')).toHaveText('1');
  await expect(slip.getByTestId('lt-slip-total')).toContainText(text.money('2.00'));
  await slip.getByTestId('lt-slip-confirm').click();
  await expect(slip.getByTestId('lt-slip-placed')).toContainText(text.placed);
  await closeLotterySlip(page, testInfo);
  await expect(page.getByTestId('balance')).toContainText(text.money('62.00'));

  // The countdown closes the fast draw; the page moves to the next one and shows the drawn balls.
  await expect(drawNo).not.toHaveText(betOn, { timeout: 75_000 });
  const last = page.getByTestId('lt-last-result');
  await expect(last).toContainText(betOn.replace(/^\D+/, ''), { timeout: 30_000 });
  await expect(last.getByTestId('lt-balls')).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await shoot(`lottery-fast-result-${language}`);

  // Verified from the revealed secret: its hash is the commitment published before, the balls recomputed match.
  await last.getByTestId('lt-verify-link').click();
  await expect(page.getByTestId('lt-verify-hash-matches')).toHaveAttribute('data-state', 'match');
  await expect(page.getByTestId('lt-verify-result-matches')).toHaveAttribute('data-state', 'match');
  await expect(page.getByTestId('lt-verify-secret')).toHaveText(/^[0-9a-f]{64}$/);
  await shoot(`lottery-fast-verify-${language}`);

  // The southern draw closes (50 s after it was moved; the fast draw above can take less) and its
  // result comes in from the feed: the page's countdown moves it on.
  await open(page, `/vnLottery?gameCode=${southern.gameCode}`);
  await expect(page.getByTestId('lt-draw-no')).not.toContainText(southern.drawNo, { timeout: 60_000 });
  await expect(page.getByTestId('lt-last-result')).toContainText(southern.drawNo, { timeout: 60_000 });
  expect(await horizontalOverflow(page)).toBe(0);
  await shoot(`lottery-southern-result-${language}`);

  // Both settled in my orders (won or lost, by the draws), and both rounds in the betting record.
  await open(page, '/lottery?tab=orders&status=settled');
  const tickets = page.getByTestId('lt-ticket');
  await expect(tickets.getByTestId('lt-ticket-status')).toHaveText([text.settled, text.settled], { timeout: 60_000 });
  await expect(tickets.getByTestId('lt-ticket-stake')).toContainText([text.money('2.00'), text.money('36.00')]);
  await shoot(`lottery-orders-${language}`);
  await open(page, '/member?tab=personalHistoryCopy');
  await expect(page.getByTestId('betting-row')).toHaveCount(2, { timeout: 15_000 });
}

test.describe('lottery', () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('a visitor opening a lottery page is sent to log in @phone', async ({ page }) => {
    // /login goes home and opens the login modal there (spec): the address is /login only for a moment.
    for (const path of ['/vnLottery', '/lottery?gameCode=ELOTT_1M', '/seaLottery']) {
      await open(page, path);
      await expect(page.getByTestId('modal-login'), path).toBeVisible();
      await expect(page).not.toHaveURL(/gameCode|Lottery/);
    }
  });

  test('bets on the fast 1-minute draw and a southern Vietnamese draw: closed by their countdowns, drawn, settled in my orders and the betting record, the fast one verified (PT)', async ({ page, shoot }, testInfo) => {
    await journey(page, testInfo, 'pt', shoot);
  });

  // English runs on the phone only (the Portuguese journey covers the desktop): each journey waits out two draws.
  test('the same in English, on a phone with the slip as a bottom sheet @phone', async ({ page, shoot }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the English journey runs on the phone');
    await journey(page, testInfo, 'en', shoot);
  });
});
