import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckinResult, CheckinState } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { dayStates } from './check-in-panel.tsx';

const LOAD = { timeout: 5000 };

const rewards: CheckinState['rewards'] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, reward: day === 7 ? { kind: 'bonus' as const, amount: '10.00', wageringMultiple: 3 } : { kind: 'points' as const, amount: String(day * 10), wageringMultiple: 0 } }));

function state(overrides: Partial<CheckinState>): CheckinState {
  return { enabled: true, today: '2026-11-29', checkedInToday: false, streak: 0, nextDay: 1, nextReward: rewards[0]!.reward, rewards, ...overrides };
}

afterEach(() => sessionStorage.clear());

describe('the sign-in check-in', () => {
  it('opens from the side menu, shows the seven days, checks in once on a double click and shows the day as done', async () => {
    sessionStorage.setItem('token', 'tok-1');
    let current = state({ streak: 2, nextDay: 3, nextReward: rewards[2]!.reward });
    let release: (() => void) | undefined;
    const calls = stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/missions/checkin': () => current,
      'POST /api/missions/checkin': () =>
        new Promise((resolve) => {
          release = () => {
            current = state({ checkedInToday: true, streak: 3, nextDay: 4, nextReward: rewards[3]!.reward });
            resolve({ checkedIn: true, day: '2026-11-29', streakDay: 3, reward: rewards[2]!.reward, state: current } satisfies CheckinResult);
          };
        }),
    });
    renderApp('/');
    await screen.findByTestId('user-menu', {}, LOAD);
    fireEvent.click(screen.getByTestId('side-checkin'));
    const modal = await screen.findByTestId('checkin-modal');
    const panel = await within(modal).findByTestId('checkin-panel', {}, LOAD);
    expect(within(modal).getByRole('heading').textContent).toBe('Check-in diário');
    expect(within(panel).getByTestId('checkin-streak').textContent).toBe('Sequência atual: 2 dias');
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => within(panel).getByTestId(`checkin-day-${day}`).dataset.state)).toEqual(['done', 'done', 'today', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(within(panel).getByTestId('checkin-day-3').getAttribute('aria-label')).toBe('Dia 3: 30 pontos (hoje)');
    expect(within(panel).getByTestId('checkin-day-3').textContent).toBe('Hoje330pontos');
    expect(within(panel).getByTestId('checkin-day-7').getAttribute('aria-label')).toBe('Dia 7: Bônus de R$\u00a010,00 (rollover 3×) (próximo)');
    expect(within(panel).getByTestId('checkin-day-7').textContent).toBe('Dia 77R$\u00a010,00de bônusrollover 3×');
    expect(within(panel).getByTestId('checkin-today-note').textContent).toBe('Hoje: dia 3 da sequência, 30 pontos.');

    const button = within(panel).getByTestId('checkin-submit') as HTMLButtonElement;
    expect(button.textContent).toBe('Fazer check-in');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect((await within(panel).findByTestId('checkin-message')).textContent).toBe('Check-in feito! Dia 3 da sequência: 30 pontos.');
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/missions/checkin')).toHaveLength(1);
    expect(await within(panel).findByText('Check-in de hoje feito')).toBeTruthy();
    expect((within(panel).getByTestId('checkin-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByTestId('checkin-day-3').dataset.state).toBe('done');
    expect(within(panel).getByTestId('checkin-streak').textContent).toBe('Sequência atual: 3 dias');
    expect(within(panel).getByTestId('checkin-done-note').textContent).toBe('Volte amanhã para o dia 4.');
  });

  it('asks a visitor to log in and a trial account to register first', async () => {
    stubApi({});
    const visitor = renderApp('/');
    fireEvent.click(await screen.findByTestId('side-checkin', {}, LOAD));
    expect(await screen.findByTestId('modal-login')).toBeTruthy();
    expect(screen.queryByTestId('checkin-modal')).toBeNull();
    visitor.unmount();

    sessionStorage.setItem('token', 'tok-trial');
    stubApi({ 'GET /api/member/info': memberFixture({ type: 4 }) });
    renderApp('/');
    const entry = await screen.findByTestId('side-checkin', {}, LOAD);
    // The session resolves first: the member info answers before the entry knows it is a trial.
    await screen.findByTestId('user-menu', {}, LOAD);
    fireEvent.click(entry);
    expect((await screen.findByTestId('trial-refused-dialog')).textContent).toContain('Registre uma conta primeiro');
    expect(screen.queryByTestId('checkin-modal')).toBeNull();
  });

  it('says so when the operator offers no check-in', async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/missions/checkin': state({ enabled: false, rewards: [], nextReward: null }) });
    renderApp('/');
    await screen.findByTestId('user-menu', {}, LOAD);
    fireEvent.click(screen.getByTestId('side-checkin'));
    expect((await screen.findByTestId('checkin-disabled', {}, LOAD)).textContent).toBe('O check-in diário não está disponível no momento.');
  });

  it('marks the days of a streak of eight or more: the first six done, day 7 today', () => {
    expect(dayStates({ checkedInToday: false, streak: 9, nextDay: 10 })).toEqual(['done', 'done', 'done', 'done', 'done', 'done', 'today']);
    expect(dayStates({ checkedInToday: true, streak: 9, nextDay: 10 })).toEqual(Array(7).fill('done'));
    expect(dayStates({ checkedInToday: false, streak: 0, nextDay: 1 })).toEqual(['today', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(dayStates({ checkedInToday: true, streak: 1, nextDay: 2 })).toEqual(['done', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });
});
