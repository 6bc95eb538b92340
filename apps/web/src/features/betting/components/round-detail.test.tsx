import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BettingRecordPage, BettingRound, HouseRound, MiniOutcome, MinesOutcome } from '@app/contracts';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const RECORD = '/api/member/betting-record';
const HASH = '5'.repeat(64);

function rowFixture(overrides: Partial<BettingRound> = {}): BettingRound {
  return {
    vendor: 'HOUSE',
    vendorName: 'Casa',
    gameCode: 'tesouro-do-farao',
    gameName: 'Tesouro do Faraó',
    gameType: 'RNG',
    product: null,
    roundId: 'house-42',
    bet: '4.00',
    win: '1.20',
    net: '-2.80',
    status: 'settled',
    openedAt: '2025-03-01T15:04:05.000Z',
    closedAt: '2025-03-01T15:04:05.000Z',
    ...overrides,
  };
}

function pageFixture(content: BettingRound[]): BettingRecordPage {
  return { content, pageNum: 1, total: content.length, totalPages: 1, totals: { bet: '4.00', win: '1.20', net: '-2.80' }, timeZone: 'America/Sao_Paulo' };
}

const WINDOW = [
  ['WI', 'SC', 'A'],
  ['K', 'Q', 'J'],
  ['T', 'CAT', 'ANK'],
  ['EYE', 'SCA', 'A'],
  ['K', 'Q', 'J'],
];

function houseRoundFixture(serverSeed: string | null = null): HouseRound {
  const spin = { mode: 'base' as const, stops: [0, 1, 2, 3, 4], window: WINDOW, lineWins: [], scatter: { count: 1, pay: '0.00' }, freeSpinsAwarded: 0, multiplier: 1, win: '1.20' };
  return {
    id: '42',
    vendor: 'HOUSE',
    gameCode: 'tesouro-do-farao',
    machine: 'tesouro-do-farao',
    status: 'settled',
    bet: '4.00',
    win: '1.20',
    createdAt: '2025-03-01T15:04:05.000Z',
    outcome: { lineBet: '0.20', lines: 20, totalBet: '4.00', stops: spin.stops, window: WINDOW, lineWins: [], scatter: spin.scatter, base: spin, freeSpins: [], freeSpinsAwarded: 0, totalWin: '1.20' },
    fairness: { serverSeedHash: HASH, clientSeed: 'my-seed', nonce: 7, serverSeed },
  };
}

function miniRoundFixture(outcome: MiniOutcome, serverSeed: string | null = null): HouseRound {
  return {
    id: '42',
    vendor: 'HOUSE',
    gameCode: outcome.kind,
    machine: outcome.kind,
    status: 'settled',
    bet: outcome.bet,
    win: outcome.win,
    createdAt: '2025-03-01T15:04:05.000Z',
    outcome,
    fairness: { serverSeedHash: HASH, clientSeed: 'my-seed', nonce: 7, serverSeed },
  };
}

const PLINKO: MiniOutcome = { kind: 'plinko', bet: '1.00', multiplier: '0.4000', win: '0.40', result: { rows: 8, risk: 'medium', path: [0, 1, 1, 0, 1, 0, 0, 1], slot: 4, multiplier: '0.40' } };
const DICE_WIN: MiniOutcome = { kind: 'dados', bet: '1.00', multiplier: '1.9801', win: '1.98', result: { direction: 'over', target: '50.00', roll: '73.41', won: true } };

function openRecord(rows: BettingRound[], round: RouteAnswer = houseRoundFixture()) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({ 'GET /api/member/info': memberFixture(), [`GET ${RECORD}`]: pageFixture(rows), 'GET /api/house/rounds/42': round });
  return { calls, ...renderApp('/member?tab=personalHistoryCopy') };
}

const roundCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/house/rounds/'));

