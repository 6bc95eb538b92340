import type { preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorPermission } from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { AppEvent, EventBus } from '../../platform/events.ts';
import type { WebSocketHub } from '../../platform/http/websocket.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { unreadOfRecipients } from './broadcast.repository.ts';
import { BROADCAST_EVENT, createBroadcastService } from './broadcast.service.ts';
import type { MessagesPorts } from './messages.ports.ts';
import { messagesAdminRoutes, messagesRoutes } from './messages.routes.ts';
import { createMessagesService, UNREAD_EVENT } from './messages.service.ts';
import { exportMember } from './member-export.ts';

export type { MessagesPorts } from './messages.ports.ts';
export type { SendSystem, SendToMember } from './messages.service.ts';
export { BROADCAST_EVENT, UNREAD_EVENT };

/**
 * Platform messages (issue 26, docs/messages.md): members' inboxes, operator broadcasts and
 * system messages. Other modules send through `api` inside their own transaction.
 */
export function createMessagesModule(deps: { db: Db; bus: EventBus; logger: Logger; ports: MessagesPorts }) {
  const logger = deps.logger.child({ module: 'messages' });
  const messages = createMessagesService({ db: deps.db, bus: deps.bus });
  const broadcasts = createBroadcastService({ db: deps.db, bus: deps.bus, logger, ports: deps.ports });
  let hub: Pick<WebSocketHub, 'connectedMemberIds' | 'sendToMember'> | undefined;

  // A delivered broadcast: this process pushes the new count to its own connected recipients.
  async function pushBroadcast(broadcastId: bigint) {
    const online = hub?.connectedMemberIds() ?? [];
    if (!hub || online.length === 0) return;
    for (const row of await unreadOfRecipients(deps.db, broadcastId, online)) hub.sendToMember(row.member_id, { type: UNREAD_EVENT, unread: Number(row.unread) });
  }

  // Withdrawals paid or refused (payments publishes the change on commit; every process hears it,
  // the source key keeps one message per withdrawal and outcome).
  async function withdrawalChanged(event: AppEvent) {
    if (event.audience.kind !== 'member') return;
    const status = event.data?.status;
    const id = String(event.data?.id ?? '');
    if (status !== 'paid' && status !== 'rejected' && status !== 'failed') return;
    const template = status === 'paid' ? 'withdrawal_paid' : 'withdrawal_refused';
    await messages.sendSystem(deps.db, { memberId: BigInt(event.audience.memberId), template, params: { id }, sourceKey: `withdrawal-${id}-${template}` });
  }

  const stopListening = deps.bus.subscribe((event) => {
    const work =
      event.type === BROADCAST_EVENT ? pushBroadcast(BigInt(String(event.data?.broadcastId))) : event.type === 'payments.withdrawal_changed' ? withdrawalChanged(event) : undefined;
    work?.catch((error: unknown) => logger.error({ err: error, type: event.type }, 'messages event failed'));
  });

  return {
    api: {
      /** A member's inbox (compliance: LGPD export). */
      exportMember: (memberId: bigint) => exportMember(deps.db, memberId),
      /** A message to one member in the caller's transaction (sanitised); idempotent per (member, sourceKey). */
      sendToMember: messages.sendToMember,
      /** A system message (template + params, rendered in the member's language by the client); idempotent per sourceKey. */
      sendSystem: messages.sendSystem,
      unreadOf: messages.unreadOf,
      /** Hooks for the business transactions of other modules (compose.ts). */
      depositCredited: (tx: Parameters<typeof messages.sendSystem>[0], deposit: { depositId: bigint; memberId: bigint; amount: bigint }) =>
        messages.sendSystem(tx, { memberId: deposit.memberId, template: 'deposit_credited', params: { amount: formatCents(deposit.amount) }, sourceKey: `deposit-${deposit.depositId}` }),
      bonusGranted: (tx: Parameters<typeof messages.sendSystem>[0], grant: { grantId: bigint; memberId: bigint; amount: bigint }) =>
        messages.sendSystem(tx, { memberId: grant.memberId, template: 'bonus_granted', params: { amount: formatCents(grant.amount) }, sourceKey: `bonus-${grant.grantId}` }),
      broadcasts,
    },
    /** The API process's /ws hub: broadcasts are pushed to its connected members. */
    attachHub(next: Pick<WebSocketHub, 'connectedMemberIds' | 'sendToMember'>) {
      hub = next;
    },
    routes: (auth: { requireMember: preHandlerAsyncHookHandler }) => messagesRoutes({ messages, requireMember: auth.requireMember }),
    adminRoutes: (backoffice: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }) => messagesAdminRoutes({ broadcasts, requireOperator: backoffice.requireOperator }),
    jobs: [
      {
        name: 'messages.send-scheduled',
        cron: '* * * * *',
        async handle() {
          const sent = await broadcasts.sendDue();
          if (sent > 0) logger.info({ sent }, 'scheduled broadcasts sent');
        },
      },
    ] satisfies JobDefinition[],
    close() {
      stopListening();
    },
  };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
