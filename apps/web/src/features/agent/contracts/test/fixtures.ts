import type { ConsolidatedFlags, Contract, ContractOverview, SettlementLine, SettlementPage } from '@app/contracts';

/** Test data of the contract pages (wire shapes of packages/contracts/src/agents.ts). */

export function flagsFixture(overrides: Partial<ConsolidatedFlags> = {}): ConsolidatedFlags {
  return { divtypereq: true, dailysalreqtype: true, contracthoursalreq: true, realtimesalreqtype: true, ...overrides };
}

export function contractFixture(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 'c-1',
    kind: 'daily',
    upline: null,
    downline: 'agenta',
    version: 1,
    status: 'active',
    tiers: [
      { minValidBet: '0.00', minActive: 0, rate: '0.5' },
      { minValidBet: '10000.00', minActive: 5, rate: '1' },
    ],
    replaces: null,
    offeredAt: '2025-06-01T12:00:00.000Z',
    decidedAt: '2025-06-01T12:00:00.000Z',
    endedAt: null,
    endedBy: null,
    ...overrides,
  };
}

export function overviewFixture(overrides: Partial<ContractOverview> = {}): ContractOverview {
  return {
    flags: flagsFixture(),
    kind: 'daily',
    mine: contractFixture(),
    offersToMe: [],
    limits: { maxTiers: 3, maxRate: '1', tiers: [] },
    downlines: [{ account: 'agentb', nickname: 'Bia', active: null, pending: null }],
    history: [contractFixture()],
    ...overrides,
  };
}

export function settlementLineFixture(overrides: Partial<SettlementLine> = {}): SettlementLine {
  return {
    id: 'l-1',
    kind: 'daily',
    agent: 'agenta',
    payer: null,
    paidBy: 'platform',
    periodStart: '2025-06-01T03:00:00.000Z',
    periodEnd: '2025-06-02T03:00:00.000Z',
    version: 1,
    base: '2000.00',
    activeMembers: 3,
    rate: '0.5',
    gross: '10.00',
    childrenGross: '4.00',
    net: '6.00',
    amount: '6.00',
    status: 'paid',
    outcome: null,
    settledAt: '2025-06-02T05:10:00.000Z',
    ...overrides,
  };
}

export function settlementPageFixture(content: SettlementLine[], overrides: Partial<SettlementPage> = {}): SettlementPage {
  return {
    period: { from: '2025-06-01', to: '2025-06-30', timeZone: 'America/Sao_Paulo' },
    content,
    pageNum: 1,
    total: content.length,
    totalPages: content.length > 0 ? 1 : 0,
    totals: { amount: '6.00' },
    ...overrides,
  };
}
