import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LiveAdminChatMessageSchema, LiveAdminChatQuerySchema, LiveAdminChatSchema, LiveAdminIdParamsSchema, LiveAdminMuteRequestSchema, LiveAdminMuteSchema, LiveAdminMutesSchema, LiveAdminRemoveMessageSchema } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import * as chat from './chat.repository.ts';
import { oncePerRequest } from './replay.ts';
import { ERRORS, schema, type LiveConsoleRouteDeps } from './tables.admin-routes.ts';
import { actorOf } from './views.ts';

const PAGE_SIZE = 50;
const MuteAnswerSchema = z.object({ account: z.string(), mute: LiveAdminMuteSchema.nullable() });

/**
 * /api/backoffice/live/chat and /mutes: the tables' messages as typed and as shown (the filter's
 * work visible), removal (the table's chat drops it live), and chat mutes by account across every
 * table (0 minutes lifts one). Changes are audited with their reason and request id.
 */
export function chatAdminRoutes(deps: LiveConsoleRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const read = { preHandler: deps.requireOperator('live.read') };
  const moderate = { preHandler: deps.requireOperator('live.moderate') };

  const messageView = (row: chat.ChatRow, names: Map<bigint, string>): z.infer<typeof LiveAdminChatMessageSchema> => ({
    id: row.id.toString(),
    tableCode: row.table_code,
    account: names.get(row.member_id) ?? `#${row.member_id}`,
    original: row.original,
    shown: row.shown,
    filtered: row.filtered,
    removed: row.removed_at !== null,
    at: row.created_at.toISOString(),
  });
  const muteView = (row: chat.MuteRow, names: Map<bigint, string>): z.infer<typeof LiveAdminMuteSchema> => ({
    account: names.get(row.member_id) ?? `#${row.member_id}`,
    until: row.until.toISOString(),
    reason: row.reason,
    by: row.operator ?? `#${row.operator_id}`,
    at: row.created_at.toISOString(),
  });

  return async (app) => {
    app.get(
      '/backoffice/live/chat',
      { schema: schema('Chat messages newest first, by table and account: as typed and as shown, filtered or removed', { querystring: LiveAdminChatQuerySchema, response: { 200: LiveAdminChatSchema, ...ERRORS } }), ...read },
      async (request) => {
        const { table, account, page } = request.query;
        let memberId: bigint | undefined;
        if (account) {
          memberId = await deps.memberIdOf(account);
          if (memberId === undefined) return { messages: [], total: 0, page };
        }
        const rows = await chat.listMessages(db, { ...(table ? { tableCode: table } : {}), ...(memberId === undefined ? {} : { memberId }), limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
        const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
        return { messages: rows.map((row) => messageView(row, names)), total: rows[0]?.total ?? 0, page };
      },
    );

    app.post(
      '/backoffice/live/chat/:id/remove',
      { schema: schema("Remove a chat message: the table's chat drops it for everyone", { params: LiveAdminIdParamsSchema, body: LiveAdminRemoveMessageSchema, response: { 200: LiveAdminChatMessageSchema, ...ERRORS } }), ...moderate },
      async (request) => {
        const actor = actorOf(request);
        const { requestId, reason } = request.body;
        const id = BigInt(request.params.id);
        const { outcome, replayed } = await oncePerRequest(db, { requestId, operatorId: actor.id, action: `live.chat.removed ${id}` }, async (tx) => {
          const row = await chat.lockMessage(tx, id);
          if (!row) throw new AppError('live_console.message_not_found', 'no such message', { id: id.toString() });
          const changed = row.removed_at === null;
          if (changed) {
            await chat.markRemoved(tx, id, actor.id);
            await deps.audit(tx as Db, { operatorId: actor.id, action: 'live.chat.removed', targetType: 'live_chat_message', targetId: id.toString(), details: { requestId, reason, tableCode: row.table_code, memberId: row.member_id.toString(), before: { removed: false, text: row.original }, after: { removed: true } }, ip: actor.ip });
          }
          return { changed, message: messageView({ ...row, removed_at: row.removed_at ?? new Date() }, await deps.accountNamesOf([row.member_id])) };
        });
        if (outcome.changed && !replayed) await deps.publish(outcome.message.tableCode, { type: 'live.chat_removed', messageId: id.toString() });
        return outcome.message;
      },
    );

    app.get('/backoffice/live/mutes', { schema: schema('Chat mutes in force, latest ending first', { response: { 200: LiveAdminMutesSchema, ...ERRORS } }), ...moderate }, async () => {
      const rows = await chat.activeMutes(db);
      const names = await deps.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      return { mutes: rows.map((row) => muteView(row, names)) };
    });

    app.post(
      '/backoffice/live/mutes',
      { schema: schema("Mute an account in every table's chat for some minutes (0 lifts the mute)", { body: LiveAdminMuteRequestSchema, response: { 200: MuteAnswerSchema, ...ERRORS } }), ...moderate },
      async (request) => {
        const actor = actorOf(request);
        const { requestId, reason, account, minutes } = request.body;
        const memberId = await deps.memberIdOf(account);
        if (memberId === undefined) throw new AppError('live_console.account_unknown', 'no member with this account', { account });
        const { outcome } = await oncePerRequest(db, { requestId, operatorId: actor.id, action: `live.chat.mute ${memberId}` }, async (tx) => {
          const before = await chat.findMute(tx, memberId);
          const wasActive = before !== undefined && before.until.getTime() > Date.now();
          if (minutes === 0) {
            if (before) await chat.liftMute(tx, memberId);
          } else {
            await chat.saveMute(tx, { memberId, minutes, reason, operatorId: actor.id });
          }
          if (minutes > 0 || wasActive) {
            await deps.audit(tx as Db, { operatorId: actor.id, action: minutes === 0 ? 'live.chat.unmuted' : 'live.chat.muted', targetType: 'member', targetId: memberId.toString(), details: { requestId, reason, minutes, before: { mutedUntil: wasActive ? before.until.toISOString() : null } }, ip: actor.ip });
          }
          const mute = await chat.findMute(tx, memberId);
          const names = await deps.accountNamesOf([memberId]);
          // `by` names the operator for the mutes list (chat.repository reads it from this outcome).
          return { by: actor.username, answer: { account: names.get(memberId) ?? account, mute: mute ? muteView({ ...mute, operator: actor.username }, names) : null } };
        });
        return outcome.answer;
      },
    );
  };
}
