import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findSlotGame } from '@app/house-games';
import { apiError, type ApiCall } from '../../../test/fake-api.ts';
import { callsTo, hashOf, input, MACHINE, openPage, rotationFixture, roundFixture, SEED_A, SEED_B, stateFixture, withNodeWebCrypto } from '../test/page-fixtures.ts';

withNodeWebCrypto();

describe('provably fair page', () => {
  it('explains the scheme and shows the active pair and the revealed seeds, newest first', async () => {
    openPage();
    expect(await screen.findByTestId('fairness-server-hash')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Jogo justo comprovável');
    expect(screen.getByText('Como funciona')).toBeTruthy();
    expect(screen.getByTestId('fairness-server-hash').textContent).toBe(hashOf('c'.repeat(64)));
    expect(screen.getByTestId('fairness-client-seed').textContent).toBe('my-seed');
    expect(screen.getByTestId('fairness-nonce').textContent).toBe('5');

    const items = within(screen.getByTestId('revealed-list')).getAllByTestId('revealed-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('revealed-server-seed').textContent).toBe(SEED_B);
    expect(within(items[0]!).getByTestId('revealed-nonces').textContent).toBe('Nenhuma aposta');
    expect(within(items[1]!).getByTestId('revealed-server-seed').textContent).toBe(SEED_A);
    expect(within(items[1]!).getByTestId('revealed-server-hash').textContent).toBe(hashOf(SEED_A));
    expect(within(items[1]!).getByTestId('revealed-client-seed').textContent).toBe('old-seed');
    expect(within(items[1]!).getByTestId('revealed-nonces').textContent).toBe('0 a 2 (3 apostas)');

    // A revealed pair fills the verifier, from its first bet.
    fireEvent.click(within(items[1]!).getByTestId('revealed-use'));
    expect(input('verify-server-seed').value).toBe(SEED_A);
    expect(input('verify-server-hash').value).toBe(hashOf(SEED_A));
    expect(input('verify-client-seed').value).toBe('old-seed');
    expect(input('verify-nonce').value).toBe('0');
  });

  it('copies the server seed hash', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openPage();
    fireEvent.click(await screen.findByTestId('fairness-server-hash-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(hashOf('c'.repeat(64))));
    expect(await screen.findByText('Hash copiado.')).toBeTruthy();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('refuses an invalid client seed, then changes it once however often it is clicked and shows the revealed seed', async () => {
    let release: () => void = () => undefined;
    const after = stateFixture({ serverSeedHash: hashOf('d'.repeat(64)), clientSeed: 'novo seed', nonce: 0 });
    const { calls } = openPage('/fairness', {
      'GET /api/house/fairness': (_call: ApiCall, index: number) => (index === 0 ? stateFixture() : after),
      'PUT /api/house/fairness/client-seed': () => new Promise((resolve) => (release = () => resolve(rotationFixture('novo seed')))),
    });
    await screen.findByTestId('fairness-server-hash');

    fireEvent.change(input('client-seed-input'), { target: { value: 'sementé' } });
    fireEvent.click(screen.getByTestId('client-seed-submit'));
    expect((await screen.findByTestId('client-seed-error')).textContent).toBe('Use de 1 a 64 caracteres sem acentos: letras, números, espaços e símbolos comuns.');
    expect(callsTo(calls, 'PUT', '/api/house/fairness/client-seed')).toHaveLength(0);

    fireEvent.change(input('client-seed-input'), { target: { value: 'novo seed' } });
    expect(screen.queryByTestId('client-seed-error')).toBeNull();
    fireEvent.click(screen.getByTestId('client-seed-submit'));
    fireEvent.click(screen.getByTestId('client-seed-submit'));
    await waitFor(() => expect((screen.getByTestId('client-seed-submit') as HTMLButtonElement).disabled).toBe(true));
    fireEvent.submit(screen.getByTestId('client-seed-form'));
    expect(callsTo(calls, 'PUT', '/api/house/fairness/client-seed')).toHaveLength(1);
    expect(callsTo(calls, 'PUT', '/api/house/fairness/client-seed')[0]!.body).toEqual({ clientSeed: 'novo seed' });

    release();
    const revealedNow = await screen.findByTestId('fairness-revealed-now');
    expect(within(revealedNow).getByTestId('revealed-server-seed').textContent).toBe('c'.repeat(64));
    expect(within(revealedNow).getByTestId('revealed-nonces').textContent).toBe('0 a 4 (5 apostas)');
    await waitFor(() => expect(screen.getByTestId('fairness-server-hash').textContent).toBe(hashOf('d'.repeat(64))));
    expect(screen.getByTestId('fairness-client-seed').textContent).toBe('novo seed');
    expect(input('client-seed-input').value).toBe('');
    // The state is read again (the revealed list gains the old seed).
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/house/fairness').length).toBeGreaterThan(1));
  });

  it('rotates the server seed only after confirmation', async () => {
    const { calls } = openPage('/fairness', { 'POST /api/house/fairness/rotate': rotationFixture() });
    fireEvent.click(await screen.findByTestId('rotate-seed'));
    expect(screen.getByTestId('rotate-confirm').textContent).toContain('Trocar a semente do servidor?');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(screen.queryByTestId('rotate-confirm')).toBeNull();
    expect(callsTo(calls, 'POST', '/api/house/fairness/rotate')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('rotate-seed'));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('fairness-revealed-now')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/house/fairness/rotate')).toHaveLength(1);
    expect(screen.queryByTestId('rotate-confirm')).toBeNull();
  });

  it('tells a trial account why it has no seeds, and still offers the verifier', async () => {
    openPage('/fairness', { 'GET /api/house/fairness': apiError(403, 'auth.trial_refused') });
    expect((await screen.findByTestId('fairness-refused')).textContent).toBe('Registre uma conta primeiro');
    expect(screen.getByTestId('verify-form')).toBeTruthy();
    expect(screen.queryByTestId('revealed-list')).toBeNull();
  });

  it('fills the verifier from a revealed round and confirms it matches the stored one', async () => {
    const round = roundFixture();
    const { calls } = openPage('/fairness?round=42', { 'GET /api/house/rounds/42': round });
    expect(await screen.findByTestId('verify-from-round')).toBeTruthy();
    expect(input('verify-server-seed').value).toBe(SEED_A);
    expect(input('verify-server-hash').value).toBe(hashOf(SEED_A));
    expect(input('verify-client-seed').value).toBe('old-seed');
    expect(input('verify-nonce').value).toBe('2');
    expect((screen.getByTestId('verify-machine') as HTMLSelectElement).value).toBe(MACHINE);
    expect(input('verify-line-bet').value).toBe('0,20');
    const machineLabels = within(screen.getByTestId('verify-machine')).getAllByRole('option').map((option) => option.textContent);
    expect(machineLabels).toEqual(['Tesouro do Faraó', 'Carnaval da Sorte', 'Selva Dourada', 'Dados', 'Limbo', 'Plinko', 'Mines']);

    fireEvent.click(screen.getByTestId('verify-submit'));
    const result = await screen.findByTestId('verify-result');
    expect(result.getAttribute('data-valid')).toBe('true');
    expect(result.textContent).toContain('Válido');
    expect(screen.getByTestId('verify-match').getAttribute('data-match')).toBe('true');
    expect(screen.getByTestId('verify-match').textContent).toBe('Confere com a rodada registrada.');
    const cells = screen.getByTestId('verify-window').querySelectorAll('[data-symbol]');
    expect(cells).toHaveLength(15);
    expect([...cells].map((cell) => cell.getAttribute('data-symbol'))).toEqual(round.outcome.window.flat());
    const game = findSlotGame(MACHINE)!;
    const firstName = game.symbols.find((symbol) => symbol.id === round.outcome.window[0]![0])!.name.pt;
    expect(cells[0]!.textContent).toContain(firstName);
    expect(screen.getByTestId('verify-total-win').textContent).toBe(`R$\u00a0${round.outcome.totalWin.replace('.', ',')}`);
    // Everything was computed locally: no request besides loading the page.
    expect(calls.every((call) => call.method === 'GET')).toBe(true);

    // Another nonce is another round: no longer the stored one.
    fireEvent.change(input('verify-nonce'), { target: { value: '3' } });
    expect(screen.queryByTestId('verify-result')).toBeNull();
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-match')).getAttribute('data-match')).toBe('false');
    expect(screen.getByTestId('verify-match').textContent).toBe('Não confere com a rodada registrada.');
  });

  it('says invalid when the seed does not match the hash, and checks the nonce and line bet fields', async () => {
    openPage('/fairness?round=42', { 'GET /api/house/rounds/42': roundFixture() });
    await screen.findByTestId('verify-from-round');
    fireEvent.change(input('verify-server-hash'), { target: { value: hashOf(SEED_B) } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    const result = await screen.findByTestId('verify-result');
    expect(result.getAttribute('data-valid')).toBe('false');
    expect(result.textContent).toContain('Inválido');
    expect(screen.getByTestId('verify-reason').textContent).toContain('não é o hash informado');
    expect(screen.queryByTestId('verify-window')).toBeNull();
    expect(screen.getByTestId('verify-match').getAttribute('data-match')).toBe('false');

    fireEvent.change(input('verify-nonce'), { target: { value: '-1' } });
    fireEvent.change(input('verify-line-bet'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-nonce-error')).textContent).toBe('Informe um número inteiro a partir de 0.');
    expect(screen.getByTestId('verify-line-bet-error').textContent).toBe('Informe um valor maior que zero, como 0,20.');
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('says malformed seeds are invalid', async () => {
    openPage();
    await screen.findByTestId('verify-form');
    fireEvent.change(input('verify-server-seed'), { target: { value: 'not-a-seed' } });
    fireEvent.change(input('verify-server-hash'), { target: { value: hashOf(SEED_A) } });
    fireEvent.change(input('verify-client-seed'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    const result = await screen.findByTestId('verify-result');
    expect(result.getAttribute('data-valid')).toBe('false');
    expect(screen.getByTestId('verify-reason').textContent).toContain('64 caracteres hexadecimais');
    expect(screen.queryByTestId('verify-match')).toBeNull();
  });

  it('asks to rotate when the round’s seed is still secret, then fills the verifier with the revealed seed', async () => {
    const { calls } = openPage('/fairness?round=42', {
      'GET /api/house/rounds/42': (_call: ApiCall, index: number) => roundFixture({ revealed: index > 0 }),
      'POST /api/house/fairness/rotate': rotationFixture(),
    });
    const notice = await screen.findByTestId('reveal-needed');
    expect(notice.textContent).toContain('A semente do servidor da rodada 42 ainda está em segredo');
    expect(input('verify-server-seed').value).toBe('');
    expect(input('verify-server-hash').value).toBe(hashOf(SEED_A));

    // One rotate button on the page: the notice's.
    expect(screen.getAllByTestId('rotate-seed')).toHaveLength(1);
    fireEvent.click(within(notice).getByTestId('rotate-seed'));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(input('verify-server-seed').value).toBe(SEED_A));
    expect(screen.queryByTestId('reveal-needed')).toBeNull();
    expect(within(await screen.findByTestId('fairness-revealed-now')).getByTestId('revealed-server-seed').textContent).toBe('c'.repeat(64));
    expect(screen.getByTestId('verify-from-round')).toBeTruthy();
    expect(screen.getAllByTestId('rotate-seed')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/house/fairness/rotate')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).getAttribute('data-valid')).toBe('true');
    expect(screen.getByTestId('verify-match').getAttribute('data-match')).toBe('true');
  });

  it('says when the round cannot be found', async () => {
    openPage('/fairness?round=99', { 'GET /api/house/rounds/99': apiError(404, 'house.round_not_found') });
    expect((await screen.findByTestId('verify-round-failed')).textContent).toBe('Não foi possível carregar a rodada 99. Rodada não encontrada.');
  });

  it('speaks English', async () => {
    const { i18n } = openPage('/fairness?round=42', { 'GET /api/house/rounds/42': roundFixture() });
    await i18n.changeLanguage('en');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Provably fair');
    await screen.findByTestId('verify-from-round');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).textContent).toContain('Valid');
    expect(screen.getByTestId('verify-match').textContent).toBe('Matches the stored round.');
  });
});
