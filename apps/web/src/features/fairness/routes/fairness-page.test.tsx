import { createHash, createHmac, webcrypto } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FairnessState, HouseRound, MiniOutcome, RotationResponse, SlotOutcome } from '@app/contracts';
import { blockMessage, createBlockStream, findMiniGame, findSlotGame, minePositions, minesMultiplier, payout, playRound } from '@app/house-games';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { serialiseOutcome } from '../verify.ts';

const SEED_A = 'a'.repeat(48) + '0123456789abcdef';
const SEED_B = 'b'.repeat(48) + '0123456789abcdef';
const hashOf = (seed: string) => createHash('sha256').update(seed, 'utf8').digest('hex');
const MACHINE = 'tesouro-do-farao';

beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

function stateFixture(overrides: Partial<FairnessState> = {}): FairnessState {
  return {
    serverSeedHash: hashOf('c'.repeat(64)),
    clientSeed: 'my-seed',
    nonce: 5,
    revealed: [
      { serverSeed: SEED_A, serverSeedHash: hashOf(SEED_A), clientSeed: 'old-seed', lastNonce: 3, revealedAt: '2025-03-01T10:00:00.000Z' },
      { serverSeed: SEED_B, serverSeedHash: hashOf(SEED_B), clientSeed: 'newer-seed', lastNonce: 0, revealedAt: '2025-03-02T10:00:00.000Z' },
    ],
    ...overrides,
  };
}

function rotationFixture(clientSeed = 'my-seed'): RotationResponse {
  return {
    revealed: { serverSeed: 'c'.repeat(64), serverSeedHash: hashOf('c'.repeat(64)), clientSeed: 'my-seed', lastNonce: 5 },
    active: { serverSeedHash: hashOf('d'.repeat(64)), clientSeed, nonce: 0 },
  };
}

/** The round stream the server uses, here with node:crypto (independent of the verifier under test). */
const serverStream = (nonce: number) => createBlockStream((cursor) => createHmac('sha256', SEED_A).update(blockMessage('old-seed', nonce, cursor), 'utf8').digest());

/** A round the server would have stored, played here with node:crypto. */
function roundFixture({ revealed = true, nonce = 2 } = {}): HouseRound & { outcome: SlotOutcome } {
  const game = findSlotGame(MACHINE)!;
  const stream = serverStream(nonce);
  const outcome = serialiseOutcome(playRound(game, { lineBet: 20n }, stream));
  return {
    id: '42',
    vendor: 'HOUSE',
    gameCode: MACHINE,
    machine: MACHINE,
    status: 'settled',
    bet: outcome.totalBet,
    win: outcome.totalWin,
    createdAt: '2025-03-01T09:00:00.000Z',
    outcome,
    fairness: { serverSeedHash: hashOf(SEED_A), clientSeed: 'old-seed', nonce, serverSeed: revealed ? SEED_A : null },
  };
}

const cents = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
const tenThousandths = (value: bigint) => `${value / 10_000n}.${(value % 10_000n).toString().padStart(4, '0')}`;

/** A mini round the server would have stored (its playMini, with node:crypto): game.play(game.parse(params), stream). */
function miniRoundFixture(kind: MiniOutcome['kind'], params: Record<string, string | number>, { nonce = 4, bet = 100n, id = '43' } = {}): HouseRound & { outcome: MiniOutcome } {
  const game = findMiniGame(kind)!;
  const round = game.play(game.parse(params), serverStream(nonce));
  const win = payout(bet, round.multiplier);
  return {
    id,
    vendor: 'HOUSE',
    gameCode: kind,
    machine: kind,
    status: 'settled',
    bet: cents(bet),
    win: cents(win),
    createdAt: '2025-03-01T09:00:00.000Z',
    outcome: { kind, bet: cents(bet), multiplier: tenThousandths(round.multiplier), win: cents(win), result: round.outcome as MiniOutcome['result'] },
    fairness: { serverSeedHash: hashOf(SEED_A), clientSeed: 'old-seed', nonce, serverSeed: SEED_A },
  };
}

/** The first nonce from `from` whose round `wins` as asked. */
function nonceWhere(make: (nonce: number) => HouseRound & { outcome: MiniOutcome }, wins: boolean, from = 0): number {
  let nonce = from;
  while ((make(nonce).outcome.multiplier !== '0.0000') !== wins) nonce += 1;
  return nonce;
}

function openPage(path = '/fairness', routes: Record<string, RouteAnswer> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/house/fairness': stateFixture(), ...routes });
  return { calls, ...renderApp(path) };
}

const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

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

