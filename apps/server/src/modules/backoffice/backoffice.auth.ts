import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { authenticationHook } from '../../platform/http/auth-first.ts';
import type { HttpApp } from '../../platform/http/http-app.ts';
import { audit } from './audit.ts';
import type { IpAllowList } from './ip-allow-list.ts';
import { hasPermission, type OperatorPermission } from './operator-role.ts';
import { bearerToken } from './operator-session-token.ts';
import type { AuthenticatedOperator, OperatorSessionService } from './operator-session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the back-office module's requireOperator; null on routes that do not require an operator. */
    operator: AuthenticatedOperator | null;
  }
}

/** A Fastify preHandler, as other modules' routes take it. */
export type OperatorPreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The single place where an operator bearer token becomes an operator. */
export function createOperatorAuth(sessions: OperatorSessionService, ipAllowList: IpAllowList, db: Db) {
  /** A signed-in operator refused an action: audited (a reviewer sees who tried what), then 403. */
  async function refuse(request: FastifyRequest, operator: AuthenticatedOperator, permission: OperatorPermission, code: ErrorCode, message: string): Promise<never> {
    await audit(db, {
      operatorId: operator.id,
      action: 'backoffice.access.refused',
      targetType: 'route',
      // The route's pattern, not the URL: ids and query strings stay out of the log's target.
      targetId: `${request.method} ${request.routeOptions.url ?? 'unknown'}`.slice(0, 200),
      details: { permission, reason: code },
      ip: request.ip,
    });
    throw new AppError(code, message);
  }

  function requireOperator(permission?: OperatorPermission): OperatorPreHandler {
    return authenticationHook(async (request: FastifyRequest) => {
      // The allow-list first: from elsewhere even a valid token is refused, without touching the session.
      await ipAllowList.assertAllowed(request.ip);
      const token = bearerToken(request.headers.authorization);
      const operator = token ? await sessions.authenticate(token) : undefined;
      // One answer for missing, malformed, unknown, revoked, idle and expired: no oracle for guessing.
      if (!operator) throw new AppError('backoffice.session_required', 'operator session required, please log in');
      // A temporary password opens only the session and password-change routes (no permission).
      if (permission !== undefined && operator.mustChangePassword) await refuse(request, operator, permission, 'backoffice.password_change_required', 'change your password first');
      if (permission !== undefined && !hasPermission(operator.role, permission)) await refuse(request, operator, permission, 'backoffice.forbidden', 'your role may not do this');
      request.operator = operator;
      request.log = request.log.child({ operatorId: String(operator.id) });
    });
  }

  return {
    /** Declares request.operator on the root instance, so every module's routes share its shape. */
    install(app: HttpApp) {
      app.decorateRequest('operator', null);
    },
    requireOperator,
  };
}

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;

/** For handlers behind requireOperator. */
export function currentOperator(request: FastifyRequest): AuthenticatedOperator {
  if (!request.operator) throw new AppError('backoffice.session_required', 'operator session required, please log in');
  return request.operator;
}
