import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, systemClock, type Clock } from '@app/kernel';
import { ROLE_PERMISSIONS } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { createApprovalRegistry } from './approval-kinds.ts';
import { approvalRoutes } from './approval.routes.ts';
import { createApprovals } from './approval.service.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { auditRoutes } from './audit.routes.ts';
import { audit } from './audit.ts';
import { createOperatorAuth } from './backoffice.auth.ts';
import * as repository from './backoffice.repository.ts';
import { backofficeRoutes } from './backoffice.routes.ts';
import { createIpAllowList } from './ip-allow-list.ts';
import { createLoginGuard, type CaptchaVerifier } from './login-guard.ts';
import type { OperatorRole } from './operator-role.ts';
import { createOperatorWithTemporaryPassword } from './operator-creation.ts';
import { createCredentialResetService } from './operator-credential-reset.service.ts';
import { operatorLifecycleRoutes } from './operator-lifecycle.routes.ts';
import { createOperatorLifecycleService } from './operator-lifecycle.service.ts';
import { operatorsRoutes } from './operators.routes.ts';
import { createOperatorSessionService } from './operator-session.service.ts';
import { deriveTwoFactorKeys } from './two-factor-crypto.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { createTwoFactorService } from './two-factor.service.ts';

export { OPERATOR_ROLES, type OperatorPermission, type OperatorRole } from './operator-role.ts';
export { currentOperator, type OperatorPreHandler } from './backoffice.auth.ts';
export type { AuditEntry } from './audit.ts';
export type { ApprovalActor, ApprovalKindHandler, ApprovalOutcome } from './approval-kinds.ts';
export { approvalActorOf } from './approval.routes.ts';
export type { AuthenticatedOperator } from './operator-session.service.ts';

export interface BackofficeDeps {
  db: Db;
  clock?: Clock;
  /** 32 bytes from which the TOTP seed and recovery-code keys derive (config or a stored system secret). */
  twoFactorMasterKey: () => Promise<Buffer>;
  /** The issuer authenticator apps show (the site's name). */
  siteName: () => Promise<string>;
  /** IPs and CIDR blocks operators may come from; empty = anywhere (setting backoffice.ipAllowList). */
  ipAllowList: () => Promise<readonly string[]>;
  /** The accounts module's captcha (GET /api/captcha), asked of addresses after repeated login failures. */
  captcha: CaptchaVerifier;
}

/**
 * Back-office module: operator accounts, operator sessions with required TOTP two-factor
 * authentication (login, enrolment, bearer auth hook, logout), the permission check, the IP
 * allow-list, and the hash-chained append-only audit log. The console itself is its own issue.
 */
export function createBackofficeModule(deps: BackofficeDeps) {
  const clock = deps.clock ?? systemClock;
  let keys: ReturnType<typeof deriveTwoFactorKeys> | undefined;
  const twoFactor = createTwoFactorService({
    db: deps.db,
    clock,
    keys: async () => (keys ??= deriveTwoFactorKeys(await deps.twoFactorMasterKey())),
    issuer: deps.siteName,
  });
  const ipAllowList = createIpAllowList(deps.ipAllowList);
  const guard = createLoginGuard({ db: deps.db, clock, captcha: deps.captcha });
  const sessions = createOperatorSessionService({ db: deps.db, clock, twoFactor, ipAllowList, guard });
  const auth = createOperatorAuth(sessions, ipAllowList, deps.db);
  const approvalKinds = createApprovalRegistry();
  const approvals = createApprovals({ db: deps.db, registry: approvalKinds });
  const lifecycle = createOperatorLifecycleService({ db: deps.db, clock });
  const resets = createCredentialResetService({ db: deps.db, clock, ipAllowList });
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
      /** An operator's id and username by username (case-insensitive), for actions done in its name (demo seed). */
      async findOperator(username: string): Promise<{ id: bigint; username: string } | undefined> {
        const operator = await repository.findOperatorByUsername(deps.db, username.trim().toLowerCase());
        return operator ? { id: operator.id, username: operator.username } : undefined;
      },
      /**
       * preHandler for operator routes: the request must come from the IP allow-list (403
       * backoffice.ip_not_allowed), `Authorization: Bearer <token>` must be a live operator
       * session (401 backoffice.session_required), and the operator's role must hold `permission`
       * in the matrix of @app/contracts ROLE_PERMISSIONS (403 backoffice.forbidden; none = any
       * operator). Sets request.operator = { id, username, role } and refreshes the session's last_seen_at.
       */
      requireOperator: auth.requireOperator,
      /**
       * A /ws connection's `operator.auth`: the operator behind a console session token and their
       * role's permissions (undefined when the session is not live or must change its password).
       */
      async authenticateSocket(token: string): Promise<{ id: string; permissions: readonly string[] } | undefined> {
        const operator = await sessions.authenticate(token);
        if (!operator || operator.mustChangePassword) return undefined;
        return { id: operator.id.toString(), permissions: ROLE_PERMISSIONS[operator.role] };
      },
      /**
       * Maker-checker for sensitive actions other modules own (approval-kinds.ts): a module
       * registers its kinds (check at proposal, apply at approval) and proposes through
       * `approvals.propose`; the back office stores, lists and decides them (/api/backoffice/approvals).
       */
      approvals: { register: approvalKinds.register, propose: approvals.propose },
      /**
       * Appends an audit row through `executor`: pass the business transaction so the row
       * commits or rolls back with the change. Use operatorId null for system actions.
       */
      audit,
      /** Recomputes the audit hash chain and reports the first row that does not verify (npm run audit:verify). */
      verifyAuditChain: () => verifyAuditChain(deps.db),
      /**
       * The first owner of an install where the demo seed does not run (npm run backoffice --
       * create-owner USERNAME): a temporary password shown once, two-factor enrolment and a new
       * password at the first login; audited as a system action. 409 backoffice.username_taken.
       */
      createOwnerFromCommandLine(input: { username: string; displayName: string }) {
        return createOperatorWithTemporaryPassword(deps.db, { ...input, role: 'owner' }, { actorId: null, ip: null, via: 'command line' });
      },
      /**
       * Break-glass for the command line, when no owner can log in: removes the operator's
       * two-factor key and recovery codes and ends their sessions (audited as a system action).
       */
      async resetTwoFactorByUsername(username: string): Promise<void> {
        const operator = await repository.findOperatorByUsername(deps.db, username.trim().toLowerCase());
        if (!operator) throw new AppError('backoffice.operator_not_found', `no operator ${username}`);
        await twoFactor.reset(null, operator.id);
      },
    },
    /** Declares request.operator; call once on the root app before any route uses requireOperator. */
    installAuth: auth.install,
    /** Register under prefix /api. */
    routes: (async (app) => {
      await app.register(backofficeRoutes({ sessions, auth }));
      await app.register(twoFactorRoutes({ sessions, twoFactor }));
      await app.register(operatorsRoutes({ db: deps.db, twoFactor, auth }));
      await app.register(operatorLifecycleRoutes({ lifecycle, resets, auth }));
      await app.register(auditRoutes({ db: deps.db, auth, clock }));
      await app.register(approvalRoutes({ approvals, auth }));
    }) satisfies FastifyPluginAsyncZod,
  };
}

export type BackofficeModule = ReturnType<typeof createBackofficeModule>;
