import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { latestOldEnoughBirthday, todayIn, type MemberIdentity } from '@app/contracts';
import { apiError, json, stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { paymentsKeys } from '../../../payments/index.ts';

const EMPTY: MemberIdentity = { payeeName: null, cpf: null, birthday: null, complete: false, locked: false, ageVerified: false };
const SAVED: MemberIdentity = { payeeName: 'José da Silva', cpf: '***.982.247-**', birthday: '1990-05-17', complete: true, locked: true, ageVerified: true };

function openSecurityCentre(routes: Record<string, unknown>) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/member/sessions': { sessions: [] }, ...routes });
  const utils = renderApp('/member?tab=securityCenter');
  return { calls, ...utils };
}

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT' && call.path === '/api/member/identity');

function fill(values: { name?: string; cpf?: string; birthday?: string }) {
  if (values.name !== undefined) fireEvent.change(screen.getByTestId('identity-name'), { target: { value: values.name } });
  if (values.cpf !== undefined) fireEvent.change(screen.getByTestId('identity-cpf'), { target: { value: values.cpf } });
  if (values.birthday !== undefined) fireEvent.change(screen.getByTestId('identity-birthday'), { target: { value: values.birthday } });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

/** react-hook-form checks a few microtasks after the click: let them run before reading the messages. */
const submitIdentity = () => act(async () => fireEvent.click(screen.getByTestId('identity-submit')));

describe('security centre → identity', () => {
  it('masks the CPF as it is typed or pasted', async () => {
    openSecurityCentre({ 'GET /api/member/identity': EMPTY });
    const cpf = (await screen.findByTestId('identity-cpf')) as HTMLInputElement;
    fireEvent.change(cpf, { target: { value: '5299822' } });
    expect(cpf.value).toBe('529.982.2');
    fireEvent.change(cpf, { target: { value: '529 982 247 25 99' } });
    expect(cpf.value).toBe('529.982.247-25');
    expect(screen.getByTestId('identity-birthday')).toBeTruthy();
  });

  it('refuses what the server would refuse, with translated messages, and sends nothing', async () => {
    const { calls } = openSecurityCentre({ 'GET /api/member/identity': EMPTY });
    await screen.findByTestId('identity-name');
    await submitIdentity();
    expect(text('identity-name-error')).toBe('Este campo é obrigatório');
    expect(text('identity-cpf-error')).toBe('Este campo é obrigatório');

    fill({ name: 'Madonna', cpf: '111.111.111-11' });
    await submitIdentity();
    expect(text('identity-name-error')).toBe('Informe seu nome completo (nome e sobrenome), de 3 a 60 caracteres');
    expect(text('identity-cpf-error')).toBe('Informe um CPF válido, com 11 dígitos (ex.: 123.456.789-09)');

    fill({ name: '<b>Ana</b> Souza', cpf: '529.982.247-24' });
    await submitIdentity();
    expect(screen.getByTestId('identity-name-error')).toBeTruthy();
    expect(screen.getByTestId('identity-cpf-error')).toBeTruthy();

    const underage = new Date(`${latestOldEnoughBirthday(todayIn('America/Sao_Paulo', new Date()))}T00:00:00Z`);
    underage.setUTCDate(underage.getUTCDate() + 2);
    fill({ name: 'Ana Souza', cpf: '529.982.247-25', birthday: underage.toISOString().slice(0, 10) });
    await submitIdentity();
    expect(screen.queryByTestId('identity-name-error')).toBeNull();
    expect(screen.queryByTestId('identity-cpf-error')).toBeNull();
    expect(text('identity-birthday-error')).toBe('Você precisa ter 18 anos ou mais para usar o site.');
    expect(puts(calls)).toHaveLength(0);
  });

  it('sends once while pending, then shows the saved identity read-only and refreshes the withdraw options', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls, queryClient } = openSecurityCentre({
      'GET /api/member/identity': EMPTY,
      'PUT /api/member/identity': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    queryClient.setQueryData(paymentsKeys.withdrawOptions('tok-1'), { profileComplete: false });
    await screen.findByTestId('identity-name');
    fill({ name: '  José   da Silva ', cpf: '52998224725', birthday: '1990-05-17' });
    const submit = screen.getByTestId('identity-submit');
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    fireEvent.click(submit);
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]?.body).toEqual({ payeeName: 'José da Silva', cpf: '52998224725', birthday: '1990-05-17' });

    answer(json(200, SAVED));
    const complete = await screen.findByTestId('identity-complete');
    expect(screen.queryByTestId('identity-name')).toBeNull();
    expect(text('identity-saved')).toBe('Identificação salva. Agora você já pode depositar e sacar.');
    expect(within(complete).getByTestId('identity-complete-name').textContent).toBe('José da Silva');
    expect(within(complete).getByTestId('identity-complete-cpf').textContent).toBe('***.982.247-**');
    expect(within(complete).getByTestId('identity-complete-birthday').textContent).toBe('17/05/1990');
    expect(complete.textContent).toContain('fale com o atendimento ao cliente');
    expect(queryClient.getQueryState(paymentsKeys.withdrawOptions('tok-1'))?.isInvalidated).toBe(true);
  });

  it('shows a complete identity read-only, with no form', async () => {
    openSecurityCentre({ 'GET /api/member/identity': SAVED });
    expect(await screen.findByTestId('identity-complete')).toBeTruthy();
    expect(text('identity-status')).toBe('Completa');
    expect(screen.queryByTestId('identity-submit')).toBeNull();
  });

  it('asks no birthday when one is on file, and offers the registered name for confirmation', async () => {
    const { calls } = openSecurityCentre({
      'GET /api/member/identity': { ...EMPTY, payeeName: 'Maria Souza', birthday: '1985-03-02' },
      'PUT /api/member/identity': { ...SAVED, payeeName: 'Maria Souza', birthday: '1985-03-02' },
    });
    const name = (await screen.findByTestId('identity-name')) as HTMLInputElement;
    expect(name.value).toBe('Maria Souza');
    expect(screen.queryByTestId('identity-birthday')).toBeNull();
    fill({ cpf: '111.444.777-35' });
    fireEvent.click(screen.getByTestId('identity-submit'));
    await screen.findByTestId('identity-complete');
    expect(puts(calls)[0]?.body).toEqual({ payeeName: 'Maria Souza', cpf: '11144477735' });
  });

  it('shows the server refusals translated: taken CPF, field problems, locked meanwhile', async () => {
    let identity: MemberIdentity = EMPTY;
    openSecurityCentre({
      'GET /api/member/identity': () => identity,
      'PUT /api/member/identity': (_call: ApiCall, index: number) => {
        if (index === 0) return apiError(409, 'accounts.cpf_taken', { fields: [{ path: 'body.cpf', message: 'cpf_taken', messageKey: 'cpf_taken' }] });
        if (index === 1) return apiError(400, 'validation.failed', { fields: [{ path: 'body.payeeName', message: 'reg_pattern_19', messageKey: 'reg_pattern_19', params: { min: 3, max: 60 } }] });
        identity = SAVED;
        return apiError(409, 'accounts.identity_locked');
      },
    });
    await screen.findByTestId('identity-name');
    fill({ name: 'Ana Souza', cpf: '529.982.247-25', birthday: '1990-05-17' });
    fireEvent.click(screen.getByTestId('identity-submit'));
    expect((await screen.findByTestId('identity-error')).textContent).toBe('Não foi possível usar este CPF. Se ele é seu, fale com o atendimento ao cliente.');

    fireEvent.click(screen.getByTestId('identity-submit'));
    expect((await screen.findByTestId('identity-name-error')).textContent).toBe('Informe seu nome completo (nome e sobrenome), de 3 a 60 caracteres');
    expect(screen.queryByTestId('identity-error')).toBeNull();

    fireEvent.click(screen.getByTestId('identity-submit'));
    // Saved elsewhere meanwhile: the identity is re-read and shown read-only.
    expect(await screen.findByTestId('identity-complete')).toBeTruthy();
  });

  it('asks for the birthday as a required field: money needs 18 or more', async () => {
    const { calls } = openSecurityCentre({ 'GET /api/member/identity': EMPTY });
    await screen.findByTestId('identity-name');
    fill({ name: 'Ana Souza', cpf: '529.982.247-25' });
    await submitIdentity();
    expect(text('identity-birthday-error')).toBe('Este campo é obrigatório');
    expect(puts(calls)).toHaveLength(0);
    expect(screen.getByTestId('security-identity').textContent).toContain('É proibido para menores de 18 anos');
  });

  it('asks a locked identity without a birthday for the birthday alone, then shows it complete', async () => {
    const noBirthday = { ...SAVED, birthday: null, ageVerified: false };
    const { calls } = openSecurityCentre({ 'GET /api/member/identity': noBirthday, 'PUT /api/member/identity/birthday': SAVED });
    expect((await screen.findByTestId('identity-complete-birthday')).textContent).toBe('não informada');
    expect(text('identity-status')).toBe('Pendente');
    expect(screen.queryByTestId('identity-name')).toBeNull();
    fireEvent.change(screen.getByTestId('identity-birthday'), { target: { value: '1990-05-17' } });
    fireEvent.click(screen.getByTestId('identity-birthday-submit'));
    await waitFor(() => expect(text('identity-status')).toBe('Completa'));
    expect(calls.find((call) => call.path === '/api/member/identity/birthday')?.body).toEqual({ birthday: '1990-05-17' });
    expect(screen.queryByTestId('identity-birthday-form')).toBeNull();
  });

  it('says a member under 18 on file cannot move money, and sends them to customer service', async () => {
    openSecurityCentre({ 'GET /api/member/identity': { ...SAVED, birthday: '2015-01-01', ageVerified: false } });
    expect((await screen.findByTestId('identity-underage')).textContent).toContain('você ainda não tem 18 anos');
    expect(text('identity-status')).toBe('Pendente');
  });

  it('turns an 18+ refusal of a money path into an explanation that leads to the identity form', async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/member/sessions': { sessions: [] },
      'GET /api/member/identity': EMPTY,
      'POST /api/games/launch': () => apiError(403, 'member.age_unverified', { reason: 'identity_incomplete' }),
    });
    const { router } = renderApp('/seamless?gameId=7');
    // The game page is a lazy chunk: its first load in a busy test run may take a while.
    const dialog = await screen.findByTestId('age-unverified-dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Complete sua identidade');
    expect(dialog.textContent).toContain('complete sua identidade (nome completo, CPF e data de nascimento) na Central de segurança');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(router.state.location.search).toBe('?tab=securityCenter');
    expect(router.state.location.hash).toBe('#identity');
    expect(await screen.findByTestId('identity-birthday', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('says so when the identity cannot be loaded', async () => {
    // A 4xx is an answer, not a glitch: the query client shows it without retrying.
    openSecurityCentre({ 'GET /api/member/identity': () => apiError(403, 'auth.forbidden') });
    expect((await screen.findByTestId('identity-error')).textContent).toBe('Você não tem permissão para esta ação.');
    expect(screen.queryByTestId('identity-submit')).toBeNull();
  });
});
