import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorPermission } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { KycPorts } from './kyc.ports.ts';
import { kycAdminRoutes, kycRoutes } from './kyc.routes.ts';
import { createKycService } from './kyc.service.ts';
import { createSandboxVerificationProvider, type VerificationProvider } from './verification-provider.ts';
import { exportMember } from './member-export.ts';

export type { KycPorts } from './kyc.ports.ts';
export type { VerificationProvider } from './verification-provider.ts';

/**
 * Identity verification (issue 27, docs/kyc.md): the member's document and selfie, a verification
 * provider's check (the sandbox: always "needs review"), the operator's decision in the console,
 * and the rule the payments module asks before a withdrawal (first one, or above the threshold).
 */
export function createKycModule(deps: { db: Db; logger: Logger; ports: KycPorts; provider?: VerificationProvider }) {
  const logger = deps.logger.child({ module: 'kyc' });
  const service = createKycService({ db: deps.db, logger, ports: deps.ports, provider: deps.provider ?? createSandboxVerificationProvider() });
  return {
    api: {
      /** The payments module's withdrawal gate (compose.ts): throws kyc.verification_required. */
      assertWithdrawalAllowed: service.assertWithdrawalAllowed,
      stateOf: service.stateOf,
      /** The LGPD export's KYC section (compliance): verifications and files' metadata, never the bytes. */
      exportMember: (memberId: bigint) => exportMember(deps.db, memberId),
      decide: service.decide,
    },
    routes(auth: { requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return kycRoutes({ service, requireRealMember: auth.requireRealMember });
    },
    adminRoutes(backoffice: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return kycAdminRoutes({ db: deps.db, service, ports: deps.ports, requireOperator: backoffice.requireOperator });
    },
  };
}

export type KycModule = ReturnType<typeof createKycModule>;
