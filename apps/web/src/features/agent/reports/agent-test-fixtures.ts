import type { ConsolidatedFlags, Downline, ProfitLossReport, TeamFigures, TeamOverview } from '@app/contracts';
import { stubApi, type ApiCall, type RouteAnswer } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';

/** Vitest stand-ins for the agent API (unit tests of the agent centre only). */

export function figuresFixture(overrides: Partial<TeamFigures> = {}): TeamFigures {
  return { deposits: '0.00', withdrawals: '0.00', bets: 0, stake: '0.00', validBet: '0.00', payout: '0.00', profitLoss: '0.00', ...overrides };
}

export function overviewFixture(overrides: Partial<TeamOverview> = {}): TeamOverview {
  return {
    period: { from: '2025-03-01', to: '2025-03-01', timeZone: 'America/Sao_Paulo' },
    teamSize: 12,
    directCount: 3,
    newMembers: 2,
    activeMembers: 5,
    activeThreshold: '100.00',
    figures: figuresFixture({ deposits: '500.00', withdrawals: '120.00', bets: 42, stake: '900.00', validBet: '610.00', payout: '750.00', profitLoss: '-150.00' }),
    asOf: '2025-03-01T15:04:05.000Z',
    ...overrides,
  };
}

export function downlineFixture(overrides: Partial<Downline> = {}): Downline {
  return {
    account: 'ana01',
    nickname: 'Ana',
    type: 0,
    isAgent: false,
    level: 1,
    upline: 'agent1',
    teamSize: 0,
    status: 'active',
    createdAt: '2025-03-01T12:00:00.000Z',
    grantableTypes: [0, 1],
    ...overrides,
  };
}

export function profitLossFixture(root: string, rows: ProfitLossReport['rows'], total: Partial<TeamFigures> = {}): ProfitLossReport {
  return { period: { from: '2025-03-01', to: '2025-03-01', timeZone: 'America/Sao_Paulo' }, root, rows, total: figuresFixture(total) };
}

export const ALL_FLAGS_OFF: ConsolidatedFlags = { divtypereq: false, dailysalreqtype: false, contracthoursalreq: false, realtimesalreqtype: false };

/** A logged-in agent (type 1) with the given API routes; the contract flags default to all off. */
export function stubAgentApi(routes: Record<string, RouteAnswer> = {}): ApiCall[] {
  sessionStorage.setItem('token', 'tok-agent');
  return stubApi({
    'GET /api/member/info': memberFixture({ account: 'agent1', nickname: 'Agente Um', type: 1 }),
    'GET /api/agent/contracts/flags': ALL_FLAGS_OFF,
    ...routes,
  });
}
