import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SportsbookEventDetail, SportsbookEventSummary, SportsbookMarketView, SportsbookTicket } from '@app/contracts';
import { apiError, stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { walletBalanceFixture } from '../../../test/wallet-fixtures.ts';
import { accumulatorOdds, slipStore, toggleSelection, type SlipSelection } from './slip-store.ts';

const oneXTwo = (odds: [string, string, string], status: SportsbookMarketView['status'] = 'active'): SportsbookMarketView => ({
  marketKey: '1x2',
  type: '1x2',
  nameKey: '1x2',
  specifiers: {},
  status,
  oddsVersion: 'v1',
  outcomes: [
    { id: 'home', nameKey: '1x2.home', params: {}, odds: odds[0], active: true },
    { id: 'draw', nameKey: '1x2.draw', params: {}, odds: odds[1], active: true },
    { id: 'away', nameKey: '1x2.away', params: {}, odds: odds[2], active: true },
  ],
});

const summary = (id: string, home: string, away: string, overrides: Partial<SportsbookEventSummary> = {}): SportsbookEventSummary => ({
  id,
  sport: { id: 'football', namePt: 'Futebol', nameEn: 'Football', kind: 'sport' },
  category: { id: 'br', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
  tournament: { id: 'serie_a', namePt: 'Série A', nameEn: 'Série A' },
  home,
  away,
  competitors: [home, away],
  startAt: '2026-11-29T18:00:00.000Z',
  status: 'not_started',
  homeScore: null,
  awayScore: null,
  period: null,
  clockSeconds: null,
  mainMarket: oneXTwo(['1.850', '3.400', '4.200']),
  ...overrides,
});

const live = summary('sb:1', 'Flamengo', 'Palmeiras', { status: 'live', homeScore: 1, awayScore: 0, period: '2T', clockSeconds: 3_780, mainMarket: oneXTwo(['1.500', '3.800', '6.000']) });
const upcoming = [summary('sb:2', 'Santos', 'Grêmio'), summary('sb:3', 'Bahia', 'Vasco', { mainMarket: oneXTwo(['2.000', '3.000', '3.500']) })];

const ticket = (overrides: Partial<SportsbookTicket> = {}): SportsbookTicket => ({
  id: '41',
  requestId: 'r',
  status: 'open',
  refusalCode: null,
  betType: { kind: 'accumulator' },
  stakeMode: 'unit',
  stake: '10.00',
  totalStake: '10.00',
  betCount: 1,
  oddsPolicy: 'none',
  maxPayout: '100000.00',
  potentialReturn: '37.00',
  isLive: false,
  createdAt: '2026-11-29T12:00:00.000Z',
  acceptedAt: '2026-11-29T12:00:00.000Z',
  return: null,
  settledAt: null,
  needsResettlement: false,
  legs: [
    { eventId: 'sb:2', marketKey: '1x2', outcomeId: 'home', odds: 1850, oddsVersion: 'v1' },
    { eventId: 'sb:3', marketKey: '1x2', outcomeId: 'home', odds: 2000, oddsVersion: 'v1' },
  ],
  ...overrides,
});

function book(routes: Record<string, unknown> = {}, member: 'member' | 'trial' | 'visitor' = 'member') {
  if (member !== 'visitor') sessionStorage.setItem('token', 'tok-1');
  return stubApi({
    ...(member === 'visitor' ? {} : { 'GET /api/member/info': memberFixture(member === 'trial' ? { type: 4 } : {}), 'GET /api/wallet/balance': walletBalanceFixture() }),
    'GET /api/sportsbook/sports': { sports: [{ id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football', live: 1, upcoming: 2 }] },
    'GET /api/sportsbook/events': (call: ApiCall) => {
      if (call.query.get('state') === 'live') return { events: [live], nextCursor: null };
      return call.query.get('cursor') === 'c2' ? { events: [upcoming[1]], nextCursor: null } : { events: [upcoming[0]], nextCursor: 'c2' };
    },
    ...routes,
  });
}

const oddsOf = (eventId: string, outcome: string) => screen.getByTestId(`sb-list-${eventId === 'sb:1' ? 'live' : 'upcoming'}`).querySelector<HTMLButtonElement>(`[data-selection="${eventId}|1x2|${outcome}"]`)!;

async function openBookWithBothPages() {
  renderApp('/sports');
  await screen.findByText('Santos');
  fireEvent.click(screen.getByTestId('sb-load-more-upcoming'));
  await screen.findByText('Bahia');
}

beforeEach(() => slipStore.reset());
afterEach(() => slipStore.reset());

describe('slip rules', () => {
  const pick = (marketKey: string, outcomeId: string, odds = '2.000'): SlipSelection => ({ eventId: 'e1', eventName: 'A × B', marketKey, marketNameKey: '1x2', marketSpecifiers: {}, outcomeId, outcomeNameKey: `1x2.${outcomeId}`, outcomeParams: {}, odds });

  it('keeps one selection per market: a pick of the same market replaces it, the same pick again removes it', () => {
    let slip = toggleSelection([], pick('1x2', 'home'));
    slip = toggleSelection(slip, pick('totals?total=2.5', 'over'));
    slip = toggleSelection(slip, pick('1x2', 'away'));
    expect(slip.map((item) => `${item.marketKey}:${item.outcomeId}`)).toEqual(['1x2:away', 'totals?total=2.5:over']);
    expect(toggleSelection(slip, pick('1x2', 'away')).map((item) => item.outcomeId)).toEqual(['over']);
  });

  it('multiplies the legs\' odds for an accumulator, rounded down to two places', () => {
    expect(accumulatorOdds([pick('a', 'home', '1.850'), pick('b', 'home', '2.000'), pick('c', 'home', '1.333')])).toBe('4.93');
  });
});

describe('sportsbook page', () => {
  it('lists live events with score and clock and upcoming ones with their odds, and loads more with the cursor', async () => {
    const calls = book();
    renderApp('/sports');
    const liveList = await screen.findByTestId('sb-list-live');
    const flamengo = await within(liveList).findByTestId('sb-event');
    expect(within(flamengo).getByTestId('sb-event-score').textContent).toBe('1');
    expect(within(flamengo).getByTestId('sb-event-clock').textContent).toContain("63'");
    expect(within(flamengo).getAllByTestId('sb-odds').map((button) => button.textContent)).toEqual(['Casa1.50', 'Empate3.80', 'Fora6.00']);
    await screen.findByText('Santos');
    expect(screen.queryByText('Bahia')).toBeNull();
    fireEvent.click(screen.getByTestId('sb-load-more-upcoming'));
    await screen.findByText('Bahia');
    expect(calls.some((call) => call.path === '/api/sportsbook/events' && call.query.get('cursor') === 'c2')).toBe(true);
    expect(screen.queryByTestId('sb-load-more-upcoming')).toBeNull();
    expect(screen.getByTestId('sb-sport').textContent).toBe('Futebol1');
  });

  it('shows a suspended main market locked', async () => {
    book({ 'GET /api/sportsbook/events': (call: ApiCall) => (call.query.get('state') === 'live' ? { events: [{ ...live, mainMarket: oneXTwo(['1.500', '3.800', '6.000'], 'suspended') }], nextCursor: null } : { events: [], nextCursor: null }) });
    renderApp('/sports');
    const liveList = await screen.findByTestId('sb-list-live');
    const buttons = await within(liveList).findAllByTestId('sb-odds');
    expect(buttons.every((button) => button.hasAttribute('disabled'))).toBe(true);
    expect(within(screen.getByTestId('sb-list-upcoming')).getByTestId('sb-list-empty').textContent).toBe('Nenhum evento nesta lista agora.');
  });

  it('builds an accumulator: the product of the odds and its potential return, replacing a pick of the same market', async () => {
    book();
    await openBookWithBothPages();
    fireEvent.click(oddsOf('sb:2', 'draw'));
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.click(oddsOf('sb:3', 'home'));
    const slip = screen.getByTestId('sb-slip');
    expect(within(slip).getAllByTestId('sb-slip-leg')).toHaveLength(2);
    expect(within(slip).getAllByTestId('sb-slip-leg-outcome').map((item) => item.textContent)).toEqual(['Casa', 'Casa']);
    expect(within(slip).getByTestId('sb-slip-type-accumulator').getAttribute('aria-checked')).toBe('true');
    expect(within(slip).getByTestId('sb-slip-total-odds').textContent).toBe('3.70');
    fireEvent.change(within(slip).getByTestId('sb-slip-stake'), { target: { value: '10' } });
    expect(within(slip).getByTestId('sb-slip-return').textContent).toBe('R$\u00a037,00');
    fireEvent.click(within(slip).getByTestId('sb-slip-type-single'));
    expect(within(slip).getByTestId('sb-slip-return').textContent).toBe('R$\u00a038,50');
  });

  it('validates the stake before sending anything', async () => {
    const calls = book();
    renderApp('/sports');
    await screen.findByText('Santos');
    fireEvent.click(oddsOf('sb:2', 'home'));
    const slip = screen.getByTestId('sb-slip');
    fireEvent.click(within(slip).getByTestId('sb-slip-place'));
    expect(within(slip).getByTestId('sb-slip-stake-error').textContent).toBe('Informe o valor da aposta.');
    fireEvent.change(within(slip).getByTestId('sb-slip-stake'), { target: { value: '10,555' } });
    expect(within(slip).getByTestId('sb-slip-stake-error').textContent).toBe('Informe um valor em reais, como 10,00.');
    fireEvent.change(within(slip).getByTestId('sb-slip-stake'), { target: { value: '0' } });
    expect(within(slip).getByTestId('sb-slip-stake-error').textContent).toBe('O valor mínimo é R$ 0,01.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('places once on a double click, with the odds in thousandths and one request id, and shows the ticket', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = book({ 'POST /api/sportsbook/tickets': () => new Promise((resolve) => { answer = resolve; }) });
    await openBookWithBothPages();
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.click(oddsOf('sb:3', 'home'));
    const slip = screen.getByTestId('sb-slip');
    fireEvent.change(within(slip).getByTestId('sb-slip-stake'), { target: { value: '10' } });
    fireEvent.change(within(slip).getByTestId('sb-slip-policy'), { target: { value: 'higher' } });
    await waitFor(() => expect(screen.getByTestId('sb-slip-place').textContent).toBe('Apostar'));
    const place = within(slip).getByTestId('sb-slip-place');
    fireEvent.click(place);
    fireEvent.click(place);
    await waitFor(() => expect(place).toHaveProperty('disabled', true));
    fireEvent.click(place);
    await act(async () => answer(ticket()));
    expect((await within(slip).findByTestId('sb-slip-placed-message')).textContent).toBe('Aposta feita! Bilhete nº 41');
    const posts = calls.filter((call) => call.method === 'POST' && call.path === '/api/sportsbook/tickets');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      betType: { kind: 'accumulator' },
      stakeMode: 'unit',
      stake: '10.00',
      oddsPolicy: 'higher',
      legs: [
        { eventId: 'sb:2', marketKey: '1x2', outcomeId: 'home', odds: 1850 },
        { eventId: 'sb:3', marketKey: '1x2', outcomeId: 'home', odds: 2000 },
      ],
    });
    expect((posts[0]!.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refusal in the player\'s language, from an error answer and from a refused ticket', async () => {
    book({ 'POST /api/sportsbook/tickets': (_call: ApiCall, index: number) => (index === 0 ? apiError(409, 'sportsbook.odds_changed') : ticket({ status: 'refused', refusalCode: 'sportsbook.market_suspended' })) });
    renderApp('/sports');
    await screen.findByText('Santos');
    fireEvent.click(oddsOf('sb:2', 'home'));
    const slip = screen.getByTestId('sb-slip');
    fireEvent.change(within(slip).getByTestId('sb-slip-stake'), { target: { value: '5' } });
    await waitFor(() => expect(screen.getByTestId('sb-slip-place').textContent).toBe('Apostar'));
    fireEvent.click(within(slip).getByTestId('sb-slip-place'));
    expect((await within(slip).findByTestId('sb-slip-refusal')).textContent).toBe('Aposta recusada As odds mudaram. Confira o bilhete e tente de novo.');
    fireEvent.click(within(slip).getByTestId('sb-slip-place'));
    await waitFor(() => expect(within(slip).getByTestId('sb-slip-refusal').textContent).toBe('Aposta recusada Um mercado do bilhete está suspenso.'));
  });

  it('asks a visitor to log in and a trial account to register first, without placing', async () => {
    const calls = book({}, 'visitor');
    renderApp('/sports');
    await screen.findByText('Santos');
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.change(screen.getByTestId('sb-slip-stake'), { target: { value: '5' } });
    expect(screen.getByTestId('sb-slip-place').textContent).toBe('Entre para apostar');
    fireEvent.click(screen.getByTestId('sb-slip-place'));
    expect(await screen.findByTestId('modal-login')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/sportsbook/tickets')).toBe(false);
  });

  it('gives a trial account the register-first notice', async () => {
    const calls = book({}, 'trial');
    renderApp('/sports');
    await screen.findByText('Santos');
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.change(screen.getByTestId('sb-slip-stake'), { target: { value: '5' } });
    await waitFor(() => expect(screen.getByTestId('sb-slip-place').textContent).toBe('Apostar'));
    fireEvent.click(screen.getByTestId('sb-slip-place'));
    expect(await screen.findByTestId('trial-refused-dialog')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/sportsbook/tickets')).toBe(false);
  });

  it('lists my open and settled bets with legs, odds, stake and (potential) return', async () => {
    const calls = book({
      'GET /api/sportsbook/tickets': (call: ApiCall) =>
        call.query.get('status') === 'settled'
          ? { tickets: [ticket({ id: '40', status: 'won', return: '37.00', settledAt: '2026-11-29T14:00:00.000Z' })] }
          : { tickets: [ticket()] },
      'GET /api/sportsbook/events/sb%3A2': { ...upcoming[0]!, mainMarket: undefined, scoreDetail: [], marketGroups: [] },
    });
    renderApp('/sports?tab=mybets');
    const open = await screen.findByTestId('sb-ticket');
    expect(within(open).getByTestId('sb-ticket-status').textContent).toBe('Aberta');
    expect(within(open).getAllByTestId('sb-ticket-leg-odds').map((item) => item.textContent)).toEqual(['1.85', '2.00']);
    expect(within(open).getByTestId('sb-ticket-stake').textContent).toBe('R$\u00a010,00');
    expect(within(open).getByTestId('sb-ticket-return').textContent).toBe('R$\u00a037,00');
    await waitFor(() => expect(within(open).getAllByTestId('sb-ticket-leg')[0]!.textContent).toContain('Santos × Grêmio'));
    expect(within(open).getAllByTestId('sb-ticket-leg')[0]!.textContent).toContain('Resultado final');
    fireEvent.click(screen.getByTestId('sb-mybets-settled'));
    await waitFor(() => expect(screen.getByTestId('sb-ticket-status').textContent).toBe('Ganha'));
    expect(screen.getByTestId('sb-ticket').textContent).toContain('Retorno');
    expect(calls.some((call) => call.path === '/api/sportsbook/tickets' && call.query.get('status') === 'settled')).toBe(true);
  });
});

describe('event page', () => {
  const detail = (odds: string, status: SportsbookMarketView['status'] = 'active'): SportsbookEventDetail => ({
    ...live,
    scoreDetail: [{ period: '1T', home: 1, away: 0 }],
    marketGroups: [
      { type: '1x2', nameKey: '1x2', markets: [oneXTwo([odds, '3.800', '6.000'])] },
      {
        type: 'totals',
        nameKey: 'totals',
        markets: [
          { marketKey: 'totals?total=2.5', type: 'totals', nameKey: 'totals', specifiers: { total: '2.5' }, status, oddsVersion: 'v1', outcomes: [{ id: 'over', nameKey: 'totals.over', params: { total: '2.5' }, odds: '1.900', active: true }, { id: 'under', nameKey: 'totals.under', params: { total: '2.5' }, odds: '1.900', active: true }] },
          { marketKey: 'totals?total=3.5', type: 'totals', nameKey: 'totals', specifiers: { total: '3.5' }, status: 'active', oddsVersion: 'v1', outcomes: [{ id: 'over', nameKey: 'totals.over', params: { total: '3.5' }, odds: '2.900', active: true }] },
        ],
      },
    ],
  });

  it('groups markets by type with translated names, locks a suspended market, collapses a group', async () => {
    book({ 'GET /api/sportsbook/events/sb%3A1': detail('1.500', 'suspended') });
    renderApp('/sports/event/sb:1');
    expect((await screen.findByTestId('sb-scoreboard-score')).textContent).toBe('1 – 0');
    const groups = screen.getAllByTestId('sb-market-group');
    expect(groups.map((group) => within(group).getByTestId('sb-market-group-toggle').textContent)).toEqual(['Resultado final', 'Total de gols/pontos']);
    const [suspended, open] = within(groups[1]!).getAllByTestId('sb-market');
    expect(suspended!.textContent).toContain('Total 2.5');
    expect(within(suspended!).getAllByTestId('sb-odds').every((button) => button.hasAttribute('disabled'))).toBe(true);
    expect(within(open!).getByTestId('sb-odds').textContent).toBe('Mais de 3.52.90');
    fireEvent.click(within(groups[1]!).getByTestId('sb-market-group-toggle'));
    expect(within(groups[1]!).queryAllByTestId('sb-market')).toHaveLength(0);
  });
});
