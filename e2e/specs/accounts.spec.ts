import { lastSmsCode, registerMember, sql, uniqueMobile, uniqueName } from '../fixtures/accounts.ts';
import { expect, logIn, logOut, open, systemCli, test } from '../fixtures/site.ts';
import { CAPTCHA_ANSWER } from '../server-env.ts';

test.describe('accounts', { tag: '@phone' }, () => {
  test('registers by username with captcha and bot check, logs out and logs back in', async ({ page, shoot }) => {
    const username = uniqueName('r');
    const password = 'um segredo bem longo';
    await open(page, '/register');
    await expect(page.getByTestId('modal-register')).toBeVisible();
    await expect(page.getByTestId('register-captcha-image')).toBeVisible();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('field-error-username')).toBeVisible();
    await shoot('register-errors');

    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(`${password}!`);
    await page.getByTestId('register-captcha-input').fill(CAPTCHA_ANSWER);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('field-error-confirmPassword')).toBeVisible();

    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-captcha-input').fill(CAPTCHA_ANSWER);
    await shoot('register-filled');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('modal-register')).toBeHidden({ timeout: 15_000 });
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await logOut(page);
    await logIn(page, username, password);
    await expect(page.getByTestId('balance')).toBeVisible();
  });

  test('asks for the captcha after wrong passwords, then logs in with it', async ({ page, shoot }) => {
    const member = await registerMember();
    await open(page, '/login');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.getByTestId('login-username').fill(member.account);
      await page.getByTestId('login-password').fill(`wrong-${attempt}-password`);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-error')).toBeVisible();
    }
    await expect(page.getByTestId('login-captcha-image')).toBeVisible();
    await shoot('login-captcha');
    await page.getByTestId('login-password').fill(member.password);
    await page.getByTestId('login-captcha-input').fill(CAPTCHA_ANSWER);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('balance')).toBeVisible();
  });

  test('resets a forgotten password by phone and lands logged in', async ({ page, shoot }) => {
    const mobile = uniqueMobile();
    const member = await registerMember({ mobile });
    await open(page, '/login');
    await page.getByTestId('forgot-link').click();
    await expect(page.getByTestId('modal-forgot')).toBeVisible();
    await page.getByTestId('forgot-tab-phone').click();
    await page.getByTestId('forgot-mobile').fill(`(11) ${mobile.slice(5, 10)}-${mobile.slice(10)}`);
    await page.getByTestId('forgot-send').click();
    await expect(page.getByTestId('forgot-send')).toBeDisabled();
    await expect.poll(() => lastSmsCode(mobile).catch(() => '')).toMatch(/^\d{6}$/);
    await page.getByTestId('forgot-code').fill(await lastSmsCode(mobile));
    await page.getByTestId('forgot-password').fill('senha nova pelo celular');
    await page.getByTestId('forgot-confirm').fill('senha nova pelo celular');
    await shoot('forgot-phone');
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('balance')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await logOut(page);
    await logIn(page, member.account, 'senha nova pelo celular');
    await expect(page.getByTestId('balance')).toBeVisible();
  });

  test('forces a change of the default password', async ({ page, shoot }) => {
    const defaultPassword = 'Troca@Senha2026';
    await systemCli('set', 'accounts', JSON.stringify({ defaultPassword, passwordExpiryDays: null }));
    try {
      const member = await registerMember({ password: defaultPassword });
      await logIn(page, member.account, defaultPassword);
      const modal = page.getByTestId('modal-change-password');
      await expect(modal).toBeVisible();
      await page.getByTestId('modal-backdrop').last().click({ position: { x: 5, y: 5 } });
      await expect(modal).toBeVisible();
      await shoot('forced-change');
      await page.getByTestId('change-current').fill(defaultPassword);
      await page.getByTestId('change-new').fill('minha senha definitiva');
      await page.getByTestId('change-confirm').fill('minha senha definitiva');
      await page.getByTestId('change-submit').click();
      await expect(modal).toBeHidden();
      await expect(page.getByTestId('balance')).toBeVisible();
      const rows = await sql<{ must: boolean }>('select must_change_password as must from accounts_member where account = $1', [member.account]);
      expect(rows[0]?.must).toBe(false);
    } finally {
      await systemCli('set', 'accounts', JSON.stringify({ defaultPassword: null, passwordExpiryDays: null }));
    }
  });

  test('a trial account is refused the member panels with "Registre uma conta primeiro"', async ({ page, shoot }) => {
    await open(page, '/login');
    await page.getByTestId('trial-button').click();
    const confirm = page.getByTestId('confirm-ok');
    if (await confirm.isVisible()) await confirm.click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    // Wide screens show Depositar in the header; phones keep it in the account menu.
    const headerDeposit = page.getByTestId('deposit-button');
    if (await headerDeposit.isVisible()) await headerDeposit.click();
    else {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-deposit').click();
    }
    const refused = page.getByTestId('trial-refused-dialog');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('Registre uma conta primeiro');
    await shoot('trial-refused');
  });

  test('the security centre shows the account and its active sessions', async ({ page, shoot }) => {
    const member = await registerMember({ mobile: uniqueMobile() });
    await logIn(page, member.account, member.password);
    await expect(page.getByTestId('balance')).toBeVisible();
    await page.goto('/member');
    await expect(page.getByTestId('security-change-password')).toBeVisible();
    await expect(page.getByTestId('security-account-card')).toContainText(member.account);
    await expect(page.getByTestId('sessions-sign-out-others')).toBeVisible();
    await shoot('security-centre');
  });
});
