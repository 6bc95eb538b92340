import path from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { PNG } from 'pngjs';
import { CAPTCHA_ANSWER } from '../server-env.ts';
import { consoleLogin, demoOwner, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { isPhone } from '../fixtures/games.ts';
import { expect, newMemberInProjectLanguage, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * The customer-service chat (issue 26): a member and an operator chat in two browser contexts.
 * The member opens the chat room modal (side menu on a desktop, the right-edge live-chat icon on a
 * phone), writes; the operator finds the conversation in the console's queue, takes it, and each
 * side sees the other typing; both send an image (a real PNG); the member's message shows the read
 * ticks once the operator has it on screen; with the modal closed an answer lights the icon's dot.
 * In Portuguese on a desktop and in English on a phone.
 */
test.describe.configure({ timeout: 180_000 });

const TEXT = {
  pt: { title: 'Atendimento ao cliente', typing: 'está digitando' },
  en: { title: 'Customer service', typing: 'is typing' },
} as const;

/** A small real PNG (a coloured square), as a player's screenshot would be. */
function pngOf(red: number, green: number, blue: number): Buffer {
  const png = new PNG({ width: 48, height: 48 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([red, green, blue, 255], i);
  return PNG.sync.write(png);
}

async function operatorPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const operator = await context.newPage();
  await resetDemoOwnerTwoFactor();
  await consoleLogin(operator, await demoOwner());
  return operator;
}

const shootConsole = (operator: Page, name: string, testInfo: TestInfo) => operator.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}.png`) });

test.describe('customer-service chat', { tag: '@phone' }, () => {
  test('a member and an operator chat with an image and typing indicators on both sides', async ({ page, browser, shoot }, testInfo) => {
    const { member, language } = await newMemberInProjectLanguage(page, testInfo);
    const text = TEXT[language];

    // The entry: the side menu's customer service on a desktop, the right-edge icon on a phone.
    if (isPhone(testInfo)) await page.getByTestId('edge-live-chat').click();
    else await page.getByTestId('side-customer-service').click();
    const modal = page.getByTestId('modal-support');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(text.title);
    // A click outside does not close it (spec §2 chat room).
    await page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(modal).toBeVisible();
    await page.getByTestId('support-input').fill(language === 'pt' ? 'Olá, meu depósito não apareceu.' : 'Hello, my deposit did not show up.');
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-message-mine')).toHaveCount(1);
    await shoot('support-member-sent');

    const operator = await operatorPage(browser);
    await operator.goto('/admin/support/chat');
    await expect(operator.getByTestId('support-chat-page')).toBeVisible();
    const row = operator.getByTestId('sc-queue').getByRole('button', { name: new RegExp(member.account) });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.click();
    await operator.getByTestId('sc-take').click();
    await expect(operator.getByTestId('sc-mine').getByRole('button', { name: new RegExp(member.account) })).toBeVisible();
    await expect(operator.getByTestId('sc-message-party')).toHaveCount(1);
    await expect(operator.getByTestId('sc-context-account')).toHaveText(member.account);

    // Typing, seen on the other side each way.
    await operator.getByTestId('sc-input').pressSequentially('Vou verificar', { delay: 40 });
    await expect(page.getByTestId('support-typing')).toContainText(text.typing, { timeout: 10_000 });
    await page.getByTestId('support-input').pressSequentially(language === 'pt' ? 'Obrigado' : 'Thanks', { delay: 40 });
    await expect(operator.getByTestId('sc-typing')).toBeVisible({ timeout: 10_000 });
    await shoot('support-member-typing');
    await shootConsole(operator, 'support-console-typing', testInfo);

    // The operator answers with text and an image; the member sees both, and the typing line goes.
    await operator.getByTestId('sc-send').click();
    await expect(operator.getByTestId('sc-message-operator')).toHaveCount(1);
    await operator.getByTestId('sc-file-input').setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: pngOf(40, 160, 90) });
    await operator.getByTestId('sc-send').click();
    await expect(page.getByTestId('support-message-operator')).toHaveCount(2, { timeout: 10_000 });
    await expect(page.getByTestId('support-image')).toBeVisible();
    await expect(page.getByTestId('support-typing')).toHaveCount(0);

    // The member sends an image back; the operator sees it. The member's first message is read.
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-message-mine')).toHaveCount(2);
    await page.getByTestId('support-file').setInputFiles({ name: 'tela.png', mimeType: 'image/png', buffer: pngOf(220, 120, 30) });
    await expect(page.getByTestId('support-preview')).toBeVisible();
    await page.getByTestId('support-send').click();
    await expect(operator.getByTestId('sc-image')).toHaveCount(2, { timeout: 10_000 });
    await expect(page.getByTestId('support-tick-read').first()).toBeVisible({ timeout: 10_000 });
    await expect(operator.getByTestId('sc-tick-read').first()).toBeVisible({ timeout: 10_000 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot('support-member-images');
    await shootConsole(operator, 'support-console-images', testInfo);

    // A renamed HTML file is refused by its bytes, with a translated message.
    await page.getByTestId('support-file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-error')).toBeVisible();
    await page.getByTestId('support-preview-remove').click();

    // With the modal closed, an answer lights the live-chat icon's dot; opening the chat clears it.
    await modal.getByRole('button', { name: language === 'pt' ? 'Fechar' : 'Close' }).first().click();
    await expect(modal).toHaveCount(0);
    await operator.getByTestId('sc-input').fill(language === 'pt' ? 'Resolvido! Algo mais?' : 'Solved! Anything else?');
    await operator.getByTestId('sc-send').click();
    await expect(page.getByTestId('edge-live-chat-unread')).toBeVisible({ timeout: 10_000 });
    await shoot('support-member-unread');
    await page.getByTestId('edge-live-chat').click();
    await expect(page.getByTestId('support-message-operator')).toHaveCount(3);
    await expect(page.getByTestId('edge-live-chat-unread')).toHaveCount(0);

    await operator.getByTestId('sc-close').click();
    await expect(page.getByTestId('support-room')).toHaveAttribute('data-status', 'closed', { timeout: 10_000 });
    await shoot('support-member-closed');
    await operator.context().close();
  });
});

test.describe('customer-service chat for a visitor', () => {
  test('a visitor passes the captcha, writes, and the operator sees them in the queue by name', async ({ page, browser, shoot }, testInfo) => {
    await open(page, '/');
    await page.getByTestId('footer-customer-service').click();
    await expect(page.getByTestId('support-visitor-form')).toBeVisible();
    const name = `Visitante ${Date.now() % 100_000}`;
    await page.getByTestId('support-visitor-name').fill(name);
    await page.getByTestId('support-captcha-input').fill(CAPTCHA_ANSWER);
    await shoot('support-visitor-gate');
    await page.getByTestId('support-visitor-start').click();
    await page.getByTestId('support-input').fill('Como faço para me cadastrar?');
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-message-mine')).toHaveCount(1);

    const operator = await operatorPage(browser);
    await operator.goto('/admin/support/chat');
    const row = operator.getByTestId('sc-queue').getByRole('button', { name: new RegExp(name) });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.click();
    await operator.getByTestId('sc-input').fill('Olá! Clique em Cadastrar no topo.');
    await operator.getByTestId('sc-send').click();
    await expect(page.getByTestId('support-message-operator')).toHaveCount(1, { timeout: 10_000 });
    await shoot('support-visitor-chat');
    await shootConsole(operator, 'support-console-visitor', testInfo);
    await operator.context().close();
  });
});
