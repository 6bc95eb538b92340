import { sql } from 'kysely';
import type { FeedbackQuestionType, FeedbackStatus } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';

export interface TicketRow {
  id: bigint;
  number: bigint;
  member_id: bigint;
  question_type: FeedbackQuestionType;
  content: string;
  contact: string;
  status: FeedbackStatus;
  assigned_operator_id: bigint | null;
  assigned_operator_name: string | null;
  reply_count: number;
  created_at: Date;
  updated_at: Date;
  total?: string;
}

export interface EntryRow {
  ticket_id: bigint;
  kind: 'reply' | 'note';
  operator_name: string;
  body: string;
  created_at: Date;
}

/** One member's submissions in turn (the hourly limit under parallel requests). */
export async function lockMember(executor: DbExecutor, memberId: bigint): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('feedback:' || ${memberId.toString()}, 0))`.execute(executor);
}

export async function findByRequest(executor: DbExecutor, memberId: bigint, requestId: string): Promise<TicketRow | undefined> {
  const { rows } = await sql<TicketRow>`select * from feedback_ticket where member_id = ${memberId} and client_request_id = ${requestId}`.execute(executor);
  return rows[0];
}

export async function countSince(executor: DbExecutor, memberId: bigint, since: Date): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from feedback_ticket where member_id = ${memberId} and created_at > ${since}`.execute(executor);
  return Number(rows[0]?.n ?? 0);
}

/** Answers the new ticket, or undefined when the same request id already made one (a concurrent double click). */
export async function insertTicket(executor: DbExecutor, input: { memberId: bigint; requestId: string; questionType: FeedbackQuestionType; content: string; contact: string }): Promise<TicketRow | undefined> {
  const { rows } = await sql<TicketRow>`
    insert into feedback_ticket (member_id, client_request_id, question_type, content, contact)
    values (${input.memberId}, ${input.requestId}, ${input.questionType}, ${input.content}, ${input.contact})
    on conflict (member_id, client_request_id) do nothing returning *`.execute(executor);
  return rows[0];
}

export async function memberTickets(executor: DbExecutor, memberId: bigint, limit: number): Promise<TicketRow[]> {
  const { rows } = await sql<TicketRow>`select * from feedback_ticket where member_id = ${memberId} order by created_at desc, id desc limit ${limit}`.execute(executor);
  return rows;
}

export async function entriesOf(executor: DbExecutor, ticketIds: readonly bigint[], kinds: readonly ('reply' | 'note')[]): Promise<EntryRow[]> {
  if (ticketIds.length === 0) return [];
  const { rows } = await sql<EntryRow>`
    select ticket_id, kind, operator_name, body, created_at from feedback_entry
    where ticket_id = any(${ticketIds.map(String)}::bigint[]) and kind = any(${kinds}::text[]) order by id`.execute(executor);
  return rows;
}

export async function queue(executor: DbExecutor, options: { status?: FeedbackStatus; operatorId?: bigint; limit: number; offset: number }): Promise<TicketRow[]> {
  const status = options.status === undefined ? sql`true` : sql`status = ${options.status}`;
  const mine = options.operatorId === undefined ? sql`true` : sql`assigned_operator_id = ${options.operatorId}`;
  const { rows } = await sql<TicketRow>`
    select *, count(*) over () as total from feedback_ticket where ${status} and ${mine}
    order by (status = 'open') desc, created_at, id limit ${options.limit} offset ${options.offset}`.execute(executor);
  return rows;
}

export async function findTicket(executor: DbExecutor, id: bigint, lock = false): Promise<TicketRow | undefined> {
  const { rows } = lock
    ? await sql<TicketRow>`select * from feedback_ticket where id = ${id} for update`.execute(executor)
    : await sql<TicketRow>`select * from feedback_ticket where id = ${id}`.execute(executor);
  return rows[0];
}

export async function assign(executor: DbExecutor, id: bigint, operator: { id: bigint; username: string } | null): Promise<void> {
  await sql`update feedback_ticket set assigned_operator_id = ${operator?.id ?? null}, assigned_operator_name = ${operator?.username ?? null}, updated_at = now() where id = ${id}`.execute(executor);
}

/** Adds a reply or a note unless this request id already did; answers whether it was added. */
export async function addEntry(executor: DbExecutor, entry: { ticketId: bigint; kind: 'reply' | 'note'; operatorId: bigint; operatorName: string; body: string; requestId: string }): Promise<boolean> {
  const { rows } = await sql<{ id: bigint }>`
    insert into feedback_entry (ticket_id, kind, operator_id, operator_name, body, request_id)
    values (${entry.ticketId}, ${entry.kind}, ${entry.operatorId}, ${entry.operatorName}, ${entry.body}, ${entry.requestId})
    on conflict (request_id) do nothing returning id`.execute(executor);
  return rows.length > 0;
}

export async function markAnswered(executor: DbExecutor, id: bigint): Promise<number> {
  const { rows } = await sql<{ reply_count: number }>`
    update feedback_ticket set reply_count = reply_count + 1, status = 'answered', updated_at = now() where id = ${id} returning reply_count`.execute(executor);
  return rows[0]!.reply_count;
}

export async function close(executor: DbExecutor, id: bigint): Promise<void> {
  await sql`update feedback_ticket set status = 'closed', updated_at = now() where id = ${id}`.execute(executor);
}
