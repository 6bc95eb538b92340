import type { Contract } from '@app/contracts';
import { tiersToWire } from './contract-tiers.ts';
import type { ContractRow } from './contracts.repository.ts';

export function toContract(row: ContractRow): Contract {
  return {
    id: row.id.toString(),
    kind: row.kind,
    upline: row.uplineAccount,
    downline: row.downlineAccount,
    version: row.version,
    status: row.status,
    tiers: tiersToWire(row.kind, row.tiers),
    replaces: row.replacesId?.toString() ?? null,
    offeredAt: row.offeredAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    endedBy: row.endedBy,
  };
}
