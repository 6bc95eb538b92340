import type { preHandlerAsyncHookHandler } from 'fastify';
import type { OperatorPermission } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { FeedbackPorts } from './feedback.ports.ts';
import { feedbackAdminRoutes, feedbackRoutes } from './feedback.routes.ts';
import { createFeedbackService } from './feedback.service.ts';
import { exportMember } from './member-export.ts';

export type { FeedbackPorts } from './feedback.ports.ts';

/** Feedback and complaints (issue 26, docs/messages.md): members' tickets and the operators' queue. */
export function createFeedbackModule(deps: { db: Db; logger: Logger; ports: FeedbackPorts }) {
  const feedback = createFeedbackService({ db: deps.db, ports: deps.ports });
  return {
    api: { submit: feedback.submit, exportMember: (memberId: bigint) => exportMember(deps.db, memberId) },
    routes: (auth: { requireMember: preHandlerAsyncHookHandler }) => feedbackRoutes({ feedback, requireMember: auth.requireMember }),
    adminRoutes: (backoffice: { requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }) => feedbackAdminRoutes({ feedback, requireOperator: backoffice.requireOperator }),
  };
}

export type FeedbackModule = ReturnType<typeof createFeedbackModule>;
