import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentNoticeListSchema,
  ConsolidatedFlagsSchema,
  ContractDecisionSchema,
  ContractKindSchema,
  ContractOfferSchema,
  ContractOverviewSchema,
  ContractSchema,
  ErrorResponseSchema,
  PendingContractsSchema,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import { currentMember, isAgentType } from '../../accounts/index.ts';
import type { ContractsService } from './contracts.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const tags = ['agent: contracts'];
const ContractIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const ContractResponseSchema = z.object({ contract: ContractSchema });
const NoticeQuery = z.object({ kind: ContractKindSchema.optional() });

/** The agent centre's contracts (spec §3, §4), under /api/agent/contracts. */
export function contractsRoutes(deps: {
  contracts: ContractsService;
  requireMember: preHandlerAsyncHookHandler;
  requireRealMember: preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  // Agents only; the service checks again, this answers before any work is done.
  const agentOnly = async (request: FastifyRequest) => {
    if (!isAgentType(currentMember(request).type)) throw new AppError('auth.agent_only', 'only agents have contracts');
  };
  const requireAgent = [deps.requireRealMember, agentOnly];

  return async (app) => {
    app.get(
      '/agent/contracts/flags',
      { schema: { tags, summary: 'Which contract kinds the site runs (spec §3 consolidated flags)', security: bearer, response: { 200: ConsolidatedFlagsSchema, ...errors } }, preHandler: deps.requireMember },
      async () => deps.contracts.flags(),
    );

    app.get(
      '/agent/contracts',
      {
        schema: { tags, summary: 'The agent’s contract of one kind, offers to it, its direct downline agents’ contracts and history', security: bearer, querystring: z.object({ kind: ContractKindSchema }), response: { 200: ContractOverviewSchema, ...errors } },
        preHandler: requireAgent,
      },
      async (request) => deps.contracts.overview(currentMember(request), request.query.kind),
    );

    app.get(
      '/agent/contracts/pending',
      { schema: { tags, summary: 'Offers waiting for the member’s answer', security: bearer, response: { 200: PendingContractsSchema, ...errors } }, preHandler: deps.requireRealMember },
      async (request) => deps.contracts.pending(currentMember(request)),
    );

    app.get(
      '/agent/contracts/notices',
      {
        schema: { tags, summary: 'Notices about the agent’s contracts changed without its doing, newest first', security: bearer, querystring: NoticeQuery, response: { 200: AgentNoticeListSchema, ...errors } },
        preHandler: requireAgent,
      },
      async (request) => deps.contracts.notices(currentMember(request), request.query.kind),
    );

    app.post(
      '/agent/contracts/notices/read',
      {
        schema: { tags, summary: 'Mark the agent’s notices (of one kind) read', security: bearer, body: NoticeQuery, response: { 200: z.object({ marked: z.number().int() }), ...errors } },
        preHandler: requireAgent,
      },
      async (request) => ({ marked: await deps.contracts.markNoticesRead(currentMember(request), request.body.kind) }),
    );

    app.post(
      '/agent/contracts/offers',
      {
        schema: {
          tags,
          summary: 'Offer a direct downline agent a contract',
          description: 'Idempotent per requestId: a replay answers the same contract. Replacing a contract in force needs a higher rate and confirmReplace.',
          security: bearer,
          body: ContractOfferSchema,
          response: { 201: ContractResponseSchema, ...errors },
        },
        preHandler: requireAgent,
      },
      async (request, reply) => {
        reply.code(201);
        return { contract: await deps.contracts.offer(currentMember(request), request.body) };
      },
    );

    app.post(
      '/agent/contracts/:id/decision',
      {
        schema: { tags, summary: 'Accept, reject, withdraw or terminate a contract', security: bearer, params: ContractIdParams, body: ContractDecisionSchema, response: { 200: ContractResponseSchema, ...errors } },
        preHandler: deps.requireRealMember,
      },
      async (request) => ({ contract: await deps.contracts.decide(currentMember(request), BigInt(request.params.id), request.body.decision) }),
    );
  };
}
