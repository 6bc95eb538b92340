import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';

const SAVED_IDENTITY = { payeeName: 'José da Silva', cpf: '***.982.247-**', birthday: '1990-05-17', complete: true, locked: true, ageVerified: true };

function openSecurityCentre(routes: Record<string, unknown>) {
  sessionStorage.setItem('token', 'tok-1');
  return stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/member/sessions': { sessions: [] }, 'GET /api/member/identity': SAVED_IDENTITY, ...routes });
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const sent = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'PUT' && call.path === path);

/** react-hook-form checks a few microtasks after the click: let them run before reading the messages. */
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

describe('security centre → change password', () => {
  it('checks before asking, shows the server refusals where they belong, then says it worked and clears the fields', async () => {
    const calls = openSecurityCentre({
      'PUT /api/member/password': (_call: ApiCall, index: number) => {
        if (index === 0) return apiError(400, 'validation.failed', { fields: [{ path: 'body.newPassword', message: 'password_common', messageKey: 'password_common' }] });
        if (index === 1) return apiError(400, 'auth.wrong_password');
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/member?tab=securityCenter');
    const card = await screen.findByTestId('security-change-password');
    const inputs = within(card).getAllByDisplayValue('');
    // The inputs keep the names password managers know them by.
    expect(inputs.map((input) => input.getAttribute('name'))).toEqual(['current-password', 'new-password', 'confirm-password']);

    await click('change-submit');
    expect(text('field-error-currentPassword')).toBe('Este campo é obrigatório');
    expect(text('field-error-newPassword')).toBe('Este campo é obrigatório');
    expect(text('field-error-confirmPassword')).toBe('Este campo é obrigatório');

    type('change-current', 'a long old passphrase');
    type('change-new', 'a long old passphrase');
    type('change-confirm', 'something else entirely');
    await click('change-submit');
    expect(screen.queryByTestId('field-error-currentPassword')).toBeNull();
    expect(text('field-error-newPassword')).toBe('A nova senha precisa ser diferente da atual');
    expect(text('field-error-confirmPassword')).toBe('A confirmação não confere com o valor digitado');
    expect(sent(calls, '/api/member/password')).toHaveLength(0);

    type('change-new', 'a brand new passphrase');
    type('change-confirm', 'a brand new passphrase');
    await click('change-submit');
    await waitFor(() => expect(text('field-error-newPassword')).toBe('Esta senha é muito comum e fácil de adivinhar. Escolha outra.'));
    expect(screen.queryByTestId('change-error')).toBeNull();

    await click('change-submit');
    expect((await screen.findByTestId('change-error')).textContent).toBe('Senha incorreta.');
    expect(screen.queryByTestId('field-error-newPassword')).toBeNull();

    await click('change-submit');
    expect((await screen.findByTestId('change-success')).textContent).toBe('Senha alterada. As outras sessões foram encerradas.');
    expect(screen.queryByTestId('change-error')).toBeNull();
    expect([value('change-current'), value('change-new'), value('change-confirm')]).toEqual(['', '', '']);
    expect(sent(calls, '/api/member/password').map((call) => call.body)).toEqual(
      Array.from({ length: 3 }, () => ({ currentPassword: 'a long old passphrase', newPassword: 'a brand new passphrase' })),
    );

    // A new attempt no longer confirms the last one.
    await click('change-submit');
    expect(screen.queryByTestId('change-success')).toBeNull();
  });
});

describe('security centre → payment password', () => {
  it('asks for every field, sends once, then confirms and clears the fields until the next attempt', async () => {
    const calls = openSecurityCentre({ 'PUT /api/member/payment-password': () => new Response(null, { status: 204 }) });
    renderApp('/member?tab=securityCenter');
    await screen.findByTestId('security-payment-password');

    await click('payment-submit');
    expect(text('field-error-loginPassword')).toBe('Este campo é obrigatório');
    expect(text('field-error-paymentPassword')).toBe('A senha de pagamento tem exatamente 6 dígitos');
    expect(text('field-error-paymentConfirm')).toBe('A confirmação não confere com o valor digitado');

    type('payment-login-password', 'pw-12345');
    type('payment-new', '12a3456');
    expect(value('payment-new')).toBe('123456');
    type('payment-confirm', '123450');
    await click('payment-submit');
    expect(screen.queryByTestId('field-error-loginPassword')).toBeNull();
    expect(screen.queryByTestId('field-error-paymentPassword')).toBeNull();
    expect(text('field-error-paymentConfirm')).toBe('A confirmação não confere com o valor digitado');

    type('payment-confirm', '123456');
    await click('payment-submit');
    expect((await screen.findByTestId('payment-success')).textContent).toBe('Senha de pagamento salva.');
    expect([value('payment-login-password'), value('payment-new'), value('payment-confirm')]).toEqual(['', '', '']);
    expect(sent(calls, '/api/member/payment-password').map((call) => call.body)).toEqual([{ password: 'pw-12345', paymentPassword: '123456' }]);

    await click('payment-submit');
    expect(screen.queryByTestId('payment-success')).toBeNull();
  });
});

describe('security centre → birthday', () => {
  it('shows the server field problem under the birthday, and any other refusal above the button', async () => {
    openSecurityCentre({
      'GET /api/member/identity': { ...SAVED_IDENTITY, birthday: null, ageVerified: false },
      'PUT /api/member/identity/birthday': (_call: ApiCall, index: number) =>
        index === 0 ? apiError(400, 'validation.failed', { fields: [{ path: 'body.birthday', message: 'reg_pattern_11', messageKey: 'reg_pattern_11' }] }) : apiError(403, 'auth.forbidden'),
    });
    renderApp('/member?tab=securityCenter');
    await screen.findByTestId('identity-birthday-form');
    await click('identity-birthday-submit');
    expect(text('identity-birthday-error')).toBe('Este campo é obrigatório');

    type('identity-birthday', '1990-05-17');
    await click('identity-birthday-submit');
    await waitFor(() => expect(text('identity-birthday-error')).toBe('Informe uma data válida no formato aaaa-MM-dd'));
    expect(screen.queryByTestId('identity-error')).toBeNull();

    await click('identity-birthday-submit');
    expect((await screen.findByTestId('identity-error')).textContent).toBe('Você não tem permissão para esta ação.');
    expect(screen.queryByTestId('identity-birthday-error')).toBeNull();
  });
});
