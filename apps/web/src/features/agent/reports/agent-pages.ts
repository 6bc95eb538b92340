import { CONTRACT_FLAG, type ConsolidatedFlags, type ContractKind } from '@app/contracts';

/** Spec §2 agent centre pages, addressed as /agentHome?tab=<page>, in the side menu's order. */
export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  // Not a spec page name: the agent's transfers up and down the tree with their history (issue 20).
  'agentTransfers',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

export const DEFAULT_AGENT_PAGE: AgentPage = 'agentTeamOverview';

/** The contract pages, shown only when the operator runs that kind of contract (spec §2, §3 flags). */
export const CONTRACT_PAGES: Partial<Record<AgentPage, ContractKind>> = {
  agentDividendRecordCopy2: 'dividend',
  agentDailyWages2: 'daily',
  agentHourSalary: 'hourly',
  agentRealtimeSalary: 'realtime',
};

export function contractKindOf(page: AgentPage): ContractKind | undefined {
  return CONTRACT_PAGES[page];
}

export function agentPagePath(page: AgentPage): string {
  return `/agentHome?tab=${page}`;
}

export function toAgentPage(value: string | null): AgentPage | undefined {
  return AGENT_PAGES.find((page) => page === value);
}

/** The pages the menu lists: every report, and a contract page only when its flag is on (none while unknown). */
export function visibleAgentPages(flags: ConsolidatedFlags | undefined): AgentPage[] {
  return AGENT_PAGES.filter((page) => {
    const kind = contractKindOf(page);
    return kind === undefined || flags?.[CONTRACT_FLAG[kind]] === true;
  });
}
