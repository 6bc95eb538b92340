import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mission, MissionClaimResult, MissionLeaderboard, MissionSummary } from '@app/contracts';
import { apiError, stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

function mission(overrides: Partial<Mission>): Mission {
  return {
    id: '1',
    kind: 'daily',
    title: 'Jogue 3 partidas',
    description: '',
    goal: 'games_played',
    productType: null,
    target: '3',
    current: '1',
    percent: 33,
    status: 'in_progress',
    reward: { kind: 'bonus', amount: '5.00', wageringMultiple: 1 },
    periodStart: '2026-11-29',
    periodEnd: '2026-11-29',
    endsAt: '2099-11-30T03:00:00.000Z',
    completedAt: null,
    claimedAt: null,
    ...overrides,
  };
}

function summary(missions: Mission[]): MissionSummary {
  return { missions, claimable: missions.filter((item) => item.status === 'completed').length, timeZone: 'America/Sao_Paulo', today: '2026-11-29' };
}

const board: MissionLeaderboard = {
  period: 'day',
  periodStart: '2026-11-29',
  periodEnd: '2026-11-29',
  list: [
    { rank: 1, name: 'ma***a', completed: 4, lastCompletedAt: '2026-11-29T10:00:00.000Z' },
    { rank: 2, name: 'jo***o', completed: 2, lastCompletedAt: '2026-11-29T11:00:00.000Z' },
  ],
  me: { rank: 2, name: 'jo***o', completed: 2, lastCompletedAt: '2026-11-29T11:00:00.000Z' },
};

afterEach(() => sessionStorage.clear());

describe('the missions tab', () => {
  it('shows progress, claims a completed mission once on a double click, and marks it claimed', async () => {
    sessionStorage.setItem('token', 'tok-1');
    let missions = [
      mission({ id: '1' }),
      mission({ id: '2', title: 'Aposte R$ 50 em slots', goal: 'valid_bet', productType: 'slots', target: '50.00', current: '50.00', percent: 100, status: 'completed', completedAt: '2026-11-29T12:00:00.000Z' }),
      mission({ id: '3', kind: 'weekly', title: 'Deposite R$ 100', goal: 'deposits', target: '100.00', current: '0.00', percent: 0, reward: { kind: 'points', amount: '1500', wageringMultiple: 0 } }),
      mission({ id: '4', kind: 'one_off', title: 'Entre 3 dias', goal: 'login_days', periodStart: '2026-11-01', periodEnd: '2026-12-31', target: '3', current: '2', percent: 66 }),
      mission({ id: '5', title: 'Ontem', status: 'expired', periodStart: '2026-11-28', periodEnd: '2026-11-28', endsAt: '2026-11-29T03:00:00.000Z' }),
    ];
    let release: (() => void) | undefined;
    const calls = stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/missions': () => summary(missions),
      'GET /api/missions/unread': { count: 1, unseenClaimable: 1, checkinAvailable: false },
      'POST /api/missions/seen': new Response(null, { status: 204 }),
      'GET /api/missions/leaderboard': board,
      'POST /api/missions/2/claim': () =>
        new Promise((resolve) => {
          release = () => {
            const claimed = mission({ ...missions[1]!, status: 'claimed', claimedAt: '2026-11-29T12:05:00.000Z' });
            missions = missions.map((item) => (item.id === '2' ? claimed : item));
            resolve({ mission: claimed, paid: true } satisfies MissionClaimResult);
          };
        }),
    });
    renderApp('/member?tab=missionLeaderboard');
    const tab = await screen.findByTestId('missions-tab', {}, LOAD);
    expect(screen.getByTestId('missions-badge').textContent).toBe('1');
    expect(screen.getByTestId('mission-progress-1').textContent).toBe('1 de 3 · 33%');
    expect(screen.getByTestId('mission-progress-2').textContent).toBe('R$\u00a050,00 de R$\u00a050,00 · 100%');
    expect(within(screen.getByTestId('mission-2')).getByText('Aposta válida em slots')).toBeTruthy();
    expect(screen.getByTestId('mission-reward-3').textContent).toBe('Recompensa: 1.500 pontos');
    expect(screen.getByTestId('mission-reward-1').textContent).toBe('Recompensa: Bônus de R$\u00a05,00 (rollover 1×)');
    expect(screen.getByTestId('mission-when-1').textContent).toMatch(/^Termina em \d+ d \d+ h$/);
    expect(screen.getByTestId('mission-when-4').textContent).toBe('Válida até 31/12/2026');
    const bar = within(screen.getByTestId('mission-1')).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    // In progress: no claim button; the expired one is listed apart, as expired.
    expect(screen.queryByTestId('mission-claim-1')).toBeNull();
    const expired = within(screen.getByTestId('missions-expired')).getByTestId('mission-5');
    expect(expired.dataset.status).toBe('expired');
    expect(within(expired).getByText('Expirada')).toBeTruthy();
    expect(within(tab).getByTestId('mission-when-5').textContent).toMatch(/^Expirou em 29\/11\/2026/);
    // Opening the tab clears the badge.
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/missions/seen')).toBe(true);

    const claim = screen.getByTestId('mission-claim-2') as HTMLButtonElement;
    fireEvent.click(claim);
    fireEvent.click(claim);
    expect(claim.disabled).toBe(true);
    expect(claim.textContent).toBe('Resgatando…');
    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect((await screen.findByTestId('mission-message')).textContent).toBe('Recompensa resgatada: Bônus de R$\u00a05,00 (rollover 1×).');
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/missions/2/claim')).toHaveLength(1);
    expect(await screen.findByText(/^Resgatada em 29\/11\/2026/)).toBeTruthy();
    expect(screen.getByTestId('mission-2').dataset.status).toBe('claimed');
    expect(screen.queryByTestId('mission-claim-2')).toBeNull();
  });

  it('says why a claim was refused, in words', async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/missions': summary([mission({ id: '7', status: 'completed', current: '3', percent: 100 })]),
      'GET /api/missions/unread': { count: 0, unseenClaimable: 0, checkinAvailable: false },
      'GET /api/missions/leaderboard': board,
      'POST /api/missions/7/claim': () => apiError(409, 'missions.expired'),
    });
    renderApp('/member?tab=missionLeaderboard');
    fireEvent.click(await screen.findByTestId('mission-claim-7', {}, LOAD));
    expect((await screen.findByTestId('mission-message')).textContent).toBe('O período desta missão terminou: a recompensa não pode mais ser resgatada.');
    expect((screen.getByTestId('mission-claim-7') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the leaderboard by period with masked names and the member\'s own rank', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const calls = stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/missions': summary([]),
      'GET /api/missions/unread': { count: 0, unseenClaimable: 0, checkinAvailable: false },
      'GET /api/missions/leaderboard': (call: ApiCall) => (call.query.get('period') === 'week' ? { ...board, period: 'week', periodStart: '2026-11-23', periodEnd: '2026-11-29', list: [], me: null } : board),
    });
    renderApp('/member?tab=missionLeaderboard');
    const leaderboard = await screen.findByTestId('mission-leaderboard', {}, LOAD);
    expect(await within(leaderboard).findByTestId('mission-board-table')).toBeTruthy();
    expect(screen.getByTestId('missions-section-daily').textContent).toContain('Nenhuma tarefa diária no momento.');
    const rows = within(leaderboard).getAllByTestId('mission-board-row');
    expect(rows.map((row) => row.textContent)).toEqual(['1ma***a4', '2jo***oVocê2']);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('mission-board-me').textContent).toBe('Sua posição: 2º · 2 missões concluídas');
    expect(screen.queryByTestId('missions-badge')).toBeNull();

    fireEvent.click(screen.getByTestId('mission-board-week'));
    expect(await within(leaderboard).findByTestId('mission-board-empty')).toBeTruthy();
    expect(screen.getByTestId('mission-board-me').textContent).toBe('Você ainda não concluiu missões neste período.');
    expect(leaderboard.textContent).toContain('De 23/11/2026 a 29/11/2026.');
    expect(calls.some((call) => call.path === '/api/missions/leaderboard' && call.query.get('period') === 'week')).toBe(true);
  });
});
