import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HouseRound, MiniOutcome } from '@app/contracts';
import { minePositions, minesMultiplier, payout } from '@app/house-games';
import { cents, hashOf, input, MACHINE, miniRoundFixture, nonceWhere, openPage, SEED_A, SEED_B, serverStream, tenThousandths, withNodeWebCrypto } from '../test/page-fixtures.ts';

withNodeWebCrypto();

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
