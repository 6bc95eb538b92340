import { CONTRACT_FLAG, CONTRACT_KINDS, type ConsolidatedFlags, type ContractKind } from '@app/contracts';
import { AppError } from '@app/kernel';
import { ACCOUNT_TYPE, isAgentType } from '../../accounts/index.ts';
import { parseRate, type TierLimits } from './contract-tiers.ts';
import type { AgentSettings, ContractMember } from './contracts.deps.ts';
import type { ContractRow } from './contracts.repository.ts';

/** The agent account types (1, 2, 41, 42), for queries that list agents. */
export const AGENT_TYPES: readonly number[] = Object.values(ACCOUNT_TYPE).filter(isAgentType);

/** Spec §3 consolidated flags, named as the spec names them. */
export function flagsOf(settings: AgentSettings): ConsolidatedFlags {
  const flags = { divtypereq: false, dailysalreqtype: false, contracthoursalreq: false, realtimesalreqtype: false };
  for (const kind of CONTRACT_KINDS) flags[CONTRACT_FLAG[kind]] = settings.contracts[kind];
  return flags;
}

export function enabledKinds(settings: AgentSettings): ContractKind[] {
  return CONTRACT_KINDS.filter((kind) => settings.contracts[kind]);
}

/** A kind the operator does not run takes no new offers, acceptances or overviews (ending one is always allowed). */
export function assertKindEnabled(settings: AgentSettings, kind: ContractKind): void {
  if (!settings.contracts[kind]) throw new AppError('agents.kind_disabled', `${kind} contracts are not offered on this site`, { kind });
}

export function assertAgent(member: ContractMember): void {
  if (!isAgentType(member.type)) throw new AppError('auth.agent_only', 'only agents have contracts');
}

export function limitsOf(settings: AgentSettings, kind: ContractKind): TierLimits {
  return { maxTiers: settings.maxTiers, maxRatePpm: parseRate(settings.maxRates[kind]) ?? 0 };
}

/** The member's side of a contract; undefined when it is not a party (the contract is then "not found"). */
export function roleOf(contract: ContractRow, memberId: bigint): 'upline' | 'downline' | undefined {
  if (contract.downlineId === memberId) return 'downline';
  if (contract.uplineId === memberId) return 'upline';
  return undefined;
}

export const contractNotFound = () => new AppError('agents.contract_not_found', 'no such contract');
