import { systemClock, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyAuditChain } from './audit-chain.ts';
import { auditRoutes } from './audit.routes.ts';
import { audit } from './audit.ts';
import { createOperatorAuth } from './backoffice.auth.ts';
import * as repository from './backoffice.repository.ts';
import { backofficeRoutes } from './backoffice.routes.ts';
import type { OperatorRole } from './operator-role.ts';
import { createOperatorSessionService } from './operator-session.service.ts';

export { OPERATOR_ROLES, type OperatorPermission, type OperatorRole } from './operator-role.ts';
export { currentOperator, type OperatorPreHandler } from './backoffice.auth.ts';
export type { AuditEntry } from './audit.ts';
export type { AuthenticatedOperator } from './operator-session.service.ts';

/**
 * Back-office module: operator accounts, operator sessions (login, bearer auth hook, logout) and
 * the append-only audit log. The console itself is its own issue.
 */
export function createBackofficeModule(deps: { db: Db; clock?: Clock }) {
  const sessions = createOperatorSessionService({ db: deps.db, clock: deps.clock ?? systemClock });
  const auth = createOperatorAuth(sessions);
  return {
    api: {
      /** Creates the operator unless the username exists (idempotent); answers whether it created one. */
      async ensureOperator(input: { username: string; displayName: string; role: OperatorRole; password: string }) {
        const username = input.username.toLowerCase();
        if (await repository.findOperatorByUsername(deps.db, username)) return false;
        return repository.insertOperatorIfAbsent(deps.db, {
          username,
          displayName: input.displayName,
          role: input.role,
          passwordHash: await hashPassword(input.password),
        });
      },
      /**
       * preHandler for operator routes: `Authorization: Bearer <token>` must be a live operator
       * session (401 backoffice.session_required), and the operator's role must hold `permission`
       * in the matrix of @app/contracts ROLE_PERMISSIONS (403 backoffice.forbidden; none = any
       * operator). Sets
       * request.operator = { id, username, role } and refreshes the session's last_seen_at.
       */
      requireOperator: auth.requireOperator,
      /**
       * Appends an audit row through `executor`: pass the business transaction so the row
       * commits or rolls back with the change. Use operatorId null for system actions.
       */
      audit,
      /** Recomputes the audit hash chain and reports the first row that does not verify (npm run audit:verify). */
      verifyAuditChain: () => verifyAuditChain(deps.db),
    },
    /** Declares request.operator; call once on the root app before any route uses requireOperator. */
    installAuth: auth.install,
    /** Register under prefix /api. */
    routes: (async (app) => {
      await app.register(backofficeRoutes({ sessions, auth }));
      await app.register(auditRoutes({ db: deps.db, auth }));
    }) satisfies FastifyPluginAsyncZod,
  };
}

export type BackofficeModule = ReturnType<typeof createBackofficeModule>;
