import type { DbExecutor } from '../../platform/db.ts';

/** A member's uplines, nearest first (the chain a bet is attributed to). */
export async function uplineChain(db: DbExecutor, memberId: bigint): Promise<bigint[]> {
  const rows = await db.selectFrom('agents_tree').select('ancestor_id').where('descendant_id', '=', memberId).where('depth', '>', 0).orderBy('depth').execute();
  return rows.map((row) => row.ancestor_id);
}

/** Team size under an agent (the agent excluded) and how many of them are direct downlines. */
export async function teamSize(db: DbExecutor, agentId: bigint): Promise<{ team: number; direct: number }> {
  const row = await db
    .selectFrom('agents_tree')
    .select((eb) => [eb.fn.countAll<string>().as('team'), eb.fn.count<string>('descendant_id').filterWhere('depth', '=', 1).as('direct')])
    .where('ancestor_id', '=', agentId)
    .where('depth', '>', 0)
    .executeTakeFirstOrThrow();
  return { team: Number(row.team), direct: Number(row.direct) };
}

/** Whether `memberId` is in `agentId`'s team (the agent itself included): the reports' access rule. */
export async function isInTeam(db: DbExecutor, agentId: bigint, memberId: bigint): Promise<boolean> {
  const row = await db.selectFrom('agents_tree').select('depth').where('ancestor_id', '=', agentId).where('descendant_id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}
