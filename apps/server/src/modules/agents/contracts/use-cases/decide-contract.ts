import type { Contract, ContractDecision } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { DbExecutor } from '../../../../platform/db.ts';
import { checkUnderUpline } from '../contract-tiers.ts';
import type { ContractMember, ContractsContext } from '../contracts.deps.ts';
import { assertAgent, assertKindEnabled, contractNotFound, roleOf } from '../contracts.policy.ts';
import * as repository from '../contracts.repository.ts';
import type { ContractRow } from '../contracts.repository.ts';
import { toContract } from '../contracts.views.ts';
import { endContractsOfferedBy } from './contract-ownership.ts';

type Decision = ContractDecision['decision'];

/** Who may take each decision, and from which status. */
const RULES: Record<Decision, { role: 'upline' | 'downline' | 'either'; from: 'offered' | 'active' }> = {
  accept: { role: 'downline', from: 'offered' },
  reject: { role: 'downline', from: 'offered' },
  withdraw: { role: 'upline', from: 'offered' },
  terminate: { role: 'either', from: 'active' },
};

/**
 * A party decides on a contract: the downline accepts or rejects an offer, the upline withdraws
 * it, either ends the contract in force. Acceptance supersedes the contract in force in the same
 * transaction; a termination ends the contracts the holder offered below it. A contract the
 * caller is no party to is "not found", whether it exists or not.
 */
export async function decideContract(deps: ContractsContext, caller: ContractMember, contractId: bigint, decision: Decision): Promise<Contract> {
  const found = await repository.findContract(deps.db, contractId);
  if (!found || !roleOf(found, caller.id)) throw contractNotFound();
  const settings = decision === 'accept' ? await deps.settings() : undefined;

  await deps.db.transaction().execute(async (tx) => {
    await repository.lockDownlineKind(tx, found.downlineId, found.kind);
    const contract = await repository.findContract(tx, contractId, 'update');
    if (!contract) throw contractNotFound();
    const rule = RULES[decision];
    const role = roleOf(contract, caller.id);
    if (rule.role !== 'either' && role !== rule.role) throw new AppError('auth.forbidden', `only the ${rule.role} may ${decision} this contract`);
    if (contract.status !== rule.from) {
      throw rule.from === 'offered'
        ? new AppError('agents.contract_not_pending', 'this offer is no longer waiting for an answer', { status: contract.status })
        : new AppError('agents.contract_not_active', 'this contract is not in force', { status: contract.status });
    }
    const now = deps.now();
    if (decision === 'accept') {
      if (settings) assertKindEnabled(settings, contract.kind);
      await accept(tx, contract, caller, now);
    } else if (decision === 'reject') {
      await repository.updateStatus(tx, contract.id, { status: 'rejected', decidedAt: now, endedBy: caller.account });
    } else {
      await repository.updateStatus(tx, contract.id, { status: decision === 'withdraw' ? 'withdrawn' : 'terminated', endedAt: now, endedBy: caller.account });
      // Its holder no longer pays the contracts it offered below it (contract-ownership.ts).
      if (decision === 'terminate') await endContractsOfferedBy(tx, { id: contract.downlineId, account: contract.downlineAccount }, contract.kind, now);
    }
  });
  const decided = await repository.findContract(deps.db, contractId);
  if (!decided) throw contractNotFound();
  return toContract(decided);
}

async function accept(tx: DbExecutor, offer: ContractRow, caller: ContractMember, now: Date): Promise<void> {
  // The account may have stopped being an agent since the offer was made.
  assertAgent(caller);
  if (offer.uplineId !== null) {
    // The upline's own contract may have ended or changed since it offered: the downline must
    // still be under it when the offer takes effect, not only when it was made.
    const uplines = await repository.findCurrent(tx, offer.uplineId, offer.kind, 'active', 'share');
    if (!uplines) throw new AppError('agents.no_contract', 'the agent who offered this no longer holds a contract of this kind', { kind: offer.kind });
    checkUnderUpline(offer.kind, offer.tiers, uplines.tiers);
  }
  // The one in force is ended first: the partial unique index allows one active per kind.
  const active = await repository.findCurrent(tx, offer.downlineId, offer.kind, 'active', 'update');
  if (active) await repository.updateStatus(tx, active.id, { status: 'superseded', endedAt: now, endedBy: caller.account });
  await repository.updateStatus(tx, offer.id, { status: 'active', decidedAt: now });
}
