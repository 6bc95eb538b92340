import { formatCents } from '@app/kernel';
import type { AgentTransferRow } from '@app/contracts';
import type { OwnTransferRow } from './team-lists.repository.ts';

/** A transfer's reference: `<sender> → <recipient>` (the wallet's agent-transfer service). */
const PARTIES = /^(.+) → (.+)$/;

/**
 * One of the agent's transfers as its page shows it: which way the money went (the journal type
 * says up or down the tree, the sign of the agent's own leg says sent or received) and the other
 * party, read from the reference the transfer was posted with.
 */
export function toTransferRow(account: string, row: OwnTransferRow): AgentTransferRow {
  const sent = row.amount < 0n;
  const [, sender = '', recipient = ''] = PARTIES.exec(row.reference ?? '') ?? [];
  const down = row.type === 'agent_transfer_downline';
  return {
    id: row.id.toString(),
    createdAt: row.created_at.toISOString(),
    // A transfer "to downline" received is one from our upline; "to upline" received is from a downline.
    direction: down ? (sent ? 'toDownline' : 'fromUpline') : sent ? 'toUpline' : 'fromDownline',
    counterpart: (sent ? recipient : sender) || (sender === account ? recipient : sender),
    amount: formatCents(row.amount),
    balanceAfter: formatCents(row.balance_after),
  };
}