describe('betting record round detail', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-02T01:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('offers details only on house rounds and shows the round with its seeds and a link to verify it', async () => {
    const { calls, router } = openRecord([rowFixture(), rowFixture({ vendor: 'pg', roundId: 'r-1', gameName: 'Fortune Tiger' }), rowFixture({ roundId: 'house-x' })]);
    // The file's first test also waits for the lazy member page to load: more than the default second on a busy machine.
    const rows = await screen.findAllByTestId('betting-row', {}, { timeout: 5000 });
    expect(screen.getByTestId('betting-table')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('round-details').textContent).toBe('Detalhes');
    expect(within(rows[1]!).queryByTestId('round-details')).toBeNull();
    expect(within(rows[2]!).queryByTestId('round-details')).toBeNull();
    expect(roundCalls(calls)).toHaveLength(0);

    fireEvent.click(within(rows[0]!).getByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    await within(dialog).findByTestId('round-detail-content');
    expect(roundCalls(calls).map((call) => call.path)).toEqual(['/api/house/rounds/42']);
    expect(dialog.textContent).toContain('Rodada 42');
    expect(dialog.textContent).toContain('Tesouro do Faraó');
    expect(within(dialog).getByTestId('round-detail-bet').textContent).toBe('R$\u00a04,00');
    expect(within(dialog).getByTestId('round-detail-win').textContent).toBe('R$\u00a01,20');
    expect(within(dialog).getByTestId('round-detail-status').textContent).toBe('Concluída');
    expect(dialog.textContent).toContain('01/03/2025, 12:04:05');
    const cells = within(dialog).getByTestId('round-detail-window').querySelectorAll('[data-symbol]');
    expect(cells).toHaveLength(15);
    expect(cells[0]!.textContent).toContain('Máscara do Faraó');
    expect(cells[1]!.textContent).toContain('Pirâmide');
    expect(within(dialog).getByTestId('round-detail-hash').textContent).toBe(HASH);
    expect(within(dialog).getByTestId('round-detail-client-seed').textContent).toBe('my-seed');
    expect(within(dialog).getByTestId('round-detail-nonce').textContent).toBe('7');
    expect(within(dialog).getByTestId('round-detail-seed-hidden').textContent).toBe(
      'Ainda não revelada — troque sua semente na página de jogo justo comprovável para revelá-la.',
    );
    const link = within(dialog).getByTestId('round-verify-link');
    expect(link.textContent).toBe('Verificar');
    expect(link.getAttribute('href')).toBe('/fairness?round=42');

    fireEvent.click(within(dialog).getByTestId('modal-close'));
    expect(screen.queryByTestId('round-detail')).toBeNull();

    // The verify link opens the provably fair page for that round.
    stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/house/fairness': apiError(403, 'auth.trial_refused'), 'GET /api/house/rounds/42': houseRoundFixture() });
    fireEvent.click(within(rows[0]!).getByTestId('round-details'));
    fireEvent.click(within(await screen.findByTestId('round-detail')).getByTestId('round-verify-link'));
    await waitFor(() => expect(router.state.location.search).toBe('?round=42'));
    expect(router.state.location.pathname).toBe('/fairness');
    expect(await screen.findByTestId('fairness-page')).toBeTruthy();
  });

  it('shows the server seed once revealed, and on phones opens from the card', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    openRecord([rowFixture(), rowFixture({ vendor: 'pg', roundId: 'r-1' })], houseRoundFixture('e'.repeat(64)));
    const rows = await screen.findAllByTestId('betting-row');
    expect(screen.getByTestId('betting-cards')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('round-details')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    expect((await within(dialog).findByTestId('round-detail-server-seed')).textContent).toBe('e'.repeat(64));
    expect(within(dialog).queryByTestId('round-detail-seed-hidden')).toBeNull();
  });

  it('says when the round cannot be loaded', async () => {
    openRecord([rowFixture()], apiError(404, 'house.round_not_found'));
    fireEvent.click(await screen.findByTestId('round-details'));
    expect((await screen.findByTestId('round-detail-failed')).textContent).toContain('Não foi possível carregar os detalhes da rodada. Rodada não encontrada.');
  });

  it('adds no details column when no house round is listed', async () => {
    openRecord([rowFixture({ vendor: 'pg', roundId: 'r-1' })]);
    await screen.findByTestId('betting-row');
    expect(screen.getByTestId('betting-table').querySelectorAll('thead th')).toHaveLength(7);
    expect(screen.queryByTestId('round-details')).toBeNull();
  });
});

