import type { Contract, ContractKind, ContractOffer } from '@app/contracts';
import { AppError } from '@app/kernel';
import { isAgentType } from '../../../accounts/index.ts';
import { checkUnderUpline, formatRate, maxRateOf, parseTiers, type NormalisedTier } from '../contract-tiers.ts';
import type { ContractMember, ContractsContext } from '../contracts.deps.ts';
import { assertAgent, assertKindEnabled, limitsOf } from '../contracts.policy.ts';
import * as repository from '../contracts.repository.ts';
import { toContract } from '../contracts.views.ts';

/** The wire offer; the tiers are checked here against the offer's kind, so any list is taken. */
export type OfferInput = Omit<ContractOffer, 'tiers'> & { tiers: readonly unknown[] };

/**
 * An agent offers a direct downline agent a contract (spec §4). The offer must sit under the
 * agent's own contract of that kind; replacing the downline's contract in force needs a strictly
 * higher maximum rate and an explicit confirmation. A newer offer withdraws the pending one.
 * Idempotent per (agent, requestId): a replay answers the contract the first request made.
 */
export async function offerContract(deps: ContractsContext, caller: ContractMember, offer: OfferInput): Promise<Contract> {
  const settings = await deps.settings();
  assertKindEnabled(settings, offer.kind);
  assertAgent(caller);
  const tiers = parseTiers(offer.kind, offer.tiers, limitsOf(settings, offer.kind));
  // Direct downlines only, and one answer for "elsewhere in your team" and "not yours at all":
  // the rule is about the tree, and an account outside it must not be confirmed to exist.
  const downline = await repository.findDirectDownline(deps.db, caller.id, offer.downline.trim().toLowerCase());
  if (!downline) throw new AppError('agents.not_in_team', 'no such account among your direct downlines');
  if (!isAgentType(downline.type)) throw new AppError('agents.downline_not_agent', 'contracts are offered to agents only');
  const requestKey = `agent:${caller.id}:${offer.requestId}`;

  const id = await deps.db.transaction().execute(async (tx) => {
    await repository.lockDownlineKind(tx, downline.id, offer.kind);
    // Under the lock, a double submit finds the first one committed (same downline and kind).
    const replayed = await repository.findContractByKey(tx, requestKey);
    if (replayed) return sameOffer(replayed, downline.id, offer.kind, tiers).id;

    // Shared: our own contract must stay as it is until this offer commits, yet offers to
    // several downlines may run side by side.
    const mine = await repository.findCurrent(tx, caller.id, offer.kind, 'active', 'share');
    if (!mine) throw new AppError('agents.no_contract', `you hold no ${offer.kind} contract to offer from`, { kind: offer.kind });
    checkUnderUpline(offer.kind, tiers, mine.tiers);

    const maxRatePpm = maxRateOf(tiers);
    const active = await repository.findCurrent(tx, downline.id, offer.kind, 'active', 'update');
    if (active && maxRatePpm <= active.maxRatePpm) {
      throw new AppError('agents.contract_not_higher', 'a new contract must pay more than the one in force', { currentMaxRate: formatRate(active.maxRatePpm) });
    }
    if (active && !offer.confirmReplace) throw new AppError('agents.replace_unconfirmed', 'confirm that this offer replaces the contract in force', { replaces: active.id.toString() });

    // At most one pending offer per downline and kind: a newer one replaces it. It can only be
    // ours, or a former upline's if the downline was moved, and that one is stale anyway.
    const now = deps.now();
    const pending = await repository.findCurrent(tx, downline.id, offer.kind, 'offered', 'update');
    if (pending) await repository.updateStatus(tx, pending.id, { status: 'withdrawn', endedAt: now, endedBy: caller.account });

    const inserted = await repository.insertContract(tx, {
      kind: offer.kind,
      uplineId: caller.id,
      downlineId: downline.id,
      version: await repository.nextVersion(tx, downline.id, offer.kind),
      status: 'offered',
      tiers,
      maxRatePpm,
      replacesId: active?.id ?? null,
      requestKey,
      offeredByOperator: null,
      decidedAt: null,
    });
    // The key is taken by a request for another downline or kind still in flight: not a replay.
    if (inserted === undefined) throw idempotencyConflict();
    await deps.contractOffered?.(tx, { contractId: inserted, downlineId: downline.id, kind: offer.kind });
    return inserted;
  });
  const contract = await repository.findContract(deps.db, id);
  if (!contract) throw new Error(`contract ${id} vanished after its offer`);
  return toContract(contract);
}

function sameOffer(replayed: repository.ContractRow, downlineId: bigint, kind: ContractKind, tiers: readonly NormalisedTier[]) {
  const same = replayed.downlineId === downlineId && replayed.kind === kind && repository.storeTiers(replayed.tiers) === repository.storeTiers(tiers);
  if (!same) throw idempotencyConflict();
  return replayed;
}

const idempotencyConflict = () => new AppError('request.idempotency_conflict', 'this requestId was used for a different offer');
