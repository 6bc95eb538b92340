import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { AuditEntry, OperatorPreHandler } from '../backoffice/index.ts';
import { createChatService } from './chat.service.ts';
import { createDeskService } from './desk.service.ts';
import { deskExtrasAdminRoutes } from './desk-extras.admin-routes.ts';
import { visitorOf } from './presence.repository.ts';
import { supportAdminRoutes, type MemberContextPorts } from './support.admin-routes.ts';
import { createSupportEvents } from './support.events.ts';
import { supportRoutes, type PartyAuth } from './support.routes.ts';
import { exportMember } from './member-export.ts';

export type { MemberContextPorts } from './support.admin-routes.ts';

export interface SupportChatDeps {
  db: Db;
  bus: EventBus;
  ports: PartyAuth & {
    accountNamesOf: (ids: readonly bigint[]) => Promise<Map<bigint, string>>;
    audit: (executor: DbExecutor, entry: AuditEntry) => Promise<void>;
    timeZone: () => Promise<string>;
    context: MemberContextPorts;
  };
}

/**
 * Customer-service chat (issue 26, docs/support-chat.md): members and visitors behind the captcha
 * talk to operators in real time over /ws; history, images and receipts are kept in PostgreSQL.
 */
export function createSupportChatModule(deps: SupportChatDeps) {
  const events = createSupportEvents(deps.bus);
  const chat = createChatService({ db: deps.db, events });
  const desk = createDeskService({ db: deps.db, events, audit: deps.ports.audit, accountNamesOf: deps.ports.accountNamesOf });
  return {
    api: {
      /** A member's conversations (compliance: LGPD export). */
      exportMember: (memberId: bigint) => exportMember(deps.db, memberId),
      /** A visitor's chat token → their id, for binding a /ws connection (`visitor.auth`). */
      visitorOf: async (token: string) => (await visitorOf(deps.db, token))?.toString(),
      chat,
      desk,
    },
    /** Register under prefix /api. */
    routes: (() => supportRoutes({ db: deps.db, chat, auth: deps.ports })) satisfies () => FastifyPluginAsyncZod,
    adminRoutes(requireOperator: (permission: 'support.chat') => OperatorPreHandler): FastifyPluginAsyncZod {
      return async (app) => {
        await app.register(supportAdminRoutes({ desk, requireOperator, context: deps.ports.context, accountNamesOf: deps.ports.accountNamesOf, db: deps.db }));
        await app.register(deskExtrasAdminRoutes({ db: deps.db, requireOperator, audit: deps.ports.audit, timeZone: deps.ports.timeZone }));
      };
    },
  };
}

export type SupportChatModule = ReturnType<typeof createSupportChatModule>;