describe('betting record round detail: mini games', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-02T01:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const diceRow = rowFixture({ gameCode: 'dados', gameName: 'Dados', bet: '1.00', win: '1.98', net: '0.98' });

  it('shows a dice round’s game, bet, win, multiplier and result in words instead of reels, with its seeds and the verify link', async () => {
    openRecord([diceRow], miniRoundFixture(DICE_WIN));
    fireEvent.click(await screen.findByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    await within(dialog).findByTestId('round-detail-content');
    expect(dialog.textContent).toContain('Dados');
    expect(within(dialog).getByTestId('round-detail-bet').textContent).toBe('R$\u00a01,00');
    expect(within(dialog).getByTestId('round-detail-win').textContent).toBe('R$\u00a01,98');
    expect(within(dialog).getByTestId('round-detail-multiplier').textContent).toBe('1,9801×');
    expect(within(dialog).getByTestId('round-detail-mini-result').textContent).toBe('Rolagem 73,41 — acima de 50,00: ganhou, 1,9801×');
    expect(within(dialog).queryByTestId('round-detail-window')).toBeNull();
    expect(dialog.textContent).not.toContain('Resultado dos rolos');
    expect(within(dialog).getByTestId('round-detail-hash').textContent).toBe(HASH);
    expect(within(dialog).getByTestId('round-detail-nonce').textContent).toBe('7');
    expect(within(dialog).getByTestId('round-detail-seed-hidden')).toBeTruthy();
    expect(within(dialog).getByTestId('round-verify-link').getAttribute('href')).toBe('/fairness?round=42');
  });

  it('shows a lost Mines round as its board: the gems found, the mine hit and the others', async () => {
    const lost: MinesOutcome = { kind: 'mines', bet: '2.00', multiplier: '0.0000', win: '0.00', result: { mineCount: 3, revealed: [4, 9], hit: 12, mines: [0, 12, 20], state: 'lost' } };
    openRecord([rowFixture({ gameCode: 'mines', gameName: 'Mines' })], { ...miniRoundFixture(DICE_WIN), gameCode: 'mines', machine: 'mines', bet: '2.00', win: '0.00', outcome: lost });
    fireEvent.click(await screen.findByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    const grid = await within(dialog).findByTestId('round-detail-mines');
    expect(within(grid).getByTestId('mines-cell-12').getAttribute('data-state')).toBe('hit');
    expect(within(grid).getByTestId('mines-cell-0').getAttribute('data-state')).toBe('mine');
    expect(within(grid).getByTestId('mines-cell-4').getAttribute('data-state')).toBe('gem');
    expect(within(grid).getByTestId('mines-cell-5').getAttribute('data-state')).toBe('spare');
    expect(within(dialog).getByTestId('round-detail-mines-result').textContent).toBe('Minas: 3 · diamantes encontrados: 2. Encontrou uma mina na casa 13.');
    expect(within(dialog).getByTestId('round-verify-link').getAttribute('href')).toBe('/fairness?round=42');
  });

  it('keeps the mines of a Mines round in progress hidden', async () => {
    const playing: MinesOutcome = { kind: 'mines', bet: '2.00', multiplier: '0.0000', win: '0.00', result: { mineCount: 3, revealed: [4], hit: null, mines: null, state: 'playing' } };
    openRecord([rowFixture({ gameCode: 'mines', gameName: 'Mines' })], { ...miniRoundFixture(DICE_WIN), status: 'playing', gameCode: 'mines', machine: 'mines', outcome: playing });
    fireEvent.click(await screen.findByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    const grid = await within(dialog).findByTestId('round-detail-mines');
    expect(grid.querySelectorAll('[data-state="closed"]')).toHaveLength(24);
    expect(within(dialog).getByTestId('round-detail-status').textContent).toBe('Em andamento');
    expect(within(dialog).getByTestId('round-detail-mines-result').textContent).toContain('as minas aparecem quando ela terminar');
  });

  it('says a lost limbo round in words', async () => {
    const limbo: MiniOutcome = { kind: 'limbo', bet: '2.00', multiplier: '0.0000', win: '0.00', result: { target: '10.00', result: '1234.56', won: false } };
    openRecord([rowFixture({ gameCode: 'limbo', gameName: 'Limbo' })], miniRoundFixture(limbo, 'e'.repeat(64)));
    fireEvent.click(await screen.findByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    expect((await within(dialog).findByTestId('round-detail-mini-result')).textContent).toBe('Resultado 1.234,56× — alvo 10,00×: perdeu');
    expect(within(dialog).getByTestId('round-detail-multiplier').textContent).toBe('0,0000×');
    expect(within(dialog).getByTestId('round-detail-server-seed').textContent).toBe('e'.repeat(64));
  });

  it('says a plinko drop in words: slot, board and path', async () => {
    openRecord([rowFixture({ gameCode: 'plinko', gameName: 'Plinko' })], miniRoundFixture(PLINKO));
    fireEvent.click(await screen.findByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    expect((await within(dialog).findByTestId('round-detail-mini-result')).textContent).toBe('Bola na casa 5 de 9 (8 linhas, risco médio; caminho E D D E D E E D): 0,4000×');
    expect(within(dialog).getByTestId('round-detail-win').textContent).toBe('R$\u00a00,40');
  });

  it('speaks English', async () => {
    const { i18n } = openRecord([rowFixture({ gameCode: 'plinko', gameName: 'Plinko' })], miniRoundFixture(PLINKO));
    await i18n.changeLanguage('en');
    fireEvent.click(await screen.findByTestId('round-details'));
    const dialog = await screen.findByTestId('round-detail');
    expect((await within(dialog).findByTestId('round-detail-mini-result')).textContent).toBe('Ball in slot 5 of 9 (8 rows, medium risk; path L R R L R L L R): 0.4000×');
    expect(within(dialog).getByTestId('round-detail-multiplier').textContent).toBe('0.4000×');
    expect(dialog.textContent).toContain('Multiplier');
  });
});
