import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AgentTreePageSchema, AgentTreeQuerySchema, ErrorResponseSchema } from '@app/contracts';
import type { Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { OperatorPermission, OperatorPreHandler } from '../backoffice/index.ts';
import { treePage } from './tree.admin-repository.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/** /api/backoffice/agents/tree: the tree browser, one node's direct downlines at a time (agents.read). */
export function treeAdminRoutes(deps: { db: Db; clock: Clock; timeZone: () => Promise<string>; requireOperator: (permission?: OperatorPermission) => OperatorPreHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backoffice/agents/tree',
      {
        preHandler: deps.requireOperator('agents.read'),
        schema: {
          tags: ['back-office: agents'],
          summary: 'The direct downlines of root (or the top agents), a page at a time, with counts, contracts and team play',
          description: 'Downlines are listed agents first, then by account. root is an exact account name; unknown: 404 agents.member_not_found.',
          security: [{ operator: [] }],
          querystring: AgentTreeQuerySchema,
          response: { 200: AgentTreePageSchema, ...errors },
        },
      },
      async (request) => treePage(deps.db, request.query, await deps.timeZone(), deps.clock.now()),
    );
  };
}
