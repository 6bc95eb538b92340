import { expect, logIn, logOut, open, test } from '../fixtures/site.ts';

test.describe('member session', { tag: '@phone' }, () => {
  test('logs in with the demo member, shows the balance, logs out after confirmation', async ({ page, shoot }) => {
    await logIn(page, 'demo', 'Demo@1234');
    await expect(page.getByTestId('modal-login')).toBeHidden();
    await expect(page.getByTestId('balance')).toContainText('R$');
    await shoot('logged-in');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await logOut(page);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('shows a translated error for a wrong password and keeps the modal open', async ({ page }) => {
    await logIn(page, 'demo', 'wrong-password');
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page.getByTestId('login-error')).not.toContainText('auth.');
    await expect(page.getByTestId('modal-login')).toBeVisible();
  });

  test('the agent page admits agents and refuses members', async ({ page, shoot }) => {
    await open(page, '/agent');
    await page.getByTestId('login-username').fill('demo');
    await page.getByTestId('login-password').fill('Demo@1234');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await shoot('agent-refused');
    await page.getByTestId('login-username').fill('agent');
    await page.getByTestId('login-password').fill('Agent@1234');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('agent-home')).toBeVisible();
    await shoot('agent-home');
  });
});
