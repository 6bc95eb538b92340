import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BettingRecordPage, BettingRound } from '@app/contracts';
import { apiError, stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const PATH = '/api/member/betting-record';
const recordCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === PATH).map((call) => Object.fromEntries(call.query));

function roundFixture(overrides: Partial<BettingRound> = {}): BettingRound {
  return {
    vendor: 'pg',
    vendorName: 'PG Soft',
    gameCode: 'fortune-tiger',
    gameName: 'Fortune Tiger',
    gameType: 'RNG',
    product: null,
    roundId: 'r-1',
    bet: '10.00',
    win: '25.50',
    net: '15.50',
    status: 'settled',
    openedAt: '2025-03-01T15:04:05.000Z',
    closedAt: '2025-03-01T15:04:09.000Z',
    ...overrides,
  };
}

function pageFixture(content: BettingRound[] = [roundFixture()], overrides: Partial<BettingRecordPage> = {}): BettingRecordPage {
  return {
    content,
    pageNum: 1,
    total: content.length,
    totalPages: content.length > 0 ? 1 : 0,
    totals: { bet: '150.00', win: '120.00', net: '-30.00' },
    timeZone: 'America/Sao_Paulo',
    ...overrides,
  };
}

function openRecord(answer: RouteAnswer = pageFixture()) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({ 'GET /api/member/info': memberFixture(), [`GET ${PATH}`]: answer });
  const app = renderApp('/member?tab=personalHistoryCopy');
  return { calls, ...app };
}

