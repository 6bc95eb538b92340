import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentTreeNode, AgentTreePage, OperatorSettlementLine, SettlementRun } from '@app/contracts';
import ContractsPage from './contracts-page.tsx';
import RunPage from './run-page.tsx';
import TreePage from './tree-page.tsx';

const figures = { bets: 0, stake: '0.00', validBet: '0.00', ggr: '0.00' };
const node = (account: string, overrides: Partial<AgentTreeNode> = {}): AgentTreeNode => ({
  account,
  nickname: account.toUpperCase(),
  type: 1,
  isAgent: true,
  status: 'active',
  level: 0,
  directCount: 0,
  teamSize: 0,
  contracts: [],
  today: figures,
  month: figures,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
const treePage = (content: AgentTreeNode[], overrides: Partial<AgentTreePage> = {}): AgentTreePage => ({
  root: null,
  path: [],
  content,
  total: content.length,
  pageNo: 1,
  pageSize: 50,
  days: { today: '2025-03-10', monthFrom: '2025-03-01', timeZone: 'America/Sao_Paulo' },
  ...overrides,
});

describe('agent tree page', () => {
  it('loads a node’s downlines only when it is expanded, and the next fifty on demand', async () => {
    const many = Array.from({ length: 50 }, (_, index) => node(`m${String(index).padStart(3, '0')}`, { type: 0, isAgent: false, level: 1 }));
    const calls = stubOperatorApi('finance', (call) => {
      const url = new URL(call.url, 'http://x');
      const root = url.searchParams.get('root');
      if (root === null) return { body: treePage([node('boss', { directCount: 51, teamSize: 60, contracts: [{ id: '9', kind: 'daily', version: 2, upline: null, maxRate: '1.5' }], today: { bets: 3, stake: '130.00', validBet: '120.00', ggr: '80.00' } }), node('quiet')], { total: 2 }) };
      if (root === 'boss' && url.searchParams.get('pageNo') === '2') return { body: treePage([node('zz-last', { type: 0, isAgent: false, level: 1 })], { total: 51, pageNo: 2 }) };
      if (root === 'boss') return { body: treePage(many, { total: 51 }) };
      return { status: 404, body: { error: { code: 'agents.member_not_found', message: 'no' } } };
    });
    renderPages('/agents/tree', [{ path: '/agents/tree', element: <TreePage /> }]);
    const boss = await screen.findByTestId('node-boss');
    expect(within(boss).getByTestId('team-boss').textContent).toBe('51 direct · 60 in team');
    expect(boss.textContent).toContain('Daily salary 1.5 %');
    expect(boss.textContent).toContain('R$');
    // The leaf has no toggle; nothing was asked about boss's downlines yet.
    expect(screen.queryByTestId('toggle-quiet')).toBeNull();
    expect(calls.some((call) => call.url.includes('root=boss'))).toBe(false);

    fireEvent.click(screen.getByTestId('toggle-boss'));
    expect(await screen.findByTestId('node-m049')).toBeTruthy();
    expect(screen.getByTestId('toggle-boss').getAttribute('aria-label')).toBe('Hide the downlines of boss');
    expect(screen.queryByTestId('node-zz-last')).toBeNull();
    fireEvent.click(screen.getByTestId('tree-more-boss'));
    expect(await screen.findByTestId('node-zz-last')).toBeTruthy();
    expect(screen.queryByTestId('tree-more-boss')).toBeNull();
    expect(calls.filter((call) => call.url.includes('root=boss')).map((call) => new URL(call.url, 'http://x').searchParams.get('pageNo'))).toEqual(['1', '2']);
  });

  it('searching an unknown account says so in words', async () => {
    stubOperatorApi('finance', (call) => (call.url.includes('root=') ? { status: 404, body: { error: { code: 'agents.member_not_found', message: 'no' } } } : { body: treePage([]) }));
    renderPages('/agents/tree', [{ path: '/agents/tree', element: <TreePage /> }]);
    fireEvent.change(await screen.findByTestId('tree-search'), { target: { value: '  Nobody ' } });
    fireEvent.click(screen.getByTestId('tree-search-submit'));
    expect(await screen.findByText('No member has this account.')).toBeTruthy();
  });
});

const run = (overrides: Partial<SettlementRun> = {}): SettlementRun => ({
  id: '7',
  kind: 'daily',
  periodStart: '2025-03-09T03:00:00.000Z',
  periodEnd: '2025-03-10T03:00:00.000Z',
  version: 1,
  createdAt: '2025-03-10T05:07:00.000Z',
  status: 'failed',
  lines: 3,
  paidLines: 1,
  pendingLines: 1,
  failedLines: 1,
  notQualifiedLines: 0,
  totalPaid: '1.00',
  totalDue: '0.90',
  attempts: 3,
  ...overrides,
});
const line = (id: string, status: OperatorSettlementLine['status'], overrides: Partial<OperatorSettlementLine> = {}): OperatorSettlementLine => ({
  id,
  runId: '7',
  kind: 'daily',
  agent: `agent${id}`,
  payer: null,
  paidBy: 'platform',
  outcome: null,
  periodStart: '2025-03-09T03:00:00.000Z',
  periodEnd: '2025-03-10T03:00:00.000Z',
  version: 1,
  base: '100.00',
  activeMembers: 1,
  rate: '1',
  gross: '1.00',
  childrenGross: '0.60',
  net: '0.40',
  amount: '1.00',
  status,
  settledAt: '2025-03-10T05:07:00.000Z',
  deficit: '0.00',
  attempts: status === 'paid' ? 1 : 0,
  journalKey: status === 'paid' ? `commission:${id}:1` : null,
  paidAt: null,
  ...overrides,
});

describe('settlement run page', () => {
  it('proposes a re-run of the unpaid lines with a reason: it waits for another operator, nothing is paid yet', async () => {
    const calls = stubOperatorApi('finance', (call) => {
      if (call.method === 'POST') {
        return {
          status: 202,
          body: { id: '4', kind: 'agents.settlement_rerun', target: 'run:7', payload: { runId: '7', kind: 'daily', periodStart: '2025-03-09T03:00:00.000Z', periodEnd: '2025-03-10T03:00:00.000Z', lineIds: null }, reason: 'payer funded', status: 'pending', requestedBy: { id: '1', username: 'fin' }, requestedAt: '2026-01-01T00:00:00.000Z', decidedBy: null, decidedAt: null, decisionNote: null, result: null, canDecide: false },
        };
      }
      if (call.url.startsWith('/api/backoffice/approvals')) return { body: { content: [], total: 0 } };
      return { body: { run: run(), total: 3, lines: [line('1', 'paid'), line('2', 'insufficient', { amount: '0.60', payer: 'agent1' }), line('3', 'calculated', { amount: '0.30', payer: 'agent2' })] } };
    });
    renderPages('/agents/settlements/7', [{ path: '/agents/settlements/:id', element: <RunPage /> }]);
    expect((await screen.findByTestId('line-status-2')).textContent).toBe('Payer short of funds');
    const open = screen.getByTestId('rerun-open');
    expect(open.textContent).toBe('Re-run 2 unpaid lines');
    fireEvent.click(open);
    expect(screen.getByTestId('rerun-message').textContent).toContain('Pays the 2 unpaid lines of this run (R$');
    const confirm = screen.getByTestId('rerun-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true); // a reason first
    fireEvent.change(screen.getByTestId('rerun-reason'), { target: { value: ' payer funded ' } });
    fireEvent.click(confirm);
    expect((await screen.findByTestId('rerun-proposed')).textContent).toBe('Request sent: the change takes effect when another operator approves it in Approvals.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', url: '/api/backoffice/agents/settlements/runs/7/rerun', body: { reason: 'payer funded' } }]);
    expect(screen.queryByTestId('rerun-dialog')).toBeNull();
    expect(screen.getByTestId('line-status-2').textContent).toBe('Payer short of funds');
  });

  it('pays one line when asked, naming it; a server refusal stays in the dialog', async () => {
    const calls = stubOperatorApi('owner', (call) =>
      call.method === 'POST' ? { status: 404, body: { error: { code: 'agents.run_not_found', message: 'gone' } } } : { body: { run: run(), total: 1, lines: [line('2', 'insufficient')] } },
    );
    renderPages('/agents/settlements/7', [{ path: '/agents/settlements/:id', element: <RunPage /> }]);
    fireEvent.click(await screen.findByTestId('line-retry-2'));
    fireEvent.change(screen.getByTestId('rerun-reason'), { target: { value: 'retry' } });
    fireEvent.click(screen.getByTestId('rerun-confirm'));
    expect((await screen.findByTestId('rerun-error')).textContent).toBe('Settlement run not found.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'retry', lineIds: ['2'] });
  });
});

describe('contracts page', () => {
  it('grants a contract with the tiers typed (commas accepted), active members as a number', async () => {
    const calls = stubOperatorApi('finance', (call) =>
      call.method === 'POST'
        ? { status: 201, body: { contract: { id: '5', kind: 'dividend', upline: null, downline: 'boss', version: 2, status: 'active', tiers: [], replaces: '4', offeredAt: '2025-03-10T00:00:00.000Z', decidedAt: '2025-03-10T00:00:00.000Z', endedAt: null, endedBy: null } } }
        : { body: { contracts: [] } },
    );
    renderPages('/agents/contracts', [{ path: '/agents/contracts', element: <ContractsPage /> }]);
    fireEvent.click(await screen.findByTestId('grant-open'));
    fireEvent.change(screen.getByTestId('grant-account'), { target: { value: ' Boss ' } });
    fireEvent.change(screen.getByTestId('grant-kind'), { target: { value: 'dividend' } });
    fireEvent.change(screen.getByTestId('grant-tier-0-rate'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('grant-add-tier'));
    fireEvent.change(screen.getByTestId('grant-tier-1-minValidBet'), { target: { value: '10000,00' } });
    fireEvent.change(screen.getByTestId('grant-tier-1-minLoss'), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('grant-tier-1-minActive'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('grant-tier-1-rate'), { target: { value: '30,5' } });
    fireEvent.click(screen.getByTestId('grant-submit'));
    expect((await screen.findByTestId('grant-done')).textContent).toBe('Dividend contract version 2 is in force for boss.');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/backoffice/agents/contracts',
      body: {
        downline: 'boss',
        kind: 'dividend',
        tiers: [
          { minValidBet: '0', minLoss: '0', minActive: 0, rate: '20' },
          { minValidBet: '10000.00', minLoss: '1000', minActive: 3, rate: '30.5' },
        ],
      },
    });
  });
});
