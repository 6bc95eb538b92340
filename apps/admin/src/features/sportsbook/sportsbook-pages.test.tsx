import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SportsbookAdminEventDetail, SportsbookAdminTicketDetail } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import EventPage from './event-page.tsx';
import TicketPage from './ticket-page.tsx';

const outcome = (id: string, odds: string, liability = '0.00') => ({ id, odds, active: true, liability, stake: '0.00', tickets: 0 });
const event: SportsbookAdminEventDetail = {
  id: 'manual:1',
  producer: 'manual',
  sport: { id: 'football', namePt: 'Futebol', nameEn: 'Football' },
  tournament: { id: 't', namePt: 'Copa', nameEn: 'Cup' },
  category: { id: 'c', namePt: 'Brasil', nameEn: 'Brazil' },
  home: 'Bahia',
  away: 'Vitória',
  competitors: ['Bahia', 'Vitória'],
  startAt: '2026-11-29T20:00:00.000Z',
  status: 'live',
  homeScore: 1,
  awayScore: 0,
  period: '1H',
  clockSeconds: 1200,
  markets: [
    { marketKey: '1x2', type: '1x2', specifiers: {}, status: 'active', marginPercent: '5.40', stakeAtRisk: '60.00', outcomes: [outcome('home', '2.100', '126.00'), outcome('draw', '3.400'), outcome('away', '3.600')], results: [] },
    { marketKey: 'totals?total=2.5', type: 'totals', specifiers: { total: '2.5' }, status: 'settled', marginPercent: '5.35', stakeAtRisk: '0.00', outcomes: [outcome('over', '1.950'), outcome('under', '1.850')], results: [{ seq: '9', kind: 'settlement', producer: 'manual', at: '2026-11-29T21:00:00.000Z', outcomes: [] }] },
  ],
  liability: { tickets: 1, stake: '60.00', potentialReturn: '126.00' },
  openTickets: 1,
} as unknown as SportsbookAdminEventDetail;

describe('sportsbook console', () => {
  it('shows an event with liability, saves changed odds only, and sends a result that waits for approval', async () => {
    const calls = stubOperatorApi('risk', (call) => {
      if (call.method === 'GET' && call.url.startsWith('/api/backoffice/sportsbook/events/')) return { body: event };
      if (call.url.endsWith('/results')) return { status: 202, body: { status: 'pending_approval', eventId: event.id, approvalId: '42', marketsChanged: 0, replayed: false } };
      return { body: { status: 'applied', eventId: event.id, approvalId: null, marketsChanged: 1, replayed: false } };
    });
    renderPages('/sportsbook/events/manual:1', [{ path: '/sportsbook/events/:id', element: <EventPage /> }]);
    expect((await screen.findByTestId('sb-event-score')).textContent).toBe('1–0');
    expect(screen.getByTestId('sb-liability-1x2-home').textContent).toBe('R$126.00');
    expect(screen.getByTestId('sb-market-margin-1x2').textContent).toBe('Margin 5.40%');
    // A settled market offers a correction, not odds editing.
    expect(screen.queryByTestId('sb-odds-totals-total-2-5-over')).toBeNull();
    expect(screen.getByTestId('sb-correct-totals-total-2-5')).toBeTruthy();

    fireEvent.change(screen.getByTestId('sb-odds-1x2-home'), { target: { value: '2,25' } });
    fireEvent.click(screen.getByTestId('sb-save-odds-1x2'));
    expect(await screen.findByTestId('sb-event-notice')).toBeTruthy();
    const odds = calls.find((call) => call.url.endsWith('/odds'));
    expect(odds?.body).toMatchObject({ marketKey: '1x2', outcomes: [{ id: 'home', odds: '2.25' }] });
    expect((odds?.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.click(screen.getByTestId('sb-result-1x2'));
    const dialog = await screen.findByTestId('sb-result-dialog');
    fireEvent.change(within(dialog).getByTestId('sb-result-home'), { target: { value: 'won' } });
    expect((within(dialog).getByTestId('sb-result-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('sb-result-reason'), { target: { value: 'súmula' } });
    fireEvent.click(within(dialog).getByTestId('sb-result-submit'));
    expect((await screen.findByTestId('sb-event-notice')).textContent).toBe('Above the threshold: sent for approval (request no. 42).');
    const result = calls.find((call) => call.url.endsWith('/results'));
    expect(result?.body).toMatchObject({ marketKey: '1x2', correction: false, reason: 'súmula', outcomes: [{ id: 'home', result: 'won', voidFactor: 0, deadHeatFactor: '1' }, { id: 'draw', result: 'lost' }, { id: 'away', result: 'lost' }] });
  });

  it('hides trading from a read-only role', async () => {
    stubOperatorApi('support', () => ({ body: event }));
    renderPages('/sportsbook/events/manual:1', [{ path: '/sportsbook/events/:id', element: <EventPage /> }], 'pt');
    expect(await screen.findByTestId('sb-event-liability')).toBeTruthy();
    expect(screen.queryByTestId('sb-odds-1x2-home')).toBeNull();
    expect(screen.queryByTestId('sb-result-1x2')).toBeNull();
    expect(screen.queryByTestId('sb-event-live')).toBeNull();
  });

  it('voids an open ticket with a reason and refuses a settled one, translated', async () => {
    const ticket: SportsbookAdminTicketDetail = {
      id: '7', account: 'ana', memberId: '3', createdAt: '2026-11-29T20:00:00.000Z', status: 'open', betType: 'single', legs: [{ index: 0, eventId: 'manual:1', eventName: 'Bahia × Vitória', marketKey: '1x2', outcomeId: 'home', slipOdds: '2.100', lockedOdds: '2.100', result: null }],
      totalStake: '20.00', potentialReturn: '42.00', return: null, needsResettlement: false, reviewReason: null, stakeMode: 'unit', oddsPolicy: 'none', isLive: false, refusalCode: null, settleStatus: null, settledAt: null,
      transactions: [{ action: 'bet', transactionId: 'sportsbook-7-bet', amount: '20.00', at: '2026-11-29T20:00:00.000Z' }],
    } as unknown as SportsbookAdminTicketDetail;
    const calls = stubOperatorApi('risk', (call) => {
      if (call.method === 'POST') return { status: 409, body: { error: { code: 'sportsbook.ticket_settled', message: 'settled' } } };
      return { body: ticket };
    });
    renderPages('/sportsbook/tickets/7', [{ path: '/sportsbook/tickets/:id', element: <TicketPage /> }], 'pt');
    fireEvent.click(await screen.findByTestId('sb-ticket-void'));
    fireEvent.change(await screen.findByTestId('sb-void-reason'), { target: { value: 'erro de odds' } });
    fireEvent.click(screen.getByTestId('sb-void-submit'));
    expect((await screen.findByTestId('sb-void-error')).textContent).toBe('O bilhete já foi liquidado e não pode ser anulado. Corrija o resultado em vez disso.');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ reason: 'erro de odds' });
    // Nothing changed on the page: the ticket still reads open.
    expect(screen.getByTestId('sb-ticket-status').textContent).toBe('Aberto');
  });
});
