import type { ContractKind } from '@app/contracts';
import type { DbExecutor } from '../../../../platform/db.ts';
import type { ContractRow } from '../contracts.repository.ts';
import { addNotices, type NewNotice } from '../notices.repository.ts';

/**
 * Who pays a contract (docs/agent-commissions.md "Who pays"): the one who gave it, the upline
 * agent who offered it or the platform for an operator grant, and nobody else. So:
 * - an operator grant that replaces a contract an upline offered moves the payment to the
 *   platform: both agents are told;
 * - a contract that ends (terminated by either party) ends the contracts its holder offered below
 *   it, and theirs in turn: an agent without a contract of a kind has nothing to pay them from,
 *   and no one else agreed to pay them. Every agent whose contract ends this way is told, and so
 *   is the agent whose contract ending caused it. Pending offers it made stay as they are: their
 *   acceptance is refused while the one who offered holds no contract (decide-contract.ts).
 * Runs inside the use case's transaction, after the change it follows.
 */
export async function endContractsOfferedBy(tx: DbExecutor, holder: { id: bigint; account: string }, kind: ContractKind, now: Date): Promise<void> {
  let payers = [holder];
  // Each contract has one upline, so the walk goes down the tree of offers and always ends.
  while (payers.length > 0) {
    const next: Array<{ id: bigint; account: string }> = [];
    for (const payer of payers) {
      const ended = await tx
        .updateTable('agents_contract')
        .set({ status: 'terminated', ended_at: now, ended_by: payer.account.slice(0, 80) })
        .where('upline_id', '=', payer.id)
        .where('kind', '=', kind)
        .where('status', '=', 'active')
        .returning(['id', 'downline_id'])
        .execute();
      const terminated = ended;
      if (terminated.length === 0) continue;
      const accounts = await tx.selectFrom('accounts_v_member').select(['id', 'account']).where('id', 'in', terminated.map((row) => row.downline_id)).execute();
      const accountOf = new Map(accounts.map((row) => [row.id, row.account]));
      const notices: NewNotice[] = terminated.map((row) => ({
        memberId: row.downline_id,
        kind: 'ended_with_payer',
        contractKind: kind,
        contractId: row.id,
        params: { upline: payer.account },
      }));
      notices.push({ memberId: payer.id, kind: 'downline_contracts_ended', contractKind: kind, contractId: terminated[0]!.id, params: { downlines: terminated.map((row) => accountOf.get(row.downline_id) ?? '') } });
      await addNotices(tx, notices);
      for (const row of terminated) next.push({ id: row.downline_id, account: accountOf.get(row.downline_id) ?? '' });
    }
    payers = next;
  }
}

/** An operator grant replaced `replaced`: if an upline had offered it, the platform pays from now on; both are told. */
export async function noticeGrantReplacedOffer(tx: DbExecutor, replaced: ContractRow | undefined, grantedId: bigint): Promise<void> {
  if (!replaced || replaced.uplineId === null) return;
  await addNotices(tx, [
    { memberId: replaced.uplineId, kind: 'grant_replaced_offer', contractKind: replaced.kind, contractId: grantedId, params: { downline: replaced.downlineAccount } },
    { memberId: replaced.downlineId, kind: 'grant_replaced_mine', contractKind: replaced.kind, contractId: grantedId, params: { upline: replaced.uplineAccount ?? '' } },
  ]);
}
