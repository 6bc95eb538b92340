import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OperatorPermission, ReferralRulesInput } from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createPayout } from './referral.payout.ts';
import type { ReferralActor, ReferralPorts } from './referral.ports.ts';
import { referralAdminRoutes, referralRoutes } from './referral.routes.ts';
import { createReferralService } from './referral.service.ts';
import { exportMember } from './member-export.ts';

export type { ReferralPorts } from './referral.ports.ts';

/**
 * The member referral programme (issue 26, docs/referral.md): each member's code, link and QR code;
 * referees recorded at registration; the operator's versioned rules; a qualification job that pays
 * the referrer once per qualified referee (cash or bonus money) within a cap, or flags the referral
 * for review when the referee shares the referrer's CPF, device or address.
 */
export function createReferralModule(deps: { db: Db; logger: Logger; ports: ReferralPorts; publicUrl: string; now?: () => Date; qualifyCron?: string }) {
  const logger = deps.logger.child({ module: 'referral' });
  const now = deps.now ?? (() => new Date());
  const payout = createPayout({ db: deps.db, ports: deps.ports, now });
  const service = createReferralService({ db: deps.db, ports: deps.ports, payout, logger, publicUrl: deps.publicUrl, now });

  return {
    api: {
      /** A member's code, referrer, referees and rewards (compliance: LGPD export). */
      exportMember: (memberId: bigint) => exportMember(deps.db, memberId),
      /** Registration's hook (compose.ts), in the registration's transaction. */
      memberRegistered: (tx: DbExecutor, member: { memberId: bigint; registeredAt: Date; referralCode: string | null; ip: string; userAgent: string | null }) => service.memberRegistered(tx, member),
      /** The member's code, made on first ask. */
      codeOf: (memberId: bigint) => service.codeOf(memberId),
      enabled: () => service.enabled(),
      overview: (memberId: bigint) => service.overview(memberId),
      /** A new version of the rules from an operator's command line (audited with no operator id). */
      saveRules: (input: ReferralRulesInput, actor: ReferralActor) => service.saveRules(input, actor),
      /** One qualification pass (the job's; the ops CLI and tests call it too). */
      qualifyPass: () => service.qualifyPass(),
    },
    routes(auth: { requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return referralRoutes({ service, requireRealMember: auth.requireRealMember });
    },
    adminRoutes(backoffice: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return referralAdminRoutes({ db: deps.db, service, payout, ports: deps.ports, requireOperator: backoffice.requireOperator });
    },
    jobs: [
      {
        // Every minute: a referee who just passed both thresholds pays their referrer within a minute or two.
        name: 'referral.qualify',
        cron: deps.qualifyCron ?? '* * * * *',
        async handle() {
          const result = await service.qualifyPass();
          if (result.paid + result.flagged + result.capped + result.expired > 0) logger.info(result, 'referral qualification pass');
        },
      },
    ] satisfies JobDefinition[],
  };
}

export type ReferralModule = ReturnType<typeof createReferralModule>;
