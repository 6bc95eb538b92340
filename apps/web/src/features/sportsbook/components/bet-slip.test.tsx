import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type ApiCall } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { comboFigures } from './slip-math.ts';
import { applyPrice, slipStore, toggleSelection, type SlipSelection } from './slip-store.ts';
import { book, closeSockets, openSocket, live, stubSocket, summary, ticket, upcoming } from './sportsbook-test-fixtures.ts';

const pick = (marketKey: string, outcomeId: string, odds = '2.000', eventId = 'e1'): SlipSelection => ({ eventId, eventName: 'A × B', marketKey, marketNameKey: '1x2', marketSpecifiers: {}, outcomeId, outcomeNameKey: `1x2.${outcomeId}`, outcomeParams: {}, odds });
const oddsOf = (eventId: string, outcome: string) => document.querySelector<HTMLButtonElement>(`[data-testid="sb-odds"][data-selection="${eventId}|1x2|${outcome}"]`)!;
const more = [summary('sb:4', 'Ceará', 'Sport'), summary('sb:5', 'Goiás', 'Vitória', { mainMarket: { ...upcoming[1]!.mainMarket! } })];

/** A book of five upcoming events on one page, for systems. */
function bigBook(routes: Record<string, unknown> = {}, member: 'member' | 'visitor' = 'member') {
  return book({ 'GET /api/sportsbook/events': (call: ApiCall) => (call.query.get('state') === 'live' ? { events: [live], nextCursor: null } : { events: [...upcoming, ...more], nextCursor: null }), ...routes }, member);
}
const slip = () => screen.getByTestId('sb-slip');

beforeEach(() => slipStore.reset());
afterEach(() => {
  closeSockets();
  slipStore.reset();
  vi.unstubAllGlobals();
});

describe('slip rules', () => {
  it('keeps one selection per market: a pick of the same market replaces it, the same pick again removes it', () => {
    let selections = toggleSelection([], pick('1x2', 'home'));
    selections = toggleSelection(selections, pick('totals?total=2.5', 'over'));
    selections = toggleSelection(selections, pick('1x2', 'away'));
    expect(selections.map((item) => `${item.marketKey}:${item.outcomeId}`)).toEqual(['1x2:away', 'totals?total=2.5:over']);
    expect(toggleSelection(selections, pick('1x2', 'away')).map((item) => item.outcomeId)).toEqual(['over']);
  });

  it('takes at most 20 selections', () => {
    let selections: SlipSelection[] = [];
    for (let index = 0; index < 21; index += 1) selections = toggleSelection(selections, pick('1x2', 'home', '2.000', `e${index}`));
    expect(selections).toHaveLength(20);
    expect(selections.at(-1)!.eventId).toBe('e19');
  });

  it('counts a system\'s bets and its total stake, per bet or split from a total', () => {
    const odds = ['2.000', '2.000', '2.000', '2.000'];
    expect(comboFigures({ kind: 'system_preset', preset: 'yankee' }, odds, 100n, 'unit')).toMatchObject({ betCount: 11, totalStakeCents: 1100n, returnCents: 6n * 400n + 4n * 800n + 1600n });
    expect(comboFigures({ kind: 'system_preset', preset: 'lucky_15' }, odds, 100n, 'unit')).toMatchObject({ betCount: 15, totalStakeCents: 1500n });
    expect(comboFigures({ kind: 'system', sizes: [2] }, odds.slice(0, 3), 1000n, 'total')).toMatchObject({ betCount: 3, totalStakeCents: 1000n, unitStakeCents: 333n });
    expect(comboFigures({ kind: 'system_preset', preset: 'goliath' }, Array(8).fill('1.500'), 10n, 'unit').betCount).toBe(247);
  });

  it('follows the odds-change setting: any takes every change, higher only a rise, none asks', () => {
    const item = pick('1x2', 'home', '2.000');
    expect(applyPrice(item, { odds: '1.800', locked: false }, 'any')).toMatchObject({ odds: '1.800', previousOdds: '2.000', pendingOdds: null });
    expect(applyPrice(item, { odds: '2.200', locked: false }, 'higher')).toMatchObject({ odds: '2.200' });
    expect(applyPrice(item, { odds: '1.800', locked: false }, 'higher')).toMatchObject({ odds: '2.000', pendingOdds: '1.800' });
    expect(applyPrice(item, { odds: '2.200', locked: false }, 'none')).toMatchObject({ odds: '2.000', pendingOdds: '2.200' });
    expect(applyPrice(item, { odds: '2.000', locked: true }, 'none')).toMatchObject({ locked: true });
  });
});

