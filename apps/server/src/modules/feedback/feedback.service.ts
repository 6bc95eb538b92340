import { countWords, FEEDBACK_MAX_WORDS, FEEDBACK_MIN_WORDS, FEEDBACK_PER_HOUR, type FeedbackAdminTicket, type FeedbackInput, type FeedbackQueue, type FeedbackQueueItem, type FeedbackStatus, type FeedbackTicket } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { FeedbackPorts, OperatorActor } from './feedback.ports.ts';
import * as repository from './feedback.repository.ts';

const PAGE_SIZE = 30;
const MEMBER_TICKETS = 20;
const numberOf = (row: repository.TicketRow) => `#${row.number}`;

/** The reply as the message's HTML: the operator writes text; escaped, one paragraph per line. */
function replyHtml(text: string): string {
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').map((line) => `<p>${escape(line)}</p>`).join('');
}

/**
 * Feedback and complaints: members open numbered tickets (word limits, a few an hour, one per
 * request id); operators take them from the queue, note, reply (the reply reaches the member as
 * a platform message in the same transaction) and close. Every operator action is audited.
 */
export function createFeedbackService(deps: { db: Db; ports: FeedbackPorts }) {
  const memberView = (row: repository.TicketRow, entries: repository.EntryRow[]): FeedbackTicket => ({
    id: row.id.toString(),
    number: numberOf(row),
    questionType: row.question_type,
    content: row.content,
    contact: row.contact,
    status: row.status,
    replies: entries.filter((entry) => entry.ticket_id === row.id && entry.kind === 'reply').map((entry) => ({ body: entry.body, at: entry.created_at.toISOString() })),
    createdAt: row.created_at.toISOString(),
  });
  const queueView = (row: repository.TicketRow, names: Map<bigint, string>): FeedbackQueueItem => ({
    id: row.id.toString(),
    number: numberOf(row),
    account: names.get(row.member_id) ?? `#${row.member_id}`,
    questionType: row.question_type,
    status: row.status,
    assignedTo: row.assigned_operator_name,
    excerpt: row.content.slice(0, 140),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  });

  async function adminView(executor: DbExecutor, id: bigint): Promise<FeedbackAdminTicket> {
    const row = await repository.findTicket(executor, id);
    if (!row) throw new AppError('feedback.not_found', 'no such ticket', { id: id.toString() });
    const names = await deps.ports.accountNamesOf([row.member_id]);
    const entries = await repository.entriesOf(executor, [row.id], ['reply', 'note']);
    return {
      ...queueView(row, names),
      content: row.content,
      contact: row.contact,
      assignedToId: row.assigned_operator_id?.toString() ?? null,
      entries: entries.map((entry) => ({ kind: entry.kind, by: entry.operator_name, body: entry.body, at: entry.created_at.toISOString() })),
    };
  }

  /** An operator change on an open or answered ticket, in one transaction with its audit row. */
  async function change(actor: OperatorActor, id: bigint, action: string, work: (tx: DbExecutor, row: repository.TicketRow) => Promise<Record<string, unknown> | undefined>) {
    await deps.db.transaction().execute(async (tx) => {
      const row = await repository.findTicket(tx, id, true);
      if (!row) throw new AppError('feedback.not_found', 'no such ticket', { id: id.toString() });
      const details = await work(tx, row);
      if (details) await deps.ports.audit(tx as Db, { operatorId: actor.id, action, targetType: 'feedback_ticket', targetId: id.toString(), details: { number: numberOf(row), ...details }, ip: actor.ip });
    });
    return adminView(deps.db, id);
  }
  const refuseClosed = (row: repository.TicketRow) => {
    if (row.status === 'closed') throw new AppError('feedback.closed', 'the ticket is closed', { number: numberOf(row) });
  };

  return {
    async submit(memberId: bigint, input: FeedbackInput): Promise<FeedbackTicket> {
      const replay = await repository.findByRequest(deps.db, memberId, input.requestId);
      if (replay) return memberView(replay, []);
      const content = input.content.trim();
      const words = countWords(content);
      if (words < FEEDBACK_MIN_WORDS) throw new AppError('feedback.too_short', 'too few words', { min: FEEDBACK_MIN_WORDS, words });
      if (words > FEEDBACK_MAX_WORDS) throw new AppError('feedback.too_long', 'too many words', { max: FEEDBACK_MAX_WORDS, words });
      const row = await deps.db.transaction().execute(async (tx) => {
        // One member's submissions in turn, so the hourly limit holds under parallel requests.
        await repository.lockMember(tx, memberId);
        const again = await repository.findByRequest(tx, memberId, input.requestId);
        if (again) return again;
        if ((await repository.countSince(tx, memberId, new Date(Date.now() - 3_600_000))) >= FEEDBACK_PER_HOUR) throw new AppError('feedback.rate_limited', 'too many tickets this hour', { perHour: FEEDBACK_PER_HOUR });
        return (await repository.insertTicket(tx, { memberId, requestId: input.requestId, questionType: input.questionType, content, contact: input.contact }))!;
      });
      return memberView(row, []);
    },

    async mine(memberId: bigint): Promise<{ tickets: FeedbackTicket[] }> {
      const rows = await repository.memberTickets(deps.db, memberId, MEMBER_TICKETS);
      const entries = await repository.entriesOf(deps.db, rows.map((row) => row.id), ['reply']);
      return { tickets: rows.map((row) => memberView(row, entries)) };
    },

    async queue(actor: OperatorActor, filter: { status?: FeedbackStatus; mine: boolean; page: number }): Promise<FeedbackQueue> {
      const rows = await repository.queue(deps.db, { ...(filter.status ? { status: filter.status } : {}), ...(filter.mine ? { operatorId: actor.id } : {}), limit: PAGE_SIZE, offset: (filter.page - 1) * PAGE_SIZE });
      const names = await deps.ports.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      return { tickets: rows.map((row) => queueView(row, names)), total: Number(rows[0]?.total ?? 0), page: filter.page };
    },

    ticket: (id: bigint) => adminView(deps.db, id),

    async assign(actor: OperatorActor, id: bigint, username: string | null): Promise<FeedbackAdminTicket> {
      const operator = username === null ? null : await deps.ports.findOperator(username);
      if (operator === undefined) throw new AppError('feedback.operator_unknown', 'no such operator', { username: username ?? '' });
      return change(actor, id, 'feedback.assigned', async (tx, row) => {
        if (row.assigned_operator_id === (operator?.id ?? null)) return undefined;
        await repository.assign(tx, id, operator);
        return { before: row.assigned_operator_name, after: operator?.username ?? null };
      });
    },

    note: (actor: OperatorActor, id: bigint, input: { requestId: string; body: string }) =>
      change(actor, id, 'feedback.noted', async (tx) => {
        const added = await repository.addEntry(tx, { ticketId: id, kind: 'note', operatorId: actor.id, operatorName: actor.username, body: input.body, requestId: input.requestId });
        return added ? { requestId: input.requestId } : undefined;
      }),

    reply: (actor: OperatorActor, id: bigint, input: { requestId: string; body: string }) =>
      change(actor, id, 'feedback.replied', async (tx, row) => {
        refuseClosed(row);
        const added = await repository.addEntry(tx, { ticketId: id, kind: 'reply', operatorId: actor.id, operatorName: actor.username, body: input.body, requestId: input.requestId });
        if (!added) return undefined;
        const n = await repository.markAnswered(tx, id);
        await deps.ports.messages.sendToMember(tx, { memberId: row.member_id, kind: 'feedback', title: numberOf(row), bodyHtml: replyHtml(input.body), sourceKey: `feedback-reply-${id}-${n}` });
        return { requestId: input.requestId, reply: n, statusBefore: row.status };
      }),

    close: (actor: OperatorActor, id: bigint) =>
      change(actor, id, 'feedback.closed', async (tx, row) => {
        if (row.status === 'closed') return undefined;
        await repository.close(tx, id);
        return { statusBefore: row.status };
      }),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