describe('betting record', () => {
  beforeEach(() => {
    // 01:30 UTC on 2 March: still 1 March in São Paulo, the operator zone of the boot fixture.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-02T01:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the last 7 days in Portuguese, lists each round and the period totals', async () => {
    const { calls } = openRecord(
      pageFixture([
        roundFixture(),
        roundFixture({ roundId: 'r-2', gameName: 'Roleta', vendorName: 'Evolution', gameType: 'LIVE', bet: '5.00', win: '0.00', net: '-5.00', status: 'open', closedAt: null }),
        roundFixture({ roundId: 'r-3', gameType: null, bet: '3.00', win: '0.00', net: '0.00', status: 'rolled_back' }),
      ]),
    );
    const rows = await screen.findAllByTestId('betting-row');
    expect(screen.getByTestId('betting-record')).toBeTruthy();
    expect(screen.getByTestId('member-tab-title').textContent).not.toBe('');
    expect(recordCalls(calls)[0]).toEqual({ from: '2025-02-23', to: '2025-03-01', pageNo: '1', pageSize: '20', language: 'pt' });
    expect(rows).toHaveLength(3);

    const [won, running, refunded] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(won.textContent).toContain('Fortune Tiger');
    expect(won.textContent).toContain('PG Soft');
    expect(won.textContent).toContain('Slots');
    expect(won.textContent).toContain('R$\u00a010,00');
    expect(won.textContent).toContain('R$\u00a025,50');
    // 15:04:05 UTC is 12:04:05 in São Paulo, the zone the page was answered in.
    expect(won.textContent).toContain('01/03/2025, 12:04:05');
    expect(within(won).getByTestId('betting-net').textContent).toBe('+R$\u00a015,50');
    expect(within(won).getByTestId('betting-net').classList.contains('amount--credit')).toBe(true);
    expect(within(won).getByTestId('betting-status').textContent).toBe('Concluída');

    expect(running.textContent).toContain('Ao vivo');
    expect(within(running).getByTestId('betting-net').textContent).toBe('\u2212R$\u00a05,00');
    expect(within(running).getByTestId('betting-net').classList.contains('amount--debit')).toBe(true);
    expect(within(running).getByTestId('betting-status').textContent).toBe('Em andamento');

    expect(refunded.textContent).toContain('Outros');
    expect(within(refunded).getByTestId('betting-net').textContent).toBe('R$\u00a00,00');
    expect(within(refunded).getByTestId('betting-status').textContent).toBe('Estornada');

    const totals = screen.getByTestId('betting-totals');
    expect(within(totals).getByTestId('betting-total-bet').textContent).toBe('R$\u00a0150,00');
    expect(within(totals).getByTestId('betting-total-win').textContent).toBe('R$\u00a0120,00');
    expect(within(totals).getByTestId('betting-total-net').textContent).toBe('\u2212R$\u00a030,00');
    expect(within(totals).getByTestId('betting-total-net').classList.contains('amount--debit')).toBe(true);
  });

  it('labels a mini game by its own product, not as a crash game', async () => {
    openRecord(pageFixture([roundFixture({ vendorName: 'Jogos da Casa', gameCode: 'limbo', gameName: 'Limbo', gameType: 'CRASH', product: 'mini' })]));
    const row = await screen.findByTestId('betting-row');
    expect(row.textContent).toContain('Minijogos');
    expect(row.textContent).not.toContain('Crash');
  });

  it('shows times in the zone the server answered in', async () => {
    openRecord(pageFixture([roundFixture()], { timeZone: 'UTC' }));
    expect((await screen.findByTestId('betting-row')).textContent).toContain('01/03/2025, 15:04:05');
  });

  it('sends the product type, starts again at page 1, and says when nothing was found', async () => {
    const { calls } = openRecord((call: ApiCall) =>
      call.query.get('gameType') === 'FISH'
        ? pageFixture([], { totals: { bet: '0.00', win: '0.00', net: '0.00' } })
        : pageFixture([roundFixture()], { pageNum: Number(call.query.get('pageNo')), total: 45, totalPages: 3 }),
    );
    await screen.findByTestId('betting-row');
    const filter = screen.getByTestId('betting-type-filter');
    const labels = within(filter).getAllByRole('option').map((option) => option.textContent);
    expect(labels.slice(0, 3)).toEqual(['Todos', 'Ao vivo', 'Slots']);

    fireEvent.click(screen.getByTestId('history-next'));
    await waitFor(() => expect(recordCalls(calls).at(-1)?.pageNo).toBe('2'));

    fireEvent.change(filter, { target: { value: 'FISH' } });
    await waitFor(() => expect(recordCalls(calls).at(-1)).toEqual({ from: '2025-02-23', to: '2025-03-01', gameType: 'FISH', pageNo: '1', pageSize: '20', language: 'pt' }));
    expect((await screen.findByTestId('betting-empty')).textContent).toBe('Nenhuma aposta no período selecionado.');
    expect(screen.queryByTestId('betting-row')).toBeNull();
    expect(within(screen.getByTestId('betting-totals')).getByTestId('betting-total-net').textContent).toBe('R$\u00a00,00');

    fireEvent.change(filter, { target: { value: 'all' } });
    expect(await screen.findByTestId('betting-row')).toBeTruthy();
    expect(screen.queryByTestId('betting-empty')).toBeNull();
  });

  it('refuses a period longer than 93 days or running backwards without asking the server', async () => {
    const { calls } = openRecord();
    await screen.findByTestId('betting-row');
    const before = recordCalls(calls).length;
    fireEvent.click(screen.getByTestId('range-custom'));
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2024-11-01' } });
    expect((await screen.findByTestId('range-error')).textContent).toBe('Período inválido: escolha no máximo 93 dias, com a data inicial antes da final');
    expect(screen.queryByTestId('betting-row')).toBeNull();
    expect(screen.queryByTestId('betting-totals')).toBeNull();

    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2024-10-15' } });
    expect(screen.getByTestId('range-error')).toBeTruthy();
    expect(recordCalls(calls)).toHaveLength(before);

    // 93 days, both ends counted, is still allowed.
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2024-11-29' } });
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2025-03-01' } });
    await waitFor(() => expect(recordCalls(calls).at(-1)).toMatchObject({ from: '2024-11-29', to: '2025-03-01' }));
    expect(screen.queryByTestId('range-error')).toBeNull();
  });

  it('shows the server refusal translated, with a retry', async () => {
    openRecord((_call: ApiCall, index: number) => (index === 0 ? apiError(400, 'wallet.range_invalid') : pageFixture()));
    expect((await screen.findByTestId('wallet-load-failed')).textContent).toContain('Período inválido');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('betting-row')).toBeTruthy();
  });

  it('asks again in the new language when the player switches', async () => {
    const { calls, i18n } = openRecord();
    await screen.findByTestId('betting-row');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await waitFor(() => expect(recordCalls(calls).at(-1)?.language).toBe('en'));
    expect((await screen.findByTestId('betting-status')).textContent).toBe('Settled');
  });

  it('shows each round as a card on phones', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    openRecord();
    const row = await screen.findByTestId('betting-row');
    expect(screen.getByTestId('betting-cards')).toBeTruthy();
    expect(screen.queryByTestId('betting-table')).toBeNull();
    expect(row.textContent).toContain('Fortune Tiger');
    expect(row.textContent).toContain('Rodada r-1');
    expect(within(row).getByTestId('betting-status').textContent).toBe('Concluída');
  });
});
