import { devices, type Page } from '@playwright/test';
import { api, apiLogin } from '../fixtures/accounts.ts';
import { consoleLogin, demoOwner, creditMember, resetDemoOwnerTwoFactor } from '../fixtures/console.ts';
import { isPhone } from '../fixtures/games.ts';
import { PAYMENT_PIN, registerPayingMember } from '../fixtures/payments.ts';
import { expect, logIn, open, SCREENSHOT_DIR, test } from '../fixtures/site.ts';
import { horizontalOverflow } from '../fixtures/wallet.ts';

/**
 * Identity verification (issue 27): a member's first withdrawal asks for a verified identity and
 * links to the KYC page; the member sends an RG (front and back) and a selfie; an operator compares
 * them in the console and approves; the member is told, and the withdrawal proceeds. PT on the
 * desktop, EN on the phone (the console in the same form factor).
 */
test.describe.configure({ timeout: 120_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAABQCAAAAAD38O5VAAAA/klEQVR4nO3USVvBURjGYR8nFQ1mDRKiUJKSklLI1GAuKoUGRQMKFb5OH6udd//fnes8Z/Vev7O4d4/ob/imZXKFUqXWaGeoLZktyytWm311jdrOrnfPt3/gPzyidnp2nkim0plsjlqpXLl/eHyqPr9Q+2p3ut8/v73+QAQYMGDAguER8ejYuEQ6MTlF37Nz87oF/aLBaKLmWHduuDa33NseaoFg6DgcicbiJ9QuLvOFq+ub4u0dtVr99e39o9FsfVIDDBgwYOEwnbxsNWDAgNmH+dtqwIABsw/TyctWAwYMmH2Yv60GDBgw+zCdvGw1YMCA2Yf522rAgAEzD/8DkUjw3ADCUMMAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function withdraw(page: Page) {
  await open(page, '/member?tab=withdraw');
  await expect(page.getByTestId('withdraw-panel')).toBeVisible();
  await page.getByTestId('withdraw-amount').fill('40');
  await page.getByTestId('withdraw-password').fill(PAYMENT_PIN);
  await page.getByTestId('withdraw-submit').click();
}

test('a withdrawal asks for verification; documents sent, approved in the console, the withdrawal proceeds', { tag: '@phone' }, async ({ page, browser, shoot }, testInfo) => {
  const en = isPhone(testInfo);
  const member = await registerPayingMember({ kyc: false });
  const token = await apiLogin(member);
  await api('/api/member/identity', { method: 'PUT', token, body: { payeeName: 'Ana Verificada Souza', cpf: member.cpf, birthday: '1991-07-14' } });
  await api('/api/payments/payout-account', { method: 'PUT', token, body: { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password } });
  await creditMember(member.account, '100.00');
  await open(page, '/');
  await page.evaluate((lang) => localStorage.setItem('lang', lang), en ? 'en' : 'pt');
  await logIn(page, member.account, member.password);
  await expect(page.getByTestId('balance')).toBeVisible({ timeout: 30_000 });

  // The first withdrawal: refused, with the reason and the way to the KYC page.
  await withdraw(page);
  await expect(page.getByTestId('withdraw-error')).toContainText(en ? 'verify your identity' : 'verifique sua identidade');
  await expect(page.getByTestId('withdraw-kyc-link')).toBeVisible();
  await expect(page.getByTestId('withdrawal-row')).toHaveCount(0);
  await shoot('kyc-withdraw-asks');
  await page.getByTestId('withdraw-kyc-link').click();

  // The KYC page: state, rules, the RG's front and back and a selfie (a PDF is taken too).
  await expect(page.getByTestId('kyc-page')).toBeVisible();
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'unverified');
  await expect(page.getByTestId('kyc-submit')).toBeDisabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('kyc-page-unverified');
  await page.getByTestId('kyc-input-document_front').setInputFiles({ name: 'rg-frente.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('kyc-slot-document_front-file')).toContainText('rg-frente.png');
  // A file whose bytes are not an image or a PDF, whatever its name: refused with the reason.
  await page.getByTestId('kyc-input-document_back').setInputFiles({ name: 'verso.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a not a png') });
  await expect(page.getByTestId('kyc-error')).toContainText(en ? 'PNG or JPEG image, or a PDF' : 'PNG ou JPEG, ou um PDF');
  await page.getByTestId('kyc-input-document_back').setInputFiles({ name: 'rg-verso.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('kyc-slot-document_back-file')).toContainText('rg-verso.pdf');
  await page.getByTestId('kyc-input-selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('kyc-slot-selfie-file')).toContainText('selfie.png');
  expect(await horizontalOverflow(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('kyc-page-files');
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'pending');
  await expect(page.getByTestId('kyc-upload')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('kyc-page-pending');

  // The operator compares and approves, in the console (same form factor).
  const consoleContext = await browser.newContext(en ? { ...devices['Pixel 7'] } : { viewport: { width: 1366, height: 800 } });
  const consolePage = await consoleContext.newPage();
  try {
    await resetDemoOwnerTwoFactor();
    await consoleLogin(consolePage, await demoOwner());
    await consolePage.goto('/admin/kyc');
    await consolePage.getByTestId('kyc-filter-member').fill(member.account);
    await consolePage.getByTestId('kyc-filter-search').click();
    await expect(consolePage.getByTestId(`kyc-open-${member.account}`)).toBeVisible();
    await consolePage.screenshot({ path: `${SCREENSHOT_DIR}/kyc-console-queue-${testInfo.project.name}.png` });
    await consolePage.getByTestId(`kyc-open-${member.account}`).click();
    await expect(consolePage.getByTestId('kyc-name')).toHaveText('Ana Verificada Souza');
    await expect(consolePage.getByTestId('kyc-birthday')).toHaveText('1991-07-14');
    await expect(consolePage.getByTestId('kyc-image-document_front')).toBeVisible();
    await expect(consolePage.getByTestId('kyc-image-selfie')).toBeVisible();
    await expect(consolePage.getByTestId('kyc-file-document_back')).toContainText('application/pdf');
    await expect(consolePage.getByTestId('kyc-pdf-document_back')).toBeVisible();
    await consolePage.screenshot({ path: `${SCREENSHOT_DIR}/kyc-console-review-${testInfo.project.name}.png`, fullPage: true });
    await consolePage.getByTestId('kyc-approve').click();
    await expect(consolePage.getByTestId('kyc-review-status')).toHaveText('Verificado');
    await consolePage.screenshot({ path: `${SCREENSHOT_DIR}/kyc-console-approved-${testInfo.project.name}.png` });
  } finally {
    await consoleContext.close();
  }

  // The member sees it, and the withdrawal now proceeds.
  await open(page, '/kyc');
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state', 'verified');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot('kyc-page-verified');
  await withdraw(page);
  const row = page.getByTestId('withdrawal-row').first();
  await expect(row.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'reviewing');
  await expect(page.getByTestId('withdraw-error')).toHaveCount(0);
  await shoot('kyc-withdraw-proceeds');
});
