import { z } from 'zod';
import { SPORTSBOOK_VOID_APPROVAL_KIND } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { ApprovalActor, ApprovalKindHandler } from '../../../platform/approval-kinds.ts';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import { storeManualVoid } from '../tickets/manual-void.ts';
import * as repository from './console.repository.ts';
import type { AuditWriter } from './results.service.ts';
import { lockTicket } from './tickets-console.repository.ts';

const VoidPayloadSchema = z.object({ ticketId: z.string().regex(/^\d{1,18}$/), stake: z.string().optional() });
type VoidPayload = z.infer<typeof VoidPayloadSchema>;

const SETTLED = ['won', 'partially_won', 'lost', 'void', 'cashed_out'];

/**
 * Manual void of an open ticket with a reason: the ticket settles with its stake still in play returned (its
 * settlement intent stored like the settlement stores one; the settlement job pays it). A settled
 * ticket is refused ("correct the result instead"); a ticket whose stake is above the void
 * threshold needs a second operator (approval kind sportsbook.ticket_void).
 */
export function createTicketVoids(deps: { db: Db; audit: AuditWriter }) {
  const { db } = deps;

  function checkOpen(row: { status: string; settle_status: string | null } | undefined, id: bigint) {
    if (!row) throw new AppError('sportsbook.ticket_not_found', 'no such ticket', { ticketId: id.toString() });
    if (SETTLED.includes(row.status) || row.settle_status !== null) throw new AppError('sportsbook.ticket_settled', 'the ticket is settled: correct the result instead');
    if (row.status !== 'open') throw new AppError('sportsbook.ticket_not_open', `the ticket is ${row.status}`);
  }

  /** In one transaction: the intent and its audit row. */
  async function voidNow(actor: ApprovalActor, id: bigint, reason: string, approvalId: string | null, executor?: DbExecutor): Promise<void> {
    const run = async (tx: DbExecutor) => {
      const row = await lockTicket(tx, id);
      checkOpen(row, id);
      const returnCents = await storeManualVoid(tx, id);
      if (returnCents === undefined) throw new AppError('sportsbook.ticket_settled', 'the ticket was decided meanwhile');
      await deps.audit(tx as Db, {
        operatorId: actor.id,
        action: 'sportsbook.ticket.voided',
        targetType: 'sportsbook_ticket',
        targetId: id.toString(),
        details: { reason, approvalId, memberId: row!.member_id.toString(), returnCents: returnCents.toString(), before: { status: row!.status }, after: { settleStatus: 'void' } },
        ip: actor.ip,
      });
    };
    if (executor) await run(executor);
    else await db.transaction().execute(run);
  }

  const kind: ApprovalKindHandler = {
    kind: SPORTSBOOK_VOID_APPROVAL_KIND,
    permission: 'sportsbook.settle',
    async prepare(input) {
      const parsed = VoidPayloadSchema.safeParse(input);
      if (!parsed.success) throw new AppError('validation.failed', 'a ticket id');
      const id = BigInt(parsed.data.ticketId);
      const row = await lockTicket(db, id);
      checkOpen(row, id);
      return { payload: { ticketId: parsed.data.ticketId, stake: row!.total_stake_cents.toString() }, target: `ticket ${parsed.data.ticketId}` };
    },
    // In the approval's own transaction: the intent, its audit row and the decision commit together.
    async apply(tx, payload, actor, request) {
      const { ticketId } = VoidPayloadSchema.parse(payload as VoidPayload);
      await voidNow(actor, BigInt(ticketId), request.reason, request.id.toString(), tx);
      return { result: { ticketId, status: 'voided' } };
    },
  };

  return {
    kind,
    async decide(actor: ApprovalActor, id: bigint, reason: string, propose: (payload: VoidPayload) => Promise<string>): Promise<{ status: 'voided' | 'pending_approval'; approvalId: string | null }> {
      const row = await lockTicket(db, id);
      checkOpen(row, id);
      const threshold = (await repository.settings(db)).void_approval_cents;
      if (BigInt(row!.total_stake_cents) > BigInt(threshold)) return { status: 'pending_approval', approvalId: await propose({ ticketId: id.toString() }) };
      await voidNow(actor, id, reason, null);
      return { status: 'voided', approvalId: null };
    },
  };
}

export type TicketVoids = ReturnType<typeof createTicketVoids>;
