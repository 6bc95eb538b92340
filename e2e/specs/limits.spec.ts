import { randomUUID } from 'node:crypto';
import { declareAdultIdentity, sql } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { isPhone } from '../fixtures/games.ts';
import { fund } from '../fixtures/rounds.ts';
import { expect, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';
import { CAPTCHA_ANSWER } from '../server-env.ts';

/**
 * Responsible-gaming limits (issue 27): a member sets loss and time limits at registration and
 * acknowledges the risk notice, lowers a limit (at once) and raises one (pending 24 hours) on the
 * limits page linked from the security centre, is refused a deposit above the deposit limit and a
 * mini-game bet above the wager limit with clear messages, gets a reality check (the session's
 * start is moved back an hour rather than waiting it out) and reaches the session-time limit's
 * full screen; an operator reads the history in the console. PT on the desktop, EN on the phone.
 */
test.describe.configure({ timeout: 150_000 });

const sessionStartedAgo = (account: string, minutes: number) =>
  sql(`update accounts_session set created_at = now() - ($1 || ' minutes')::interval where member_id = (select id from accounts_member where account = $2) and revoked_at is null`, [String(minutes), account]);

test('limits at registration, lowered and raised, enforced on deposit and bet, reality check and session end', { tag: '@phone' }, async ({ page, browser, shoot }, testInfo) => {
  const en = isPhone(testInfo);
  // The notice after login is what this journey looks at (other journeys skip it, see fixtures/site.ts).
  await page.addInitScript((lang) => {
    localStorage.removeItem('rg.notice.skip');
    if (lang) localStorage.setItem('lang', lang);
  }, en ? 'en' : '');
  /** Money as each language shows it: 1.000,00 in Portuguese, 1,000.00 in English. */
  const money = (reais: string) => (en ? Number(reais).toLocaleString('en-US', { minimumFractionDigits: 2 }) : Number(reais).toLocaleString('pt-BR', { minimumFractionDigits: 2 }));
  const username = `lim${randomUUID().slice(0, 8)}`;
  const password = 'um segredo bem longo';

  // Registration asks for loss and time limits, with suggestions and a risk warning.
  await open(page, '/register');
  await expect(page.getByTestId('modal-register')).toBeVisible();
  await expect(page.getByTestId('register-risk-warning')).toContainText(en ? 'adults (18+)' : 'maiores de 18 anos', { timeout: 15_000 });
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm').fill(password);
  await expect(page.getByTestId('register-loss-period')).toHaveValue('week');
  await page.getByTestId('register-loss-amount').fill('300');
  await page.getByTestId('register-session-minutes').selectOption('120');
  await page.getByTestId('register-captcha-input').fill(CAPTCHA_ANSWER);
  await page.getByTestId('register-limits').scrollIntoViewIfNeeded();
  await shoot('limits-register');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('modal-register')).toBeHidden({ timeout: 15_000 });

  // The risk notice after each login: one click.
  await expect(page.getByTestId('rg-login-notice')).toBeVisible();
  await expect(page.getByTestId('rg-login-notice')).toContainText(en ? 'forbidden to anyone under 18' : 'proibidas para menores de 18 anos');
  await shoot('limits-login-notice');
  await page.getByTestId('rg-login-notice-ack').click();
  await expect(page.getByTestId('rg-login-notice')).toBeHidden();

  // The security centre links to the limits page.
  await open(page, '/member?tab=securityCenter');
  await expect(page.getByTestId('security-limits')).toBeVisible();
  await page.getByTestId('security-limits').scrollIntoViewIfNeeded();
  await shoot('limits-security-centre');
  await page.getByTestId('security-limits-link').click();
  await expect(page.getByTestId('limits-page')).toBeVisible();
  await expect(page.getByTestId('limits-loss-week-current')).toContainText(money('300'));
  await expect(page.getByTestId('limits-session-session-current')).toContainText('120');
  expect(await horizontalOverflow(page)).toBe(0);
  await shoot('limits-page');

  // Lowered: at once.
  await page.getByTestId('limits-loss-week-input').fill('200');
  await page.getByTestId('limits-loss-week-save').click();
  await expect(page.getByTestId('limits-loss-week-feedback')).toContainText(en ? 'It applies now' : 'Ele já está valendo');
  await expect(page.getByTestId('limits-loss-week-current')).toContainText(money('200'));
  // Raised: pending for 24 hours, with its time, and cancellable.
  await page.getByTestId('limits-loss-week-input').fill('1000');
  await page.getByTestId('limits-loss-week-save').click();
  await expect(page.getByTestId('limits-loss-week-feedback')).toContainText(en ? '24-hour wait' : '24 horas de espera');
  await expect(page.getByTestId('limits-pending-loss-week')).toContainText(money('1000'));
  await expect(page.getByTestId('limits-loss-week-current')).toContainText(money('200'));
  await expect(page.getByTestId('limits-cancel-loss-week')).toBeVisible();
  await page.getByTestId('limits-pending-loss-week').scrollIntoViewIfNeeded();
  await shoot('limits-pending');

  // A deposit and a wager limit, for the refusals below.
  await page.getByTestId('limits-deposit-day-input').fill('20');
  await page.getByTestId('limits-deposit-day-save').click();
  await expect(page.getByTestId('limits-deposit-day-current')).toContainText(money('20'));
  await page.getByTestId('limits-wager-day-input').fill('1');
  await page.getByTestId('limits-wager-day-save').click();
  await expect(page.getByTestId('limits-wager-day-current')).toContainText(money('1'));

  // The deposit above the limit is refused before any charge, saying the limit and what is left.
  await declareAdultIdentity(username);
  await open(page, '/member?tab=depositv2');
  await page.getByTestId('deposit-amount').fill('50');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-error')).toContainText(en ? `your daily deposit limit is R$ ${money('20')}` : `seu limite de depósito diário é R$ ${money('20')}`);
  await shoot('limits-deposit-refused');
  expect(await sql('select id from payments_deposit where member_id = (select id from accounts_member where account = $1)', [username])).toHaveLength(0);

  // A bet above the wager limit is refused with the responsible-gaming message; no money moves.
  await fund(username, '10.00');
  await open(page, '/seamless?vendor=HOUSE&gameCode=dados');
  await expect(page.getByTestId('mini-screen')).toHaveAttribute('data-game', 'dados');
  await page.getByTestId('mini-amount').fill(en ? '2.00' : '2,00');
  await page.getByTestId('mini-play').click();
  await expect(page.getByTestId('mini-error-message')).toContainText(en ? 'responsible-gaming limit' : 'limite de jogo responsável');
  await shoot('limits-bet-refused');
  await expect(page.getByTestId('mini-balance-value')).toContainText(money('10'));
  // A bet within the limit is taken; at 90 % of the day's wager limit the member is told once.
  await page.getByTestId('mini-amount').fill(en ? '0.90' : '0,90');
  await page.getByTestId('mini-play').click();
  await expect(page.getByTestId('mini-result')).toHaveAttribute('data-won', /true|false/, { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId('rg-alert-wager-day')).toContainText(en ? 'you have used R$ 0.90 of R$ 1.00' : 'você já usou R$ 0,90 de R$ 1,00', { timeout: 20_000 });
  await shoot('limits-alert');
  await page.getByTestId('rg-alert-wager-day').getByRole('button').click();
  await expect(page.getByTestId('rg-alerts')).toBeHidden();

  // The reality check: an hour into the session (moved back rather than waited for).
  await sessionStartedAgo(username, 61);
  await page.reload();
  await expect(page.getByTestId('rg-reality-check')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('rg-reality-time')).toContainText('61');
  await expect(page.getByTestId('rg-reality-net')).toContainText('R$');
  await shoot('limits-reality-check');
  await page.getByTestId('rg-reality-continue').click();
  await expect(page.getByTestId('rg-reality-check')).toBeHidden();

  // The session-time limit (120 minutes, set at registration): the session ends with a full screen.
  // Half a minute past it: before the job's minute of grace, so this page's poll is the one that ends it.
  await sessionStartedAgo(username, 120.5);
  await page.reload();
  await expect(page.getByTestId('rg-session-ended')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('rg-session-ended')).toContainText(en ? 'session time limit of 120 minutes' : 'limite de tempo de sessão de 120 minutos');
  await shoot('limits-session-ended');
  await page.getByTestId('rg-session-ended-login').click();
  await expect(page.getByTestId('login-username')).toBeVisible();

  // The operator reads the member's limits, the pending raise and the history.
  const consoleContext = await browser.newContext({ viewport: en ? { width: 412, height: 915 } : { width: 1366, height: 800 } });
  const consolePage = await consoleContext.newPage();
  try {
    await resetDemoOwnerTwoFactor();
    await consoleLogin(consolePage, await demoOwner());
    await consolePage.goto('/admin/rg/limits');
    await consolePage.getByTestId('limits-admin-account').fill(username);
    await consolePage.getByTestId('limits-admin-search').click();
    await expect(consolePage.getByTestId('limits-admin-member')).toContainText(username);
    await expect(consolePage.getByTestId('limits-admin-member')).toContainText('Aumento pedido');
    await consolePage.screenshot({ path: `${SCREENSHOT_DIR}/limits-console-${testInfo.project.name}.png`, fullPage: true });
  } finally {
    await consoleContext.close();
  }
});