describe('bet slip', () => {
  it('replaces a pick of the same market on the screen and builds an accumulator with its return', async () => {
    bigBook();
    renderApp('/sports');
    await screen.findByText('Bahia');
    fireEvent.click(oddsOf('sb:2', 'draw'));
    fireEvent.click(oddsOf('sb:2', 'home'));
    expect(oddsOf('sb:2', 'draw').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(oddsOf('sb:3', 'home'));
    expect(within(slip()).getAllByTestId('sb-slip-leg-outcome').map((item) => item.textContent)).toEqual(['Casa', 'Casa']);
    expect(within(slip()).getByTestId('sb-slip-type-accumulator').getAttribute('aria-checked')).toBe('true');
    expect(within(slip()).getByTestId('sb-slip-total-odds').textContent).toBe('3.70');
    fireEvent.change(within(slip()).getByTestId('sb-slip-stake'), { target: { value: '10' } });
    expect(within(slip()).getByTestId('sb-slip-return').textContent).toBe('R$\u00a037,00');
  });

  it('offers the named systems for the number of selections and counts bets and total stake (per bet or total)', async () => {
    const calls = bigBook({ 'POST /api/sportsbook/tickets': ticket({ betType: { kind: 'system_preset', preset: 'yankee' }, betCount: 11 }) });
    renderApp('/sports');
    await screen.findByText('Bahia');
    for (const id of ['sb:2', 'sb:3', 'sb:4']) fireEvent.click(oddsOf(id, 'home'));
    fireEvent.click(within(slip()).getByTestId('sb-slip-type-system'));
    expect(within(slip()).getAllByRole('radio').filter((item) => item.getAttribute('data-testid')?.startsWith('sb-system-preset')).map((item) => item.getAttribute('data-testid'))).toEqual(['sb-system-preset-trixie', 'sb-system-preset-patent']);
    fireEvent.click(oddsOf('sb:5', 'home'));
    const presets = within(slip()).getAllByTestId(/sb-system-preset-/).map((item) => item.getAttribute('data-testid'));
    expect(presets).toEqual(['sb-system-preset-yankee', 'sb-system-preset-lucky_15']);
    expect(within(slip()).getByTestId('sb-system-preset-yankee').getAttribute('aria-checked')).toBe('true');
    fireEvent.change(within(slip()).getByTestId('sb-slip-stake'), { target: { value: '1' } });
    expect(within(slip()).getByTestId('sb-slip-bet-count').textContent).toBe('11');
    expect(within(slip()).getByTestId('sb-slip-total-stake').textContent).toBe('R$\u00a011,00');
    fireEvent.click(within(slip()).getByTestId('sb-system-preset-lucky_15'));
    expect(within(slip()).getByTestId('sb-slip-bet-count').textContent).toBe('15');
    fireEvent.click(within(slip()).getByTestId('sb-system-size-2'));
    expect(within(slip()).getByTestId('sb-slip-bet-count').textContent).toBe('6');
    fireEvent.click(within(slip()).getByTestId('sb-system-size-3'));
    expect(within(slip()).getByTestId('sb-slip-bet-count').textContent).toBe('10');
    fireEvent.click(within(slip()).getByTestId('sb-slip-mode-total'));
    fireEvent.change(within(slip()).getByTestId('sb-slip-stake'), { target: { value: '20' } });
    expect(within(slip()).getByTestId('sb-slip-total-stake').textContent).toBe('R$\u00a020,00');
    fireEvent.click(within(slip()).getByTestId('sb-system-preset-yankee'));
    await waitFor(() => expect(within(slip()).getByTestId('sb-slip-place').textContent).toBe('Apostar'));
    fireEvent.click(within(slip()).getByTestId('sb-slip-place'));
    await within(slip()).findByTestId('sb-slip-placed-message');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ betType: { kind: 'system_preset', preset: 'yankee' }, stakeMode: 'total', stake: '20.00' });
  });

  it('checks the stake before sending anything: required, an amount, and a total of at least one centavo per bet', async () => {
    const calls = bigBook();
    renderApp('/sports');
    await screen.findByText('Bahia');
    for (const id of ['sb:2', 'sb:3', 'sb:4']) fireEvent.click(oddsOf(id, 'home'));
    fireEvent.click(within(slip()).getByTestId('sb-slip-place'));
    expect(within(slip()).getByTestId('sb-slip-stake-error').textContent).toBe('Informe o valor da aposta.');
    fireEvent.change(within(slip()).getByTestId('sb-slip-stake'), { target: { value: '10,555' } });
    expect(within(slip()).getByTestId('sb-slip-stake-error').textContent).toBe('Informe um valor em reais, como 10,00.');
    fireEvent.click(within(slip()).getByTestId('sb-slip-type-system'));
    fireEvent.click(within(slip()).getByTestId('sb-slip-mode-total'));
    fireEvent.change(within(slip()).getByTestId('sb-slip-stake'), { target: { value: '0,03' } });
    expect(within(slip()).getByTestId('sb-slip-bet-count').textContent).toBe('4');
    expect(within(slip()).getByTestId('sb-slip-stake-error').textContent).toBe('O valor total é menor que o número de apostas do sistema.');
    fireEvent.click(within(slip()).getByTestId('sb-slip-place'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('places singles as one ticket each with its own stake, once on a double click', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = bigBook({ 'POST /api/sportsbook/tickets': (call: ApiCall, index: number) => (index === 0 ? new Promise((resolve) => { answer = resolve; }) : ticket({ id: '42', betType: { kind: 'single' } })) });
    renderApp('/sports');
    await screen.findByText('Bahia');
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.click(oddsOf('sb:3', 'home'));
    fireEvent.click(within(slip()).getByTestId('sb-slip-type-single'));
    const [first, second] = within(slip()).getAllByTestId('sb-slip-leg-stake');
    fireEvent.change(first!, { target: { value: '10' } });
    fireEvent.change(second!, { target: { value: '5,50' } });
    expect(within(slip()).getByTestId('sb-slip-bet-count').textContent).toBe('2');
    expect(within(slip()).getByTestId('sb-slip-total-stake').textContent).toBe('R$\u00a015,50');
    expect(within(slip()).getByTestId('sb-slip-return').textContent).toBe('R$\u00a029,50');
    await waitFor(() => expect(within(slip()).getByTestId('sb-slip-place').textContent).toBe('Apostar'));
    const place = within(slip()).getByTestId('sb-slip-place');
    fireEvent.click(place);
    fireEvent.click(place);
    await act(async () => answer(ticket({ id: '41', betType: { kind: 'single' } })));
    expect((await within(slip()).findByTestId('sb-slip-placed-message')).textContent).toBe('Apostas feitas! Bilhetes nº 41, 42');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toMatchObject([
      { betType: { kind: 'single' }, stake: '10.00', legs: [{ eventId: 'sb:2', odds: 1850 }] },
      { betType: { kind: 'single' }, stake: '5.50', legs: [{ eventId: 'sb:3', odds: 2000 }] },
    ]);
  });

  it('shows every refusal in the player\'s language on the slip, from an error answer and from a refused ticket', async () => {
    bigBook({ 'POST /api/sportsbook/tickets': (_call: ApiCall, index: number) => (index === 0 ? apiError(409, 'sportsbook.limit_exceeded') : ticket({ status: 'refused', refusalCode: 'sportsbook.market_suspended' })) });
    renderApp('/sports');
    await screen.findByText('Bahia');
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.click(oddsOf('sb:3', 'home'));
    fireEvent.change(within(slip()).getByTestId('sb-slip-stake'), { target: { value: '5' } });
    await waitFor(() => expect(within(slip()).getByTestId('sb-slip-place').textContent).toBe('Apostar'));
    fireEvent.click(within(slip()).getByTestId('sb-slip-place'));
    expect((await within(slip()).findByTestId('sb-slip-refusal')).textContent).toBe('Aposta recusada Limite de aposta atingido para este mercado ou evento.');
    fireEvent.click(within(slip()).getByTestId('sb-slip-place'));
    await waitFor(() => expect(within(slip()).getByTestId('sb-slip-refusal').textContent).toBe('Aposta recusada Um mercado do bilhete está suspenso.'));
  });

  it('asks "odds changed — accept?" when the setting refuses the change, and places at the accepted odds', async () => {
    const socket = stubSocket();
    const calls = bigBook({ 'POST /api/sportsbook/tickets': ticket() });
    renderApp('/sports');
    await screen.findByText('Bahia');
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.change(within(slip()).getAllByTestId('sb-slip-leg-stake')[0]!, { target: { value: '10' } });
    await openSocket(socket);
    expect(socket().sent).toContainEqual({ type: 'subscribe', topic: 'sportsbook.event:sb:2' });
    act(() => socket().push({ type: 'sportsbook.changes', topic: 'sportsbook.event:sb:2', sentAt: 1, events: [{ eventId: 'sb:2', committedAt: 1, markets: [{ marketKey: '1x2', type: '1x2', status: 'active', oddsVersion: '2', outcomes: [{ id: 'home', odds: '1.700', active: true }] }] }] }));
    expect((await within(slip()).findByTestId('sb-slip-odds-changed')).textContent).toContain('As odds mudaram — aceitar?');
    expect(within(slip()).getByTestId('sb-slip-leg-new-odds').textContent).toBe('1.70');
    expect(within(slip()).getByTestId('sb-slip-place')).toHaveProperty('disabled', true);
    fireEvent.click(within(slip()).getByTestId('sb-slip-accept-odds'));
    expect(within(slip()).queryByTestId('sb-slip-odds-changed')).toBeNull();
    expect(within(slip()).getByTestId('sb-slip-leg-odds').textContent).toContain('1.70');
    await waitFor(() => expect(within(slip()).getByTestId('sb-slip-place').textContent).toBe('Apostar'));
    fireEvent.click(within(slip()).getByTestId('sb-slip-place'));
    await within(slip()).findByTestId('sb-slip-placed-message');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ oddsPolicy: 'none', legs: [{ odds: 1700 }] });
  });

  it('takes a rise by itself under "higher only", remembers the setting on the device, and locks a suspended selection', async () => {
    const socket = stubSocket();
    bigBook();
    renderApp('/sports');
    await screen.findByText('Bahia');
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.change(within(slip()).getByTestId('sb-slip-policy'), { target: { value: 'higher' } });
    expect(localStorage.getItem('sportsbook.oddsPolicy')).toBe('higher');
    await openSocket(socket);
    const change = (version: string, status: string, odds?: string) =>
      act(() => socket().push({ type: 'sportsbook.changes', topic: 'sportsbook.event:sb:2', sentAt: 1, events: [{ eventId: 'sb:2', committedAt: 1, markets: [{ marketKey: '1x2', type: '1x2', status, oddsVersion: version, ...(odds ? { outcomes: [{ id: 'home', odds, active: true }] } : {}) }] }] }));
    change('2', 'active', '2.100');
    await waitFor(() => expect(within(slip()).getByTestId('sb-slip-leg-odds').getAttribute('data-move')).toBe('up'));
    expect(within(slip()).queryByTestId('sb-slip-odds-changed')).toBeNull();
    change('3', 'suspended');
    expect(await within(slip()).findByTestId('sb-slip-locked')).toBeTruthy();
    expect(within(slip()).getByTestId('sb-slip-place')).toHaveProperty('disabled', true);
  });

  it('is a bottom sheet on phones: the floating button with the count opens it, the close button folds it', async () => {
    bigBook();
    renderApp('/sports');
    await screen.findByText('Bahia');
    expect(screen.queryByTestId('sb-slip-bar')).toBeNull();
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.click(oddsOf('sb:3', 'home'));
    const bar = screen.getByTestId('sb-slip-bar');
    expect(bar.parentElement).toBe(document.body);
    expect(within(bar).getByTestId('sb-slip-bar-count').textContent).toBe('2');
    fireEvent.click(bar);
    const sheet = screen.getByTestId('sb-slip-sheet');
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(within(sheet).getAllByTestId('sb-slip-leg')).toHaveLength(2);
    expect(screen.queryByTestId('sb-slip-bar')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Fechar boletim' }));
    expect(screen.queryByTestId('sb-slip-sheet')).toBeNull();
    expect(screen.getByTestId('sb-slip-bar')).toBeTruthy();
  });

  it('asks a visitor to log in without placing', async () => {
    const calls = bigBook({}, 'visitor');
    renderApp('/sports');
    await screen.findByText('Santos');
    fireEvent.click(oddsOf('sb:2', 'home'));
    fireEvent.change(within(slip()).getAllByTestId('sb-slip-leg-stake')[0]!, { target: { value: '5' } });
    expect(within(slip()).getByTestId('sb-slip-place').textContent).toBe('Entre para apostar');
    fireEvent.click(within(slip()).getByTestId('sb-slip-place'));
    expect(await screen.findByTestId('modal-login')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
