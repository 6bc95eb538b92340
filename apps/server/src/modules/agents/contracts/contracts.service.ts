import type { AgentNoticeList, ConsolidatedFlags, Contract, ContractDecision, ContractKind, ContractOverview, ContractStatus, PendingContracts } from '@app/contracts';
import { ceilingTiers, formatRate, type NormalisedTier } from './contract-tiers.ts';
import type { ContractMember, ContractsContext, ContractsDeps, OperatorActor } from './contracts.deps.ts';
import { AGENT_TYPES, assertAgent, assertKindEnabled, enabledKinds, flagsOf, limitsOf } from './contracts.policy.ts';
import * as repository from './contracts.repository.ts';
import * as notices from './notices.repository.ts';
import { toContract } from './contracts.views.ts';
import { decideContract } from './use-cases/decide-contract.ts';
import { grantContract, type GrantInput } from './use-cases/grant-contract.ts';
import { offerContract, type OfferInput } from './use-cases/offer-contract.ts';

/** The overview lists direct downline agents without paging; past this many it shows the first by name. */
const MAX_DOWNLINES = 500;
const HISTORY_SIZE = 50;
const PENDING_SIZE = 20;
const ADMIN_LIST_SIZE = 200;
const NOTICES_SIZE = 30;

export interface ActiveContract {
  id: bigint;
  /** The contracted agent (the contract's downline). */
  agentId: bigint;
  /** Null when an operator granted it (a top agent). */
  uplineId: bigint | null;
  tiers: NormalisedTier[];
}

/** Agent contracts (spec §3, §4; docs/agent-commissions.md "Contracts"). One transaction per change. */
export function createContractsService(deps: ContractsDeps) {
  const context: ContractsContext = { ...deps, now: deps.now ?? (() => new Date()) };

  return {
    /** Spec §3 consolidated flags: which contract kinds the site runs. */
    async flags(): Promise<ConsolidatedFlags> {
      return flagsOf(await deps.settings());
    },

    /** An agent offers its direct downline agent a contract (see offer-contract.ts for the rules). */
    offer: (caller: ContractMember, offer: OfferInput): Promise<Contract> => offerContract(context, caller, offer),

    /** Accept, reject, withdraw or terminate (see decide-contract.ts). */
    decide: (caller: ContractMember, contractId: bigint, decision: ContractDecision['decision']): Promise<Contract> => decideContract(context, caller, contractId, decision),

    /** An operator gives a contract directly, in force at once (see grant-contract.ts). */
    grant: (operator: OperatorActor, input: GrantInput, idempotencyKey?: string): Promise<Contract> => grantContract(context, operator, input, idempotencyKey),

    /** The agent centre's contract page for one kind. */
    async overview(caller: ContractMember, kind: ContractKind): Promise<ContractOverview> {
      const settings = await deps.settings();
      assertKindEnabled(settings, kind);
      assertAgent(caller);
      const [own, downlines, history] = await Promise.all([
        repository.listContracts(deps.db, { kinds: [kind], statuses: ['active', 'offered'], downlineIds: [caller.id], limit: 2 }),
        repository.listDirectDownlines(deps.db, caller.id, AGENT_TYPES, MAX_DOWNLINES),
        repository.listContracts(deps.db, { kinds: [kind], partyId: caller.id, limit: HISTORY_SIZE }),
      ]);
      // One active and at most one pending offer per downline and kind.
      const current = await repository.listContracts(deps.db, { kinds: [kind], statuses: ['active', 'offered'], downlineIds: downlines.map((member) => member.id), limit: downlines.length * 2 });
      const mine = own.find((row) => row.status === 'active');
      const currentOf = (memberId: bigint, status: ContractStatus) => {
        const row = current.find((contract) => contract.downlineId === memberId && contract.status === status);
        return row ? toContract(row) : null;
      };
      return {
        flags: flagsOf(settings),
        kind,
        mine: mine ? toContract(mine) : null,
        offersToMe: own.filter((row) => row.status === 'offered').map(toContract),
        // No contract, nothing to offer: the most an agent may give is what it holds itself.
        limits: { maxTiers: settings.maxTiers, maxRate: formatRate(Math.min(limitsOf(settings, kind).maxRatePpm, mine?.maxRatePpm ?? 0)), tiers: mine ? ceilingTiers(kind, mine.tiers, limitsOf(settings, kind).maxRatePpm) : [] },
        downlines: downlines.map((member) => ({ account: member.account, nickname: member.nickname, active: currentOf(member.id, 'active'), pending: currentOf(member.id, 'offered') })),
        history: history.map(toContract),
      };
    },

    /** Offers waiting for the member's answer, of the kinds the site runs (an offer of a disabled kind cannot be accepted). */
    async pending(member: ContractMember): Promise<PendingContracts> {
      const kinds = enabledKinds(await deps.settings());
      if (kinds.length === 0) return { offers: [] };
      const rows = await repository.listContracts(deps.db, { kinds, statuses: ['offered'], downlineIds: [member.id], limit: PENDING_SIZE });
      return { offers: rows.map(toContract) };
    },

    /** Notices about the agent's contracts changed without its doing (contract-ownership.ts), of one kind when given. */
    async notices(member: ContractMember, kind?: ContractKind): Promise<AgentNoticeList> {
      const [rows, unread] = await Promise.all([notices.listNotices(deps.db, member.id, kind, NOTICES_SIZE), notices.countUnread(deps.db, member.id, kind)]);
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return {
        unread,
        notices: rows.map((row) => ({
          id: row.id.toString(),
          kind: row.kind,
          contractKind: row.contractKind,
          upline: text(row.params.upline),
          downline: text(row.params.downline),
          downlines: Array.isArray(row.params.downlines) ? row.params.downlines.filter((item): item is string => typeof item === 'string') : [],
          createdAt: row.createdAt.toISOString(),
          read: row.readAt !== null,
        })),
      };
    },

    /** Marks the agent's unread notices (of one kind when given) read. */
    markNoticesRead: (member: ContractMember, kind?: ContractKind): Promise<number> => notices.markRead(deps.db, member.id, kind, context.now()),

    /** Back office: contracts where `account` is either party, newest first (at most 200). */
    async list(filter: { account?: string; kind?: ContractKind; status?: ContractStatus }): Promise<Contract[]> {
      let partyId: bigint | undefined;
      if (filter.account) {
        const member = await repository.findMemberByAccount(deps.db, filter.account.trim().toLowerCase());
        if (!member) return [];
        partyId = member.id;
      }
      const rows = await repository.listContracts(deps.db, {
        partyId,
        kinds: filter.kind ? [filter.kind] : undefined,
        statuses: filter.status ? [filter.status] : undefined,
        limit: ADMIN_LIST_SIZE,
      });
      return rows.map(toContract);
    },

    /** Every contract of `kind` in force, for the settlement engine. */
    activeContracts: (kind: ContractKind): Promise<ActiveContract[]> => repository.listActive(deps.db, kind),
  };
}

export type ContractsService = ReturnType<typeof createContractsService>;
