import type { Page, TestInfo } from '@playwright/test';
import { registerMember, sql } from '../fixtures/accounts.ts';
import { isPhone, useReviewViewport } from '../fixtures/games.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, logIn, open, test, withoutSitePopups } from '../fixtures/site.ts';
import { BASE_URL } from '../server-env.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * Live tables (issue 25), as a member plays them: at the baccarat table and at the roulette table,
 * chips on the board through three rounds (placed, repeated, doubled), each round's result and the
 * member's win on screen, the road maps or the last results growing, the balance matching the bets'
 * stakes and wins; the round found in the betting record and verified in the browser from its
 * revealed seed (a baccarat hand once its shoe has ended: e2e/server-env.ts makes shoes short). In
 * Portuguese on a desktop and in English on a phone. Two browsers at one table see the same round.
 * Rounds run by the server's leader: 10 s to bet, 3 s to show the deal or the spin, a 4 s pause.
 */
const TEXT = {
  pt: { placeBets: 'Façam suas apostas', won: /Você ganhou|Sem ganho/, money: (amount: string) => amount.replace('.', ',') },
  en: { placeBets: 'Place your bets', won: /You won|No win/, money: (amount: string) => amount },
} as const;
const TABLES = {
  baccarat: { code: 'bacara-rio', spots: ['banker', 'player_pair'], game: 'baccarat' },
  roulette: { code: 'roleta-copacabana', spots: ['red', 'straight:17', 'dozen:2'], game: 'roulette' },
} as const;
const ROUND_TIMEOUT = 40_000;

const tablePage = (page: Page) => page.getByTestId('live-table-page');

/** Waits for a round whose window has just opened (not one about to close), answers its id. */
async function freshWindow(page: Page, after: string | null): Promise<string> {
  const table = tablePage(page);
  // A round already in betting when the page opened may be about to close: wait for the next one.
  if (after === null) await expect(table).not.toHaveAttribute('data-phase', 'betting', { timeout: ROUND_TIMEOUT });
  await expect(async () => {
    expect(await table.getAttribute('data-phase')).toBe('betting');
    expect(await table.getAttribute('data-round')).not.toBe(after ?? '');
  }).toPass({ timeout: ROUND_TIMEOUT });
  return (await table.getAttribute('data-round'))!;
}

async function memberAt(page: Page, language: 'pt' | 'en') {
  const member = await registerMember();
  await fund(member.account, '100.00');
  await logIn(page, member.account, member.password);
  await expect(page.getByTestId('balance')).toContainText('100,00', { timeout: 20_000 });
  if (language === 'en') await page.evaluate(() => localStorage.setItem('lang', 'en'));
  return member;
}

async function liveBets(account: string) {
  return sql<{ round_id: string; amount: string; win: string | null; status: string }>(
    `select b.round_id::text, b.amount::text, b.win::text, b.status from live_bet b join accounts_member m on m.id = b.member_id where m.account = $1 order by b.id`,
    [account],
  );
}

/** Three rounds at one table: chips placed, then the same again (repeat), then doubled. */
async function playThreeRounds(page: Page, kind: keyof typeof TABLES, language: 'pt' | 'en', shoot: (name: string) => Promise<void>) {
  const { code, spots } = TABLES[kind];
  const text = TEXT[language];
  const played: string[] = [];
  let last: string | null = null;
  for (let round = 0; round < 3; round += 1) {
    last = await freshWindow(page, last);
    await expect(page.getByTestId('live-phase')).toHaveText(text.placeBets);
    const handsBefore = kind === 'baccarat' ? Number(await page.getByTestId('stats-hands').textContent()) : 0;
    if (round === 0) {
      await page.getByTestId('chip-100').click();
      for (const spot of spots) await page.getByTestId(`spot-${spot}`).click();
      await expect(page.getByTestId('board-pending-total')).toContainText(text.money(`${spots.length}.00`));
    } else {
      await page.getByTestId('board-repeat').click();
      if (round === 2) await page.getByTestId('board-double').click();
      await expect(page.getByTestId('board-pending-total')).toContainText(text.money(`${spots.length * (round === 2 ? 2 : 1)}.00`));
    }
    if (round === 0) await shoot(`live-${kind}-chips`);
    // A double click sends one bet (one requestId per submission).
    await page.getByTestId('board-confirm').dblclick();
    await expect(page.getByTestId('board-confirmed-total')).toContainText(text.money(`${spots.length * (round === 2 ? 2 : 1)}.00`));
    played.push(last);
    await expect(tablePage(page)).toHaveAttribute('data-phase', 'dealing', { timeout: ROUND_TIMEOUT });
    if (round === 0) await shoot(`live-${kind}-dealing`);
    await expect(tablePage(page)).toHaveAttribute('data-phase', 'result', { timeout: ROUND_TIMEOUT });
    await expect(page.getByTestId('live-my-win')).toHaveText(text.won);
    // The history grows with the round: the shoe's hand count (a new shoe starts again) or the last spins.
    if (kind === 'baccarat') {
      // The hand just played joins its shoe's count and bead plate (a shoe's first hand counts 1).
      await expect(async () => {
        const hands = Number(await page.getByTestId('stats-hands').textContent());
        expect(hands === handsBefore + 1 || hands === 1, `hands ${hands} after ${handsBefore}`).toBe(true);
        expect(await page.getByTestId('road-bead').locator('.live-dot').count()).toBe(hands);
      }).toPass({ timeout: 10_000 });
    } else {
      await expect(page.getByTestId('roulette-last')).toBeVisible();
      await expect(page.getByTestId('roulette-hot')).toBeVisible();
    }
    if (round === 0) await shoot(`live-${kind}-result`);
  }
  expect(await horizontalOverflow(page)).toBe(0);
  return { code, played };
}

