import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { registerMember, sql } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, consoleMenu, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { isPhone } from '../fixtures/games.ts';
import { fund, playVendorRounds } from '../fixtures/rounds.ts';
import { expect, newMemberInProjectLanguage, open, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * Transparency and monitoring (issue 27, docs/compliance.md): a member sees a game's RTP on its tile
 * and its page, downloads the financial history as CSV and the LGPD export as JSON; an operator
 * sees a big-win alert, acknowledges it and downloads the day's regulator extract. PT on the
 * desktop, EN on the phone.
 */
test.describe.configure({ timeout: 120_000 });

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { download, text: await readFile((await download.path())!, 'utf8') };
}

test('a member sees the RTP and downloads the history and the data export', { tag: '@phone' }, async ({ page, shoot }, testInfo) => {
  const { member, language } = await newMemberInProjectLanguage(page, testInfo);
  const pt = language === 'pt';
  await fund(member.account, '25.00');

  // RTP on the tile (vendor-published, formatted for the language) and on the game's page.
  await open(page, '/rng?vassalage=HOUSE');
  const card = page.getByTestId('game-card').filter({ has: page.getByTestId('game-rtp') }).first();
  await expect(card.getByTestId('game-rtp')).toHaveText(pt ? /^RTP \d{2},\d{2}%$/ : /^RTP \d{2}\.\d{2}%$/);
  await shoot('compliance-rtp-tile');
  await card.getByTestId('game-start').click();
  await expect(page.getByTestId('slot-rtp').or(page.getByTestId('mini-rtp')).or(page.getByTestId('stage-rtp')).first()).toContainText(pt ? /\d,\d/ : /\d\.\d/);
  await shoot('compliance-rtp-game');

  // The security centre links to "my data".
  await open(page, '/member');
  await page.getByTestId('security-my-data-link').click();
  await expect(page.getByTestId('my-data-page')).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await shoot('compliance-my-data');

  const csv = await downloaded(page, () => page.getByTestId('my-data-history-download').click());
  expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
  const lines = csv.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe(pt ? 'data_hora;tipo;descricao;carteira;valor;saldo_apos;referencia;produto;fornecedor;lancamento' : 'date_time;type;description;pocket;amount;balance_after;reference;product;vendor;journal');
  expect(lines.some((line) => line.includes(';adjustment;') && line.includes(';25,00;25,00;'))).toBe(true);
  await expect(page.getByTestId('my-data-history-feedback')).toBeVisible();

  const json = await downloaded(page, () => page.getByTestId('my-data-export-download').click());
  const data = JSON.parse(json.text);
  expect(data.account.profile.account).toBe(member.account);
  expect(data.ledger.length).toBeGreaterThan(0);
  // Once an hour: a second click is refused in words.
  await page.getByTestId('my-data-export-download').click();
  await expect(page.getByTestId('my-data-export-feedback')).toHaveText(pt ? 'Você já baixou seus dados há pouco. Tente de novo daqui a uma hora.' : 'You downloaded your data a moment ago. Try again in an hour.');
  await shoot('compliance-my-data-downloaded');
});

test('an operator sees a big-win alert and downloads the day extract', { tag: '@phone' }, async ({ page, shoot }, testInfo) => {
  const winner = await registerMember();
  await fund(winner.account, '20.00');
  await playVendorRounds(winner, [{ bet: '10.00', win: '12000.00' }]);
  const [row] = await sql<{ id: string }>('select id::text as id from accounts_member where account = $1', [winner.account]);

  await resetDemoOwnerTwoFactor();
  await consoleLogin(page, await demoOwner());
  await consoleMenu(page, 'menu-compliance-alerts');
  await expect(page.getByTestId('compliance-alerts-page')).toBeVisible();
  await page.getByTestId('alerts-evaluate').click();
  await page.getByTestId('alerts-account').fill(winner.account);
  await page.getByTestId('alerts-search').click();
  const table = page.getByTestId('alerts-table');
  await expect(table).toContainText('Prêmio alto');
  await expect(table).toContainText('12.000,00');
  await shoot('compliance-console-alert');
  await table.getByRole('button', { name: 'Reconhecer' }).first().click();
  await page.getByTestId('alert-ack-confirm').click();
  await expect(page.getByTestId('alert-ack-dialog')).toContainText('Escreva uma nota.');
  await page.getByTestId('alert-ack-note').fill('Prêmio conferido na rodada do fornecedor.');
  await page.getByTestId('alert-ack-confirm').click();
  await expect(page.getByTestId('alert-ack-dialog')).toBeHidden();
  await page.getByTestId('alerts-status').selectOption('acknowledged');
  await expect(table).toContainText('Prêmio conferido na rodada do fornecedor.');
  await shoot('compliance-console-acknowledged');

  // Today's extract (São Paulo's day) of bets, as CSV.
  await consoleMenu(page, 'menu-compliance-extract');
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await page.getByTestId('extract-day').fill(today);
  await shoot('compliance-console-extract');
  const csv = await downloaded(page, () => page.getByTestId('extract-bets-csv').click());
  expect(csv.download.suggestedFilename()).toBe(`extrato-bets-${today}.csv`);
  const lines = csv.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('bet_id,bettor_id,category,vendor,game_code,game_type,stake,payout,net,status,placed_at,settled_at');
  expect(lines.find((line) => line.split(',')[1] === row!.id)).toMatch(/^DEMOVENDOR:[^,]+,\d+,online_game,DEMOVENDOR,demo-slot-1,[^,]*,10\.00,12000\.00,11990\.00,settled,/);
  if (isPhone(testInfo)) expect(await horizontalOverflow(page)).toBe(0);
});
