import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberFixture } from '../../../../test/fixtures.ts';
import { apiError, BOT_CHALLENGE, captchaFixture, registerSettingsFixture, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function fillValidForm() {
  type('register-username', 'joao2024');
  type('register-password', 'uma senha longa');
  type('register-confirm', 'uma senha longa');
  type('register-email', 'joao@example.com');
}

describe('register modal', () => {
  it('renders the fields the server enables, with the shared rules and messages, before calling the server', async () => {
    const calls = stubApi({ 'GET /api/member/register/settings': registerSettingsFixture(), 'GET /api/bot-check/challenge': BOT_CHALLENGE });
    renderApp('/register');
    fireEvent.click(await screen.findByTestId('register-submit'));
    expect((await screen.findByTestId('field-error-username')).textContent).toBe('Este campo é obrigatório');
    expect(screen.getByTestId('field-error-password').textContent).toBe('Este campo é obrigatório');
    expect(screen.queryByTestId('field-error-email')).toBeNull();
    expect(screen.getByTestId('register-password').getAttribute('type')).toBe('password');

    type('register-username', '9abc');
    type('register-password', 'uma senha longa');
    type('register-confirm', 'outra senha');
    fireEvent.click(screen.getByTestId('register-terms'));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('field-error-username')).textContent).toBe(
      'Use de 4 a 16 caracteres, começando por uma letra, apenas letras e números',
    );
    expect(screen.getByTestId('field-error-confirmPassword').textContent).toBe('A confirmação não confere com o valor digitado');
    expect(screen.getByTestId('field-error-agreeTerms').textContent).toBe('Você precisa aceitar os Termos e Condições');
    expect(calls.some((call) => call.path === '/api/member/register')).toBe(false);
  });

  it('shows each validation.failed problem under its field, sends the referral code and renews the bot check', async () => {
    const calls = stubApi({
      'GET /api/member/register/settings': registerSettingsFixture(),
      'GET /api/bot-check/challenge': BOT_CHALLENGE,
      'POST /api/member/register': apiError(400, 'validation.failed', {
        fields: [
          { path: 'fields.username', message: 'username_taken', messageKey: 'username_taken' },
          { path: 'fields.password', message: 'password_common', messageKey: 'password_common' },
          { path: 'fields.email', message: 'x', messageKey: 'reg_pattern_3', params: { min: 5, max: 254 } },
        ],
      }),
    });
    renderApp('/register?referralCode=AG777');
    expect((await screen.findByTestId('register-referral')).textContent).toContain('AG777');
    await screen.findByTestId('register-username');
    fillValidForm();
    fireEvent.click(await screen.findByTestId('register-submit'));

    expect((await screen.findByTestId('field-error-username')).textContent).toBe('Este nome de usuário já está em uso');
    expect(screen.getByTestId('field-error-password').textContent).toBe('Esta senha é muito comum e fácil de adivinhar. Escolha outra.');
    expect(screen.getByTestId('field-error-email').textContent).toBe('Informe um e-mail válido, como nome@exemplo.com (de 5 a 254 caracteres)');
    expect(screen.queryByTestId('register-error')).toBeNull();

    const sent = calls.find((call) => call.path === '/api/member/register');
    expect(sent?.body).toMatchObject({
      method: 'username',
      fields: { username: 'joao2024', password: 'uma senha longa', confirmPassword: 'uma senha longa', email: 'joao@example.com' },
      botCheck: { challenge: 'ch-1' },
      agreeTerms: true,
      referralCode: 'AG777',
    });
    // A challenge is single use: a fresh one is fetched after the attempt.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/bot-check/challenge').length).toBe(2));
  });

  it('asks for a new captcha after auth.captcha_invalid, then logs in, closes and goes home', async () => {
    const calls = stubApi({
      'GET /api/member/register/settings': registerSettingsFixture({ captchaRequired: true }),
      'GET /api/bot-check/challenge': BOT_CHALLENGE,
      'GET /api/captcha': (_call: unknown, index: number) => captchaFixture(`00000000-0000-4000-8000-00000000000${index + 1}`),
      'POST /api/member/register': (_call: unknown, index: number) =>
        index === 0 ? apiError(400, 'auth.captcha_invalid', { captchaRequired: true }) : { token: 'tok-new', firstTimeLogin: true, passwordExpired: false },
      'GET /api/member/info': memberFixture({ account: 'joao2024' }),
    });
    const { router } = renderApp('/register');
    expect(await screen.findByTestId('register-captcha-image')).toBeTruthy();
    await screen.findByTestId('register-username');
    fillValidForm();
    type('register-captcha-input', 'K7PX');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-error')).textContent).toBe('Captcha incorreto. Tente novamente.');
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/captcha').length).toBe(2));
    expect((screen.getByTestId('register-captcha-input') as HTMLInputElement).value).toBe('');

    type('register-captcha-input', 'K7PX');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(screen.queryByTestId('modal-register')).toBeNull());
    const attempts = calls.filter((call) => call.path === '/api/member/register');
    expect(attempts[1]?.body).toMatchObject({ captcha: { id: '00000000-0000-4000-8000-000000000002', answer: 'K7PX' } });
    expect(sessionStorage.getItem('token')).toBe('tok-new');
    expect(router.state.location.pathname).toBe('/');
    expect((await screen.findByTestId('welcome-toast')).textContent).toContain('joao2024');
  });

  it('asks for a new captcha after a refusal for its fields too (the server spent it), and shows a taken CPF neutrally', async () => {
    const calls = stubApi({
      'GET /api/member/register/settings': registerSettingsFixture({ captchaRequired: true }),
      'GET /api/bot-check/challenge': BOT_CHALLENGE,
      'GET /api/captcha': (_call: unknown, index: number) => captchaFixture(`00000000-0000-4000-8000-00000000000${index + 1}`),
      'POST /api/member/register': (_call: unknown, index: number) =>
        index === 0
          ? apiError(400, 'validation.failed', { fields: [{ path: 'fields.username', message: 'username_taken', messageKey: 'username_taken' }] })
          : apiError(400, 'accounts.registration_not_completed'),
    });
    renderApp('/register');
    expect(await screen.findByTestId('register-captcha-image')).toBeTruthy();
    await screen.findByTestId('register-username');
    fillValidForm();
    type('register-captcha-input', 'K7PX');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('field-error-username')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/captcha').length).toBe(2));
    expect((screen.getByTestId('register-captcha-input') as HTMLInputElement).value).toBe('');

    type('register-captcha-input', 'K7PX');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      'Não foi possível concluir o cadastro com estes dados. Se você já tem uma conta, entre ou recupere sua senha.',
    );
  });

  it('says "Verificando que você é humano…" while the proof of work is still running, then sends', async () => {
    let release: () => void = () => undefined;
    const challengeReady = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubApi({
      'GET /api/member/register/settings': registerSettingsFixture(),
      'GET /api/bot-check/challenge': async () => {
        await challengeReady;
        return BOT_CHALLENGE;
      },
      'POST /api/member/register': apiError(400, 'auth.registration_closed'),
    });
    renderApp('/register');
    await screen.findByTestId('register-username');
    fillValidForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-bot-check')).textContent).toContain('Verificando que você é humano…');
    expect(calls.some((call) => call.path === '/api/member/register')).toBe(false);
    release();
    expect((await screen.findByTestId('register-error')).textContent).toBe('Esta forma de cadastro está fechada no momento.');
    expect(screen.queryByTestId('register-bot-check')).toBeNull();
  });
});
