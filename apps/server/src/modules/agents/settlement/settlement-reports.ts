import { sql } from 'kysely';
import { formatCents } from '@app/kernel';
import { CONTRACT_KINDS, type ResolvedPeriod, type RevenueReport, type SettlementLine, type SettlementPage, type SettlementQuery } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import { formatRate } from '../contracts/contract-tiers.ts';
import { bounds } from '../reports/figures.repository.ts';

/** The columns a settlement line shows (lines joined with their run, agent a and payer p). */
export const LINE_COLUMNS = [
  'l.id', 'l.kind', 'a.account as agent', 'p.account as payer', 'l.period_start', 'l.period_end', 'r.version', 'l.base', 'l.active_members',
  'l.rate_ppm', 'l.gross', 'l.children_gross', 'l.net', 'l.amount', 'l.status', 'l.outcome', 'l.created_at',
] as const;

interface LineRow {
  id: bigint;
  kind: SettlementLine['kind'];
  agent: string;
  payer: string | null;
  period_start: Date;
  period_end: Date;
  version: number;
  base: bigint;
  active_members: number;
  rate_ppm: number;
  gross: bigint;
  children_gross: bigint;
  net: bigint;
  amount: bigint;
  status: SettlementLine['status'];
  outcome: SettlementLine['outcome'];
  created_at: Date;
}

export function toWireLine(row: LineRow): SettlementLine {
  return {
    id: row.id.toString(),
    kind: row.kind,
    agent: row.agent,
    payer: row.payer,
    paidBy: row.payer === null ? 'platform' : 'agent',
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    version: row.version,
    base: formatCents(row.base),
    activeMembers: row.active_members,
    rate: formatRate(row.rate_ppm),
    gross: formatCents(row.gross),
    childrenGross: formatCents(row.children_gross),
    net: formatCents(row.net),
    amount: formatCents(row.amount),
    status: row.status,
    outcome: row.outcome,
    settledAt: row.created_at.toISOString(),
  };
}

/**
 * The agent's settlement records and revenue: lines paid to it (received) or by it to its
 * downlines (paid), by the start of their period in the operator's days.
 */
export async function settlementPage(db: DbExecutor, agentId: bigint, period: ResolvedPeriod, query: SettlementQuery): Promise<SettlementPage> {
  const { start, end } = bounds(period);
  const base = db
    .selectFrom('agents_settlement_line as l')
    .innerJoin('agents_settlement_run as r', 'r.id', 'l.run_id')
    .where('l.kind', '=', query.kind)
    .where(query.side === 'received' ? 'l.agent_id' : 'l.payer_id', '=', agentId)
    .where('l.period_start', '>=', start)
    .where('l.period_start', '<', end);
  const [rows, totals] = await Promise.all([
    base
      .innerJoin('accounts_v_member as a', 'a.id', 'l.agent_id')
      .leftJoin('accounts_v_member as p', 'p.id', 'l.payer_id')
      .select(LINE_COLUMNS)
      .orderBy('l.period_start', 'desc')
      .orderBy('l.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select([sql<string>`count(*)::text`.as('n'), sql<string>`coalesce(sum(l.amount) filter (where l.status = 'paid'), 0)::text`.as('amount')]).executeTakeFirstOrThrow(),
  ]);
  const total = Number(totals.n);
  return {
    period,
    content: rows.map(toWireLine),
    pageNum: query.pageNo,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    totals: { amount: formatCents(BigInt(totals.amount)) },
  };
}

/** Income by contract kind: what was paid to the agent and what it paid its downlines (paid lines only). */
export async function revenueReport(db: DbExecutor, agentId: bigint, period: ResolvedPeriod, enabled: (kind: (typeof CONTRACT_KINDS)[number]) => boolean): Promise<RevenueReport> {
  const { start, end } = bounds(period);
  const result = await sql<{ kind: string; received: string; paid: string; lines: number }>`
    select kind,
      coalesce(sum(amount) filter (where agent_id = ${agentId}), 0)::text as received,
      coalesce(sum(amount) filter (where payer_id = ${agentId}), 0)::text as paid,
      (count(*) filter (where agent_id = ${agentId}))::int as lines
    from agents_settlement_line
    where (agent_id = ${agentId} or payer_id = ${agentId}) and status = 'paid' and period_start >= ${start} and period_start < ${end}
    group by kind`.execute(db);
  const byKind = new Map(result.rows.map((row) => [row.kind, row]));
  let received = 0n;
  let paid = 0n;
  const rows = CONTRACT_KINDS.filter(enabled).map((kind) => {
    const row = byKind.get(kind);
    const kindReceived = BigInt(row?.received ?? 0);
    const kindPaid = BigInt(row?.paid ?? 0);
    received += kindReceived;
    paid += kindPaid;
    return { kind, received: formatCents(kindReceived), paidToDownlines: formatCents(kindPaid), net: formatCents(kindReceived - kindPaid), lines: row?.lines ?? 0 };
  });
  return { period, rows, total: { received: formatCents(received), paidToDownlines: formatCents(paid), net: formatCents(received - paid) } };
}
