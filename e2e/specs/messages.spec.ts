import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { consoleLogin, demoOwner, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { demoOwnerName } from '../fixtures/owner.ts';
import { expect, newMemberInProjectLanguage, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * Platform messages and feedback (issue 26). An operator broadcasts a message from the console
 * (HTML previewed through the server's sanitiser, the audience counted) and the member's unread
 * badge rises without a reload (/ws messages.unread); the member opens it and the badge clears. A
 * member sends feedback from the footer's modal (word counter, ticket number), an operator assigns
 * it, notes it and replies in the console, and the reply arrives as a message, again without a
 * reload. In Portuguese on a desktop and in English on a phone.
 */
test.describe.configure({ timeout: 180_000 });

const TEXT = {
  pt: { tooShort: 'Escreva pelo menos 5 palavras.', replyTitle: 'Resposta ao seu feedback', answered: 'Respondido' },
  en: { tooShort: 'Write at least 5 words.', replyTitle: 'Reply to your feedback', answered: 'Answered' },
} as const;

async function operatorPage(browser: Browser) {
  const operator = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  await resetDemoOwnerTwoFactor();
  await consoleLogin(operator, await demoOwner());
  return operator;
}

/** The console's screens, beside the member's (`shoot` takes the member's page). */
const shootConsole = (operator: Page, name: string, testInfo: TestInfo) => operator.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${testInfo.project.name}.png`) });

/** A mark on the page's window: still there later = the page was never reloaded. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillSameWindow = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

test.describe('platform messages and feedback', { tag: '@phone' }, () => {
  test("an operator broadcasts a message and the member's badge rises without a reload", async ({ page, browser, shoot }, testInfo) => {
    const { member } = await newMemberInProjectLanguage(page, testInfo);
    await open(page, '/member?tab=messageV2');
    await expect(page.getByTestId('messages-tab')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('messages-empty')).toBeVisible();
    await expect(page.getByTestId('header-messages-badge')).toHaveCount(0);
    await markWindow(page);

    const title = `Aviso ${randomUUID().slice(0, 6)}`;
    const operator = await operatorPage(browser);
    await operator.goto('/admin/messages');
    await expect(operator.getByTestId('msg-page')).toBeVisible();
    await operator.getByTestId('msg-audience').selectOption('accounts');
    await operator.getByTestId('msg-accounts').fill(member.account);
    await operator.getByTestId('msg-title').fill(title);
    await operator.getByTestId('msg-body').fill('<p>Boa <strong>sorte</strong>!</p><script>alert(1)</script><p onclick="x()">Fim</p>');
    // The preview is the server's sanitised HTML: the script and the handler are gone.
    await expect(operator.getByTestId('msg-preview')).toContainText('Fim');
    expect(await operator.getByTestId('msg-preview').innerHTML()).toBe('<p>Boa <strong>sorte</strong>!</p><p>Fim</p>');
    await expect(operator.getByTestId('msg-audience-count')).toContainText('1');
    await shootConsole(operator, 'messages-console-compose', testInfo);
    await operator.getByTestId('msg-send').dblclick();
    await expect(operator.getByTestId('msg-notice')).toBeVisible();
    await expect(operator.getByTestId('msg-broadcasts').getByText(title)).toHaveCount(1);
    await shootConsole(operator, 'messages-console-sent', testInfo);

    // The member's badge rises with no reload, in the header and on the tab; the list shows it.
    await expect(page.getByTestId('header-messages-badge')).toHaveText('1', { timeout: 15_000 });
    await expect(page.getByTestId('messages-tab-badge')).toHaveText('1');
    expect(await stillSameWindow(page)).toBe(true);
    const item = page.getByTestId('message-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    await shoot('messages-badge-risen');
    await item.getByTestId('message-open').click();
    await expect(item.getByTestId('message-body')).toHaveText('Boa sorte!Fim');
    await expect(page.getByTestId('header-messages-badge')).toHaveCount(0);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await shoot('messages-opened');
    await operator.close();
  });

  test('a member sends feedback from the footer and receives the reply as a message', async ({ page, browser, shoot }, testInfo) => {
    const { member, language } = await newMemberInProjectLanguage(page, testInfo);
    await page.getByTestId('footer-feedback').scrollIntoViewIfNeeded();
    await page.getByTestId('footer-feedback').click();
    const modal = page.getByTestId('modal-feedback');
    await expect(modal).toBeVisible();
    await modal.getByTestId('feedback-type').selectOption('payment');
    await modal.getByTestId('feedback-content').fill('too short');
    await modal.getByTestId('feedback-contact').fill('member@example.com');
    await modal.getByTestId('feedback-submit').click();
    await expect(modal.getByTestId('feedback-content-error')).toHaveText(TEXT[language].tooShort);
    await modal.getByTestId('feedback-content').fill('My deposit took a long time to arrive yesterday evening');
    await expect(modal.getByTestId('feedback-word-count')).toContainText('10 / 300');
    await shoot('feedback-modal-form');
    await modal.getByTestId('feedback-submit').dblclick();
    await expect(modal.getByTestId('feedback-sent')).toBeVisible();
    const number = /#\d+/.exec((await modal.getByTestId('feedback-sent').textContent()) ?? '')?.[0];
    expect(number).toBeTruthy();
    await shoot('feedback-modal-sent');
    await modal.getByRole('button', { name: /Fechar|Close/ }).click();
    await expect(modal).toBeHidden();
    await markWindow(page);

    const operator = await operatorPage(browser);
    await operator.goto('/admin/feedback');
    await expect(operator.getByTestId('fb-queue-page')).toBeVisible();
    await operator.getByTestId('fb-queue').getByRole('link', { name: number! }).click();
    await expect(operator.getByTestId('fb-account')).toHaveText(member.account);
    await operator.getByTestId('fb-assign-me').click();
    await expect(operator.getByTestId('fb-assigned')).toHaveText(demoOwnerName());
    await operator.getByTestId('fb-text').fill('Internal: check the PSP log');
    await operator.getByTestId('fb-note').click();
    await expect(operator.getByTestId('fb-entry-note')).toHaveCount(1);
    await operator.getByTestId('fb-text').fill('We found your deposit; it is credited now.');
    await operator.getByTestId('fb-reply').dblclick();
    await expect(operator.getByTestId('fb-entry-reply')).toHaveCount(1);
    await expect(operator.getByTestId('fb-status-badge')).toHaveText('Respondido');
    await shootConsole(operator, 'feedback-console-ticket', testInfo);

    // The reply arrives as a message: the badge rises with no reload.
    await expect(page.getByTestId('header-messages-badge')).toHaveText('1', { timeout: 15_000 });
    expect(await stillSameWindow(page)).toBe(true);
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-messages-badge')).toHaveText('1');
    await shoot('feedback-reply-menu-badge');
    await page.getByTestId('menu-messages-badge').click();
    const item = page.getByTestId('message-item').filter({ hasText: `${TEXT[language].replyTitle} ${number}` });
    await expect(item).toBeVisible({ timeout: 20_000 });
    await item.getByTestId('message-open').click();
    await expect(item.getByTestId('message-body')).toHaveText('We found your deposit; it is credited now.');
    await expect(item).not.toContainText('Internal');
    await shoot('feedback-reply-message');

    // My feedback shows the ticket answered, with the reply and without the internal note.
    await page.getByTestId('footer-feedback').scrollIntoViewIfNeeded();
    await page.getByTestId('footer-feedback').click();
    await page.getByTestId('feedback-tab-mine').click();
    const ticket = page.getByTestId('my-feedback-item').filter({ hasText: number! });
    await expect(ticket.getByTestId('my-feedback-status')).toHaveText(TEXT[language].answered);
    await expect(ticket).toContainText('We found your deposit');
    await expect(ticket).not.toContainText('Internal');
    await shoot('feedback-mine');
    await operator.close();
  });
});
