import type { Broadcast, BroadcastAudience, BroadcastDraft, BroadcastList, BroadcastPreview, BroadcastSend } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { sanitiseHtml } from '../../platform/sanitise-html.ts';
import * as broadcasts from './broadcast.repository.ts';
import { audienceSql, countAudience } from './messages.repository.ts';
import type { MessagesPorts, OperatorActor } from './messages.ports.ts';

/** One bus event per broadcast (not per member): each API process pushes to its own connected recipients. */
export const BROADCAST_EVENT = 'messages.broadcast_delivered';
/** A topic no client can subscribe to (WsTopicSchema refuses it), so the hub forwards the event to nobody. */
export const INTERNAL_TOPIC = 'messages.internal';
const PAGE_SIZE = 20;

const view = (row: broadcasts.BroadcastRow): Broadcast => {
  const { agentId: _agentId, ...audience } = row.audience as BroadcastAudience & { agentId?: string };
  return {
    id: row.id.toString(),
    audience: audience as BroadcastAudience,
    title: row.title,
    bodyHtml: row.body_html,
    status: row.status,
    sendAt: row.send_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    delivered: row.recipient_count,
    read: Number(row.read_count ?? 0),
    createdBy: row.created_by_name,
  };
};

/** Operator broadcasts: preview, send now or at a time, cancel a scheduled one; every action audited. */
export function createBroadcastService(deps: { db: Db; bus: EventBus; logger: Logger; ports: MessagesPorts }) {
  /** The audience as stored: an agent's team keeps the agent's id, resolved once at compose time. */
  async function resolve(audience: BroadcastAudience): Promise<BroadcastAudience & { agentId?: string }> {
    if (audience.kind !== 'team') return audience;
    const agentId = await deps.ports.memberIdOf(audience.agentAccount);
    if (agentId === undefined) throw new AppError('messages.agent_unknown', 'no agent with this account', { account: audience.agentAccount });
    return { ...audience, agentId: agentId.toString() };
  }

  async function prepare(draft: BroadcastDraft) {
    const bodyHtml = sanitiseHtml(draft.bodyHtml);
    if (bodyHtml === '') throw new AppError('messages.body_empty', 'the body is empty once sanitised');
    const audience = await resolve(draft.audience);
    const audienceCount = await countAudience(deps.db, audienceSql(audience, audience.agentId ? BigInt(audience.agentId) : undefined));
    return { bodyHtml, audience, audienceCount };
  }

  async function deliverIn(tx: DbExecutor, id: bigint): Promise<number> {
    const row = await broadcasts.lockBroadcast(tx, id);
    if (!row || row.status !== 'scheduled') return 0;
    const count = await broadcasts.deliver(tx, row);
    await deps.bus.publish(tx, { type: BROADCAST_EVENT, audience: { kind: 'topic', topic: INTERNAL_TOPIC }, data: { broadcastId: id.toString() } });
    return count;
  }

  async function one(id: bigint): Promise<Broadcast> {
    const [row] = await broadcasts.listBroadcasts(deps.db, { limit: 1, offset: 0, id });
    if (!row) throw new AppError('messages.broadcast_not_found', 'no such broadcast', { id: id.toString() });
    return view(row);
  }

  return {
    async preview(draft: BroadcastDraft): Promise<BroadcastPreview> {
      const { bodyHtml, audienceCount } = await prepare(draft);
      return { bodyHtml, audienceCount };
    },

    /** Idempotent by requestId: a replay answers the broadcast the first request made. */
    async send(actor: OperatorActor, input: BroadcastSend): Promise<Broadcast> {
      const sendAt = input.sendAt ? new Date(input.sendAt) : null;
      if (sendAt && sendAt.getTime() <= Date.now()) throw new AppError('messages.send_at_past', 'the scheduled time has passed', { field: 'sendAt' });
      const { bodyHtml, audience, audienceCount } = await prepare(input);
      if (audienceCount === 0) throw new AppError('messages.audience_empty', 'no member in this audience');
      const id = await deps.db.transaction().execute(async (tx) => {
        const saved = await broadcasts.insertBroadcast(tx, { requestId: input.requestId, audience, title: input.title, bodyHtml, sendAt: sendAt ?? new Date(), operatorId: actor.id, operatorName: actor.username });
        if (!saved.created) return saved.id;
        await deps.ports.audit(tx as Db, {
          operatorId: actor.id,
          action: sendAt ? 'messages.broadcast_scheduled' : 'messages.broadcast_sent',
          targetType: 'messages_broadcast',
          targetId: saved.id.toString(),
          details: { requestId: input.requestId, audience: input.audience, title: input.title, sendAt: sendAt?.toISOString() ?? null, audienceCount },
          ip: actor.ip,
        });
        if (!sendAt) await deliverIn(tx, saved.id);
        return saved.id;
      });
      return one(id);
    },

    async cancel(actor: OperatorActor, id: bigint): Promise<Broadcast> {
      await deps.db.transaction().execute(async (tx) => {
        const row = await broadcasts.lockBroadcast(tx, id);
        if (!row) throw new AppError('messages.broadcast_not_found', 'no such broadcast', { id: id.toString() });
        if (row.status === 'cancelled') return;
        if (row.status !== 'scheduled') throw new AppError('messages.broadcast_not_scheduled', 'only a scheduled broadcast can be cancelled', { id: id.toString() });
        await broadcasts.cancel(tx, id, actor.id);
        await deps.ports.audit(tx as Db, { operatorId: actor.id, action: 'messages.broadcast_cancelled', targetType: 'messages_broadcast', targetId: id.toString(), details: { title: row.title, sendAt: row.send_at.toISOString() }, ip: actor.ip });
      });
      return one(id);
    },

    async list(page: number): Promise<BroadcastList> {
      const rows = await broadcasts.listBroadcasts(deps.db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      return { broadcasts: rows.map(view), total: Number(rows[0]?.total ?? 0), page };
    },

    /** The job: due scheduled broadcasts, each in its own transaction (a failure leaves it scheduled for the next run). */
    async sendDue(): Promise<number> {
      let sent = 0;
      for (const id of await broadcasts.dueIds(deps.db, 20)) {
        try {
          await deps.db.transaction().execute((tx) => deliverIn(tx, id));
          sent += 1;
        } catch (error) {
          deps.logger.error({ err: error, broadcastId: id.toString() }, 'scheduled broadcast failed');
        }
      }
      return sent;
    },
  };
}

export type BroadcastService = ReturnType<typeof createBroadcastService>;
