/**
 * Agent contracts (spec §3, §4; docs/agent-commissions.md "Contracts"): offers from an agent to a
 * direct downline agent, decisions, operator grants for top agents, and the contracts in force
 * for the settlement engine. Wired by the agents module (register routes under prefix /api).
 */
export { createContractsService, type ActiveContract, type ContractsService } from './contracts.service.ts';
export type { OfferInput } from './use-cases/offer-contract.ts';
export type { GrantInput } from './use-cases/grant-contract.ts';
export type { AgentSettings, ContractMember, ContractsDeps, OperatorActor } from './contracts.deps.ts';
export { contractsRoutes } from './contracts.routes.ts';
export { contractsAdminRoutes } from './contracts.admin-routes.ts';
export { pickTier, tiersToWire, maxRateOf, formatRate, type NormalisedTier, type TierMetrics } from './contract-tiers.ts';
