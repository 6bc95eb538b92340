import { randomUUID } from 'node:crypto';
import type { Contract, ContractKind } from '@app/contracts';
import { AppError } from '@app/kernel';
import { isAgentType } from '../../../accounts/index.ts';
import { checkUnderUpline, maxRateOf, parseTiers } from '../contract-tiers.ts';
import type { ContractsContext, OperatorActor } from '../contracts.deps.ts';
import { limitsOf } from '../contracts.policy.ts';
import * as repository from '../contracts.repository.ts';
import { toContract } from '../contracts.views.ts';
import { noticeGrantReplacedOffer } from './contract-ownership.ts';

export interface GrantInput {
  downline: string;
  kind: ContractKind;
  tiers: readonly unknown[];
}

/**
 * An operator gives an agent a contract directly, in force at once (the top agents' contracts:
 * no upline offers them). It supersedes the contract in force and withdraws a pending offer,
 * which was made against what is being replaced. If the agent's upline holds a contract of the
 * kind, the grant must still sit under it: no path may break "child ≤ parent". A grant is paid
 * by the platform: replacing a contract the upline offered moves its payment off the upline, and
 * both agents are told (contract-ownership.ts). Audited with its
 * before and after in the same transaction. With `idempotencyKey` a retried grant answers the
 * first one's contract.
 */
export async function grantContract(deps: ContractsContext, operator: OperatorActor, input: GrantInput, idempotencyKey?: string): Promise<Contract> {
  const settings = await deps.settings();
  const tiers = parseTiers(input.kind, input.tiers, limitsOf(settings, input.kind));
  const member = await repository.findMemberByAccount(deps.db, input.downline.trim().toLowerCase());
  if (!member) throw new AppError('validation.failed', 'no such account', { fields: [{ path: 'body.downline', message: 'account_unknown' }] });
  if (!isAgentType(member.type)) throw new AppError('agents.downline_not_agent', 'contracts are given to agents only');
  const requestKey = `operator:${operator.id}:${idempotencyKey ?? randomUUID()}`;
  const endedBy = `operator:${operator.username}`.slice(0, 80);

  const contract = await deps.db.transaction().execute(async (tx) => {
    await repository.lockDownlineKind(tx, member.id, input.kind);
    const replayed = await repository.findContractByKey(tx, requestKey);
    if (replayed) {
      if (replayed.downlineId !== member.id || replayed.kind !== input.kind || repository.storeTiers(replayed.tiers) !== repository.storeTiers(tiers)) {
        throw new AppError('request.idempotency_conflict', 'this Idempotency-Key was used for a different grant');
      }
      return replayed;
    }
    const uplineId = await repository.findDirectUpline(tx, member.id);
    const uplines = uplineId === undefined ? undefined : await repository.findCurrent(tx, uplineId, input.kind, 'active', 'share');
    if (uplines) checkUnderUpline(input.kind, tiers, uplines.tiers);

    const now = deps.now();
    const active = await repository.findCurrent(tx, member.id, input.kind, 'active', 'update');
    if (active) await repository.updateStatus(tx, active.id, { status: 'superseded', endedAt: now, endedBy });
    const pending = await repository.findCurrent(tx, member.id, input.kind, 'offered', 'update');
    if (pending) await repository.updateStatus(tx, pending.id, { status: 'withdrawn', endedAt: now, endedBy });
    const id = await repository.insertContract(tx, {
      kind: input.kind,
      uplineId: null,
      downlineId: member.id,
      version: await repository.nextVersion(tx, member.id, input.kind),
      status: 'active',
      tiers,
      maxRatePpm: maxRateOf(tiers),
      replacesId: active?.id ?? null,
      requestKey,
      offeredByOperator: operator.id,
      decidedAt: now,
    });
    if (id === undefined) throw new AppError('request.idempotency_conflict', 'this Idempotency-Key is in use by another grant');
    const granted = await repository.findContract(tx, id);
    if (!granted) throw new Error(`contract ${id} vanished in its own transaction`);
    await noticeGrantReplacedOffer(tx, active, id);
    await deps.audit(tx, {
      operatorId: operator.id,
      action: 'agents.contract.granted',
      targetType: 'agents_contract',
      targetId: id.toString(),
      details: { before: active ? toContract(active) : null, after: toContract(granted), withdrawnOffer: pending?.id.toString() ?? null },
      ip: operator.ip,
    });
    return granted;
  });
  return toContract(contract);
}