async function journey(page: Page, testInfo: TestInfo, kind: keyof typeof TABLES, shoot: (name: string) => Promise<void>) {
  test.setTimeout(240_000);
  const language = isPhone(testInfo) ? 'en' : 'pt';
  const member = await memberAt(page, language);
  await open(page, '/live');
  const card = page.getByTestId(`live-table-${TABLES[kind].code}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('live-card-status')).toHaveAttribute('class', /live-status--open/);
  await shoot(`live-lobby-${kind}`);
  await card.click();
  await expect(tablePage(page)).toHaveAttribute('data-code', TABLES[kind].code);

  const { played } = await playThreeRounds(page, kind, language, shoot);

  // The books: every bet settled and closed; the balance shown is 100 less the stakes plus the wins.
  await expect(async () => {
    const bets = await liveBets(member.account);
    expect(bets.map((bet) => bet.status)).toEqual(['settled', 'settled', 'settled']);
    expect(new Set(bets.map((bet) => bet.round_id))).toEqual(new Set(played));
  }).toPass({ timeout: 15_000 });
  const bets = await liveBets(member.account);
  const balance = bets.reduce((sum, bet) => sum - BigInt(bet.amount) + BigInt(bet.win ?? '0'), 10_000n);
  const expected = `${balance / 100n}.${String(balance % 100n).padStart(2, '0')}`;
  // Under R$ 1.000 (no thousands separator): 100 less a few reais of stakes plus at most a straight-up's win.
  await expect(page.getByTestId('live-balance')).toContainText(TEXT[language].money(expected), { timeout: 15_000 });
  await expect(page.getByTestId('my-bet-round')).toHaveCount(3, { timeout: 10_000 });
  await shoot(`live-${kind}-my-bets`);

  // In the betting record, with its detail and the verify link.
  await open(page, '/member?tab=personalHistoryCopy');
  await expect(page.getByTestId('betting-row').first()).toBeVisible();
  await page.getByTestId('round-details').first().click();
  await expect(page.getByTestId('round-detail-content')).toHaveAttribute('data-kind', 'live');
  await page.getByTestId('round-verify-link').click();
  await expect(page.getByTestId('live-round-detail')).toHaveAttribute('data-game', TABLES[kind].game);

  // A roulette seed is revealed with the result; a baccarat shoe's when the shoe ends (a few hands here).
  await open(page, `/live/round/${played[0]}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('verify-button')).toBeEnabled({ timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [5_000] });
  await page.getByTestId('verify-button').click();
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-valid', 'true', { timeout: 15_000 });
  await shoot(`live-${kind}-verified`);
}

test.describe('live tables', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }, testInfo) => useReviewViewport(page, testInfo));

  test('a member bets at the baccarat table through three rounds, follows the roads and verifies a hand', async ({ page, shoot }, testInfo) => {
    await journey(page, testInfo, 'baccarat', shoot);
  });

  test('a member bets at the roulette table through three rounds and verifies a spin', async ({ page, shoot }, testInfo) => {
    await journey(page, testInfo, 'roulette', shoot);
  });
});

test.describe('live tables, shared', () => {
  test('two browsers at one table see the same round, its result and a chat message', async ({ page, browser, shoot }) => {
    test.setTimeout(120_000);
    const member = await memberAt(page, 'pt');
    const code = TABLES.roulette.code;
    await open(page, `/live/table/${code}`);
    const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
    await withoutSitePopups(visitor);
    const other = await visitor.newPage();
    await other.goto(`/live/table/${code}`);
    await expect(other.getByTestId('live-login-prompt')).toBeVisible();

    const round = await freshWindow(page, null);
    await expect(tablePage(other)).toHaveAttribute('data-round', round, { timeout: 10_000 });
    await expect(tablePage(other)).toHaveAttribute('data-phase', 'betting');
    await expect(tablePage(other)).toHaveAttribute('data-phase', 'result', { timeout: ROUND_TIMEOUT });
    await expect(tablePage(page)).toHaveAttribute('data-phase', 'result', { timeout: ROUND_TIMEOUT });
    // The last numbers follow the result on each page (the member's history refetch may land a moment after the phase): they agree.
    const lastNumbers = async () => Promise.all([page.getByTestId('roulette-last').textContent(), other.getByTestId('roulette-last').textContent()]);
    await expect.poll(async () => { const [mine, theirs] = await lastNumbers(); return mine === theirs && (mine ?? '') !== ''; }, { timeout: 10_000 }).toBe(true);

    // The chat reaches the other browser; a rude word is masked for everyone.
    const line = `boa sorte ${member.account.slice(-4)} merda`;
    await page.getByTestId('chat-input').fill(line);
    await page.getByTestId('chat-send').click();
    await expect(other.getByTestId('chat-message').filter({ hasText: `boa sorte ${member.account.slice(-4)}` })).toContainText('*****', { timeout: 10_000 });
    await shoot('live-shared-table');
    await visitor.close();
  });
});
