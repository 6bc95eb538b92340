import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCheckinTable, AdminMission } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import CheckinPage from './checkin-page.tsx';
import MissionsPage from './missions-page.tsx';

const mission = (overrides: Partial<AdminMission>): AdminMission => ({
  id: '1',
  kind: 'daily',
  titlePt: 'Jogue 3 partidas',
  titleEn: 'Play 3 games',
  descriptionPt: '',
  descriptionEn: '',
  goal: 'games_played',
  productType: null,
  target: '3',
  reward: { kind: 'bonus', amount: '5.00', wageringMultiple: 1 },
  startsOn: null,
  endsOn: null,
  active: true,
  sort: 0,
  completedNow: 4,
  claimedNow: 2,
  createdAt: '2026-11-29T12:00:00.000Z',
  updatedAt: '2026-11-29T12:00:00.000Z',
  ...overrides,
});

const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('missions console', () => {
  it('lists missions, checks a new one before sending, shows the server\'s refusal under its field, then creates it', async () => {
    let created = 0;
    const calls = stubOperatorApi('owner', (call) => {
      if (call.method === 'POST' && call.url === '/api/backoffice/missions') {
        created += 1;
        return created === 1 ? { status: 400, body: { error: { code: 'missions.date_invalid', message: 'dates' } } } : { status: 201, body: mission({ id: '2', kind: 'one_off' }) };
      }
      return { body: { missions: [mission({}), mission({ id: '3', kind: 'one_off', titlePt: 'Especial', startsOn: '2026-12-01', endsOn: '2026-12-31', goal: 'valid_bet', productType: 'slots', target: '50.00', reward: { kind: 'points', amount: '100', wageringMultiple: 0 }, active: false })] } };
    });
    renderPages('/', [{ path: '/', element: <MissionsPage /> }]);
    const table = await screen.findByTestId('missions');
    expect(within(table).getByText('Games played: 3')).toBeTruthy();
    expect(within(table).getByText('Valid bet: R$50.00')).toBeTruthy();
    expect(within(table).getByText('R$5.00 bonus (1× wagering)')).toBeTruthy();
    expect(within(table).getByText('100 points')).toBeTruthy();
    expect(screen.getByTestId('mission-now-1').textContent).toBe('4 / 2');
    expect(screen.getByTestId('mission-active-3').textContent).toBe('Inactive');
    expect(screen.queryByTestId('mission-deactivate-3')).toBeNull();

    fireEvent.click(screen.getByTestId('mission-new'));
    const editor = await screen.findByTestId('mission-editor');
    fireEvent.click(within(editor).getByTestId('mission-save'));
    expect(screen.getByTestId('mission-titlePt-error').textContent).toBe('Enter the title.');
    expect(screen.getByTestId('mission-target-error').textContent).toBe('Enter a valid target.');
    expect(screen.getByTestId('mission-rewardAmount-error').textContent).toBe('Enter a valid reward.');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('mission-kind'), { target: { value: 'one_off' } });
    change('mission-titlePt', 'Aposte R$ 10 em slots');
    change('mission-titleEn', 'Bet R$ 10 on slots');
    fireEvent.change(screen.getByTestId('mission-productType'), { target: { value: 'slots' } });
    change('mission-target', '10,5');
    change('mission-rewardAmount', '2');
    change('mission-wagering', '3');
    change('mission-startsOn', '2026-12-01');
    change('mission-endsOn', '2026-12-31');
    fireEvent.click(within(editor).getByTestId('mission-save'));
    expect((await screen.findByTestId('mission-endsOn-error')).textContent).toBe('Enter a valid date (YYYY-MM-DD).');
    fireEvent.click(within(editor).getByTestId('mission-save'));
    await screen.findByTestId('missions');
    expect(screen.queryByTestId('mission-editor')).toBeNull();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({
      kind: 'one_off',
      titlePt: 'Aposte R$ 10 em slots',
      titleEn: 'Bet R$ 10 on slots',
      descriptionPt: '',
      descriptionEn: '',
      goal: 'valid_bet',
      productType: 'slots',
      target: '10.50',
      reward: { kind: 'bonus', amount: '2.00', wageringMultiple: 3 },
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      active: true,
      sort: 0,
    });
  });

  it('deactivates a mission after confirmation', async () => {
    const calls = stubOperatorApi('owner', (call) => (call.method === 'POST' ? { body: mission({ active: false }) } : { body: { missions: [mission({})] } }));
    renderPages('/', [{ path: '/', element: <MissionsPage /> }], 'pt');
    fireEvent.click(await screen.findByTestId('mission-deactivate-1'));
    const dialog = await screen.findByTestId('mission-deactivate-dialog');
    expect(dialog.textContent).toContain('“Jogue 3 partidas” deixa de aparecer para os membros.');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await screen.findByTestId('missions');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/backoffice/missions/1/deactivate']);
  });

  it('saves the check-in table for days 1 to 7, a decimal comma as a point, and refuses a day without a reward', async () => {
    const table: AdminCheckinTable = { enabled: true, rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, reward: { kind: 'points' as const, amount: String(day * 10), wageringMultiple: 0 } })), checkinsToday: 3, checkinsTotal: 40 };
    const calls = stubOperatorApi('owner', (call) => ({ body: call.method === 'PUT' ? { ...table, rewards: (call.body as AdminCheckinTable).rewards } : table }));
    renderPages('/', [{ path: '/', element: <CheckinPage /> }]);
    expect((await screen.findByTestId('checkin-stats')).textContent).toBe('Check-ins today: 3 · in all: 40');
    expect((screen.getByTestId('checkin-amount-7') as HTMLInputElement).value).toBe('70');
    fireEvent.change(screen.getByTestId('checkin-kind-7'), { target: { value: 'bonus' } });
    change('checkin-amount-7', '');
    fireEvent.click(screen.getByTestId('checkin-save'));
    expect(screen.getByTestId('checkin-error-7').textContent).toBe('Enter a valid reward.');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    change('checkin-amount-7', '7,5');
    change('checkin-wagering-7', '2');
    fireEvent.click(screen.getByTestId('checkin-save'));
    await screen.findByTestId('checkin-saved');
    const put = calls.find((call) => call.method === 'PUT');
    expect((put?.body as AdminCheckinTable).rewards).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((day) => ({ day, reward: { kind: 'points', amount: String(day * 10), wageringMultiple: 0 } })),
      { day: 7, reward: { kind: 'bonus', amount: '7.50', wageringMultiple: 2 } },
    ]);
  });
});
