import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminVipLevelList } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import VipLevelsPage from './vip-levels-page.tsx';

type Level = AdminVipLevelList['levels'][number];
const rebates = { live: '0.3', slots: '0.3', sports: '0.3', lottery: '0.1', pvp: '0.1', fish: '0.3' };
const level = (rank: number, overrides: Partial<Level> = {}): Level => ({
  rank,
  names: { pt: `Nível ${rank}`, en: `Level ${rank}` },
  badge: 'colour:gold',
  minValidBet: '0.00',
  minDeposit: '0.00',
  retentionValidBet: '0.00',
  upgradeBonus: { amount: '0.00', wageringMultiple: 0 },
  monthlyBonus: { amount: '0.00', wageringMultiple: 0 },
  bonusValidDays: 30,
  rebates,
  withdrawalLimitPerDay: null,
  updatedAt: '2026-11-29T10:00:00.000Z',
  updatedBy: 'admin',
  members: 0,
  ...overrides,
});
const levels = [level(0, { names: { pt: 'Bronze', en: 'Bronze' }, members: 12 }), level(1, { names: { pt: 'Prata', en: 'Silver' }, minValidBet: '1000.00', minDeposit: '100.00', upgradeBonus: { amount: '10.00', wageringMultiple: 3 }, members: 3 })];

describe('VIP levels console', () => {
  it('lists levels with their members, lists a level\'s members, and sends a new level as typed in reais', async () => {
    const calls = stubOperatorApi('owner', (call) => {
      if (call.url === '/api/backoffice/vip/levels') return { body: { levels } };
      if (call.url.startsWith('/api/backoffice/vip/members')) return { body: { content: [{ memberId: '7', account: 'ana', rank: 1, since: '2026-11-20T10:00:00.000Z', validBet: '1200.00', deposits: '150.00' }], total: 1, page: 1, pageSize: 20 } };
      if (call.method === 'PUT') return { body: { ...level(2), ...(call.body as object), updatedAt: '2026-11-29T10:00:00.000Z', updatedBy: 'op' } };
      return { status: 404, body: { error: { code: 'route.not_found', message: 'no' } } };
    });
    renderPages('/vip-levels', [{ path: '/vip-levels', element: <VipLevelsPage /> }]);
    expect((await screen.findByTestId('vip-level-name-1')).textContent).toBe('Silver');
    expect(screen.getByTestId('vip-members-count-0').textContent).toBe('12');
    fireEvent.click(screen.getByTestId('vip-list-1'));
    expect(await within(await screen.findByTestId('vip-members-table')).findByText('ana')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/backoffice/vip/members?rank=1&page=1')).toBe(true);

    fireEvent.click(screen.getByTestId('vip-new'));
    const editor = await screen.findByTestId('vip-level-editor');
    fireEvent.change(within(editor).getByTestId('vip-namePt'), { target: { value: 'Ouro' } });
    fireEvent.change(within(editor).getByTestId('vip-nameEn'), { target: { value: 'Gold' } });
    fireEvent.change(within(editor).getByTestId('vip-minValidBet'), { target: { value: '10.000,00' } });
    fireEvent.change(within(editor).getByTestId('vip-minDeposit'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('vip-save'));
    await screen.findByTestId('vip-levels');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/backoffice/vip/levels/2');
    expect(put?.body).toMatchObject({ rank: 2, names: { pt: 'Ouro', en: 'Gold' }, badge: 'colour:gold', minValidBet: '10000.00', minDeposit: '1000.00', withdrawalLimitPerDay: null });
  });

  it('names each refused field and why, in the console\'s language', async () => {
    stubOperatorApi('owner', (call) => {
      if (call.url === '/api/backoffice/vip/levels') return { body: { levels } };
      return {
        status: 400,
        body: { error: { code: 'validation.failed', message: 'x', details: { fields: [{ path: 'minValidBet', message: 'x', reason: 'below_lower', amount: '1000.00' }, { path: 'body.badge', message: 'bad' }] } } },
      };
    });
    renderPages('/vip-levels', [{ path: '/vip-levels', element: <VipLevelsPage /> }], 'pt');
    fireEvent.click(await screen.findByTestId('vip-edit-1'));
    fireEvent.click(await screen.findByTestId('vip-save'));
    expect((await screen.findByTestId('vip-save-error')).textContent).toBe('Alguns dados estão inválidos. Verifique e tente novamente.');
    const problems = screen.getByTestId('vip-field-problems');
    expect(problems.textContent).toContain('Apostas válidas acumuladas (R$): não pode ser menor que o do nível anterior (R$\u00a01.000,00)');
    expect(problems.textContent).toContain('Emblema: valor inválido');
  });
});
