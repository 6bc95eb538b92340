import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContractKindSchema, ContractOfferSchema, ContractSchema, ContractStatusSchema, ErrorResponseSchema } from '@app/contracts';
import { currentOperator, type OperatorPermission, type OperatorPreHandler } from '../../backoffice/index.ts';
import type { ContractsService } from './contracts.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const security = [{ operator: [] }];
const tags = ['back-office: agents'];
const AccountSchema = z.string().trim().min(1).max(64);
/** The console sends one per form submission, so a double click grants once. */
const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);
const GrantSchema = z.object({ downline: AccountSchema, kind: ContractKindSchema, tiers: ContractOfferSchema.shape.tiers });

/** /api/backoffice/agents/contracts: grant top agents' contracts (agents.contracts.grant) and look contracts up (agents.read). */
export function contractsAdminRoutes(deps: { contracts: ContractsService; requireOperator: (permission?: OperatorPermission) => OperatorPreHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const granter = { preHandler: deps.requireOperator('agents.contracts.grant') };
    const reader = { preHandler: deps.requireOperator('agents.read') };

    app.post(
      '/backoffice/agents/contracts',
      {
        ...granter,
        schema: {
          tags,
          summary: 'Give an agent a contract, in force at once (top agents)',
          security,
          headers: z.object({ 'idempotency-key': IdempotencyKeySchema.optional() }),
          body: GrantSchema,
          response: { 201: z.object({ contract: ContractSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const operator = currentOperator(request);
        const contract = await deps.contracts.grant({ id: operator.id, username: operator.username, ip: request.ip }, request.body, request.headers['idempotency-key']);
        reply.code(201);
        return { contract };
      },
    );

    app.get(
      '/backoffice/agents/contracts',
      {
        ...reader,
        schema: {
          tags,
          summary: 'Contracts where the account is either party, newest first (at most 200)',
          security,
          querystring: z.object({ account: AccountSchema.optional(), kind: ContractKindSchema.optional(), status: ContractStatusSchema.optional() }),
          response: { 200: z.object({ contracts: z.array(ContractSchema) }), ...errors },
        },
      },
      async (request) => ({ contracts: await deps.contracts.list(request.query) }),
    );
  };
}