describe('provably fair page: mini games', () => {
  const diceRound = (nonce: number) => miniRoundFixture('dados', { direction: 'over', target: '50.00' }, { nonce });
  const limboRound = (nonce: number) => miniRoundFixture('limbo', { target: '2.00' }, { nonce });
  const plinkoRound = (nonce: number) => miniRoundFixture('plinko', { rows: 12, risk: 'high' }, { nonce });
  const select = (testId: string) => screen.getByTestId(testId) as HTMLSelectElement;

  it('fills the verifier from a dice round, replays it and confirms it matches, in words', async () => {
    const round = diceRound(nonceWhere(diceRound, true));
    const result = round.outcome.result as { roll: string };
    const { calls } = openPage('/fairness?round=43', { 'GET /api/house/rounds/43': round });
    expect(await screen.findByTestId('verify-from-round')).toBeTruthy();
    expect(input('verify-server-seed').value).toBe(SEED_A);
    expect(input('verify-nonce').value).toBe(String(round.fairness.nonce));
    expect(select('verify-machine').value).toBe('dados');
    expect(select('verify-dice-direction').value).toBe('over');
    expect(input('verify-dice-target').value).toBe('50,00');
    // A mini game has no line bet: its own choices take that place.
    expect(screen.queryByTestId('verify-line-bet')).toBeNull();

    fireEvent.click(screen.getByTestId('verify-submit'));
    const panel = await screen.findByTestId('verify-result');
    expect(panel.getAttribute('data-valid')).toBe('true');
    expect(screen.getByTestId('verify-match').getAttribute('data-match')).toBe('true');
    expect(screen.getByTestId('verify-mini-result').textContent).toBe(`Rolagem ${result.roll.replace('.', ',')} — acima de 50,00: ganhou, 1,9801×`);
    expect(screen.getByTestId('verify-multiplier').textContent).toBe('1,9801×');
    expect(screen.queryByTestId('verify-window')).toBeNull();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);

    // Another target is another bet: no longer the stored round.
    fireEvent.change(input('verify-dice-target'), { target: { value: '60' } });
    expect(screen.queryByTestId('verify-result')).toBeNull();
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-match')).getAttribute('data-match')).toBe('false');
    expect(screen.getByTestId('verify-mini-result').textContent).toContain('acima de 60,00');
  });

  it('says a losing dice round in words, and under the target', async () => {
    const under = (nonce: number) => miniRoundFixture('dados', { direction: 'under', target: '25.50' }, { nonce });
    const round = under(nonceWhere(under, false));
    const result = round.outcome.result as { roll: string };
    openPage('/fairness?round=43', { 'GET /api/house/rounds/43': round });
    await screen.findByTestId('verify-from-round');
    expect(select('verify-dice-direction').value).toBe('under');
    expect(input('verify-dice-target').value).toBe('25,50');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-match')).getAttribute('data-match')).toBe('true');
    expect(screen.getByTestId('verify-mini-result').textContent).toBe(`Rolagem ${result.roll.replace('.', ',')} — abaixo de 25,50: perdeu`);
    expect(screen.getByTestId('verify-multiplier').textContent).toBe('0,0000×');
  });

  it('verifies a limbo round, and says no match when the stored round was altered', async () => {
    const round = limboRound(nonceWhere(limboRound, true));
    const result = round.outcome.result as { result: string };
    openPage('/fairness?round=43', { 'GET /api/house/rounds/43': round });
    await screen.findByTestId('verify-from-round');
    expect(select('verify-machine').value).toBe('limbo');
    expect(input('verify-limbo-target').value).toBe('2,00');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-match')).getAttribute('data-match')).toBe('true');
    const shown = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(result.result as `${number}`);
    expect(screen.getByTestId('verify-mini-result').textContent).toBe(`Resultado ${shown}× — alvo 2,00×: ganhou, 2,0000×`);
  });

  it.each([
    ['a different multiplier', (outcome: MiniOutcome): MiniOutcome => ({ ...outcome, multiplier: '2.5000' })],
    ['a different result', (outcome: MiniOutcome): MiniOutcome => ({ ...outcome, result: { ...(outcome.result as { result: string; target: string; won: boolean }), result: '1000.00' } })],
    ['a win the multiplier does not pay', (outcome: MiniOutcome): MiniOutcome => ({ ...outcome, win: '5.00' })],
  ])('says no match for a stored limbo round with %s', async (_label, alter) => {
    const round = limboRound(nonceWhere(limboRound, true));
    openPage('/fairness?round=43', { 'GET /api/house/rounds/43': { ...round, outcome: alter(round.outcome) } });
    await screen.findByTestId('verify-from-round');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).getAttribute('data-valid')).toBe('true');
    expect(screen.getByTestId('verify-match').getAttribute('data-match')).toBe('false');
    expect(screen.getByTestId('verify-match').textContent).toBe('Não confere com a rodada registrada.');
  });

  it('verifies a plinko round with its rows and risk', async () => {
    const round = plinkoRound(3);
    const result = round.outcome.result as { slot: number; path: number[] };
    openPage('/fairness?round=43', { 'GET /api/house/rounds/43': round });
    await screen.findByTestId('verify-from-round');
    expect(select('verify-machine').value).toBe('plinko');
    expect(select('verify-plinko-rows').value).toBe('12');
    expect(select('verify-plinko-risk').value).toBe('high');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-match')).getAttribute('data-match')).toBe('true');
    const multiplier = round.outcome.multiplier.replace('.', ',');
    const path = result.path.map((step) => (step === 1 ? 'D' : 'E')).join(' ');
    expect(screen.getByTestId('verify-mini-result').textContent).toBe(`Bola na casa ${result.slot + 1} de 13 (12 linhas, risco alto; caminho ${path}): ${multiplier}×`);

    // Other rows replay another board: the stored round is not that one.
    fireEvent.change(select('verify-plinko-rows'), { target: { value: '16' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-match')).getAttribute('data-match')).toBe('false');
    expect(screen.getByTestId('verify-mini-result').textContent).toContain('de 17 (16 linhas');
  });

  it('a slot replay never matches a stored mini round', async () => {
    openPage('/fairness?round=43', { 'GET /api/house/rounds/43': diceRound(1) });
    await screen.findByTestId('verify-from-round');
    fireEvent.change(select('verify-machine'), { target: { value: MACHINE } });
    expect(input('verify-line-bet').value).toBe('0,20');
    expect(screen.queryByTestId('verify-dice-target')).toBeNull();
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).getAttribute('data-valid')).toBe('true');
    expect(screen.getByTestId('verify-match').getAttribute('data-match')).toBe('false');
    expect(screen.getByTestId('verify-window')).toBeTruthy();
  });

  it('offers each mini game’s choices by hand and checks the targets', async () => {
    openPage();
    await screen.findByTestId('verify-form');
    fireEvent.change(input('verify-server-seed'), { target: { value: SEED_A } });
    fireEvent.change(input('verify-server-hash'), { target: { value: hashOf(SEED_A) } });
    fireEvent.change(input('verify-client-seed'), { target: { value: 'old-seed' } });
    fireEvent.change(input('verify-nonce'), { target: { value: '4' } });

    fireEvent.change(select('verify-machine'), { target: { value: 'dados' } });
    expect(screen.queryByTestId('verify-line-bet')).toBeNull();
    expect(within(select('verify-dice-direction')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Acima do alvo', 'Abaixo do alvo']);
    fireEvent.change(input('verify-dice-target'), { target: { value: '99' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-dice-target-error')).textContent).toBe('Informe um alvo de 2,00 a 98,00, com até duas casas decimais.');
    expect(screen.queryByTestId('verify-result')).toBeNull();
    fireEvent.change(input('verify-dice-target'), { target: { value: '50' } });
    expect(screen.queryByTestId('verify-dice-target-error')).toBeNull();
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).getAttribute('data-valid')).toBe('true');
    // Typed by hand: nothing stored to compare with.
    expect(screen.queryByTestId('verify-match')).toBeNull();
    const expectedDice = diceRound(4).outcome.result as { roll: string };
    expect(screen.getByTestId('verify-mini-result').textContent).toContain(`Rolagem ${expectedDice.roll.replace('.', ',')} — acima de 50,00`);

    fireEvent.change(select('verify-machine'), { target: { value: 'limbo' } });
    fireEvent.change(input('verify-limbo-target'), { target: { value: '1,00' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-limbo-target-error')).textContent).toContain('de 1,01 a 1000000,00');

    fireEvent.change(select('verify-machine'), { target: { value: 'plinko' } });
    expect(screen.queryByTestId('verify-limbo-target')).toBeNull();
    expect(within(select('verify-plinko-rows')).getAllByRole('option').map((option) => option.textContent)).toEqual(['8', '12', '16']);
    expect(within(select('verify-plinko-risk')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Baixo', 'Médio', 'Alto']);
    fireEvent.change(select('verify-plinko-rows'), { target: { value: '12' } });
    fireEvent.change(select('verify-plinko-risk'), { target: { value: 'high' } });
    fireEvent.change(input('verify-nonce'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).getAttribute('data-valid')).toBe('true');
    expect(screen.getByTestId('verify-multiplier').textContent).toBe(`${plinkoRound(3).outcome.multiplier.replace('.', ',')}×`);
  });

  it('fills only the seeds from a revealed pair: the game and its choices stay as typed, the last result goes', async () => {
    openPage();
    const items = await screen.findAllByTestId('revealed-item');
    fireEvent.change(select('verify-machine'), { target: { value: 'dados' } });
    fireEvent.change(select('verify-dice-direction'), { target: { value: 'under' } });
    fireEvent.change(input('verify-dice-target'), { target: { value: '60' } });
    fireEvent.change(input('verify-nonce'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(await screen.findByTestId('verify-result')).toBeTruthy();

    fireEvent.click(within(items[1]!).getByTestId('revealed-use'));
    expect(screen.queryByTestId('verify-result')).toBeNull();
    expect(input('verify-server-seed').value).toBe(SEED_A);
    expect(input('verify-client-seed').value).toBe('old-seed');
    expect(input('verify-nonce').value).toBe('0');
    expect(select('verify-machine').value).toBe('dados');
    expect(select('verify-dice-direction').value).toBe('under');
    expect(input('verify-dice-target').value).toBe('60');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).getAttribute('data-valid')).toBe('true');
    expect(screen.getByTestId('verify-mini-result').textContent).toContain('abaixo de 60,00');
  });

  it('says invalid for a mini round whose seed is not the committed one', async () => {
    openPage('/fairness?round=43', { 'GET /api/house/rounds/43': diceRound(2) });
    await screen.findByTestId('verify-from-round');
    fireEvent.change(input('verify-server-hash'), { target: { value: hashOf(SEED_B) } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).getAttribute('data-valid')).toBe('false');
    expect(screen.getByTestId('verify-match').getAttribute('data-match')).toBe('false');
    expect(screen.queryByTestId('verify-mini-result')).toBeNull();
  });

  it('speaks English', async () => {
    const round = diceRound(nonceWhere(diceRound, true));
    const result = round.outcome.result as { roll: string };
    const { i18n } = openPage('/fairness?round=43', { 'GET /api/house/rounds/43': round });
    await i18n.changeLanguage('en');
    await screen.findByTestId('verify-from-round');
    expect(within(select('verify-machine')).getAllByRole('option').map((option) => option.textContent).slice(3)).toEqual(['Dice', 'Limbo', 'Plinko', 'Mines']);
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-match')).textContent).toBe('Matches the stored round.');
    expect(screen.getByTestId('verify-mini-result').textContent).toBe(`Roll ${result.roll} — over 50.00: won, 1.9801×`);
  });
});

describe('provably fair page: Mines', () => {
  /** A cashed-out round of 3 mines on the seeds the page reveals: two gems, the mines from the server's own stream. */
  function minesRound(nonce: number): HouseRound {
    const mines = minePositions(serverStream(nonce), 3);
    const revealed = Array.from({ length: 25 }, (_, cell) => cell).filter((cell) => !mines.includes(cell)).slice(0, 2);
    const multiplier = minesMultiplier(3, 2);
    const win = payout(200n, multiplier);
    return {
      id: '44',
      vendor: 'HOUSE',
      gameCode: 'mines',
      machine: 'mines',
      status: 'settled',
      bet: '2.00',
      win: cents(win),
      createdAt: '2025-03-01T09:00:00.000Z',
      outcome: { kind: 'mines', bet: '2.00', multiplier: tenThousandths(multiplier), win: cents(win), result: { mineCount: 3, revealed, hit: null, mines, state: 'cashed_out' } },
      fairness: { serverSeedHash: hashOf(SEED_A), clientSeed: 'old-seed', nonce, serverSeed: SEED_A },
    };
  }

  it('fills the verifier from a Mines round, places the mines again in the browser and confirms the round', async () => {
    const round = minesRound(6);
    const mines = (round.outcome as { result: { mines: number[] } }).result.mines;
    openPage('/fairness?round=44', { 'GET /api/house/rounds/44': round });
    await screen.findByTestId('verify-from-round');
    expect((screen.getByTestId('verify-machine') as HTMLSelectElement).value).toBe('mines');
    expect((screen.getByTestId('verify-mine-count') as HTMLSelectElement).value).toBe('3');
    expect(screen.queryByTestId('verify-line-bet')).toBeNull();
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-result')).getAttribute('data-valid')).toBe('true');
    expect(screen.getByTestId('verify-match').getAttribute('data-match')).toBe('true');
    expect(screen.getByTestId('verify-mines').textContent).toBe(mines.map((cell) => cell + 1).join(' · '));
    const grid = screen.getByTestId('verify-mines-grid');
    expect(grid.querySelectorAll('[data-state="mine"]')).toHaveLength(3);
    expect(grid.querySelectorAll('[data-state="gem"]')).toHaveLength(2);

    // Another mine count is another board: no longer the stored round.
    fireEvent.change(screen.getByTestId('verify-mine-count'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect((await screen.findByTestId('verify-match')).getAttribute('data-match')).toBe('false');
  });
});
