import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATALOGUE_IMPORT_MAX_BYTES,
  CatalogueImportReportSchema,
  ErrorResponseSchema,
  GameIdParamsSchema,
  GamePatchSchema,
  hasPermission,
  OperatorGamePageSchema,
  OperatorGameQuerySchema,
  OperatorGameSchema,
  OperatorVendorListSchema,
  OperatorVendorSchema,
  VendorCodeParamsSchema,
  VendorIpAllowListSchema,
  ApprovalRequestSchema,
  VendorPatchSchema,
  VendorSecretProposalSchema,
  VendorWalletModeProposalSchema,
  type OperatorPermission,
  type OperatorRole,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import type { ApprovalsAccess } from '../../platform/approval-kinds.ts';
import type { CatalogueAdminService, CatalogueActor } from './catalogue.admin-service.ts';
import { VENDOR_SECRET_KIND, WALLET_MODE_KIND } from './catalogue.approvals.ts';
import type { createCatalogueImport } from './catalogue.admin-import.ts';

/** What the back-office module lends: operator sessions by permission (and its audit, used by the service). */
export interface CatalogueOperatorAccess {
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  /** Maker-checker: a vendor's wallet mode and secret change only once a second operator approves. */
  approvals: ApprovalsAccess;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema };
const bearer = [{ operator: [] }];
/** Spreadsheets name CSV files several ways; the console sends text/csv. */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

type OperatorRequest = FastifyRequest & { operator?: { id: bigint; username: string; role: OperatorRole } | null };

/**
 * /api/backoffice/catalogue: reading needs catalogue.read; vendors' and games' switches, order,
 * names and the file import catalogue.manage; a vendor's IP allow-list catalogue.integration; a
 * vendor's wallet mode and provider secret are proposed (catalogue.integration) and change when
 * another operator approves them (/api/backoffice/approvals).
 */
export function catalogueAdminRoutes(deps: { service: CatalogueAdminService; importFile: ReturnType<typeof createCatalogueImport>; operators: CatalogueOperatorAccess }): FastifyPluginAsyncZod {
  return async (app) => {
    const reader = { preHandler: deps.operators.requireOperator('catalogue.read') };
    const manager = { preHandler: deps.operators.requireOperator('catalogue.manage') };
    const integrator = { preHandler: deps.operators.requireOperator('catalogue.integration') };
    const tags = ['back-office: catalogue'];
    const operatorOf = (request: FastifyRequest) => {
      const operator = (request as OperatorRequest).operator;
      if (!operator) throw new AppError('backoffice.session_required', 'operator session required');
      return operator;
    };
    const actorOf = (request: FastifyRequest): CatalogueActor => ({ id: operatorOf(request).id, ip: request.ip });
    const proposerOf = (request: FastifyRequest) => {
      const operator = operatorOf(request);
      return { id: operator.id, username: operator.username, role: operator.role, ip: request.ip };
    };

    app.get(
      '/backoffice/catalogue/vendors',
      { ...reader, schema: { tags, summary: 'Vendors with switches, game counts, money held and provider access', security: bearer, response: { 200: OperatorVendorListSchema, ...errors } } },
      async () => ({ content: await deps.service.listVendors() }),
    );

    app.patch(
      '/backoffice/catalogue/vendors/:code',
      {
        ...manager,
        schema: {
          tags,
          summary: 'Change a vendor: enabled, maintenance, sort order, display name; wallet mode (catalogue.integration)',
          security: bearer,
          params: VendorCodeParamsSchema,
          body: VendorPatchSchema,
          response: { 200: OperatorVendorSchema, ...errors },
        },
      },
      async (request) => {
        if (request.body.walletMode !== undefined && !hasPermission(operatorOf(request).role, 'catalogue.integration')) {
          throw new AppError('backoffice.forbidden', 'changing the wallet mode needs catalogue.integration');
        }
        return deps.service.updateVendor(request.params.code, request.body, actorOf(request));
      },
    );

    app.post(
      '/backoffice/catalogue/vendors/:code/wallet-mode',
      {
        ...integrator,
        schema: {
          tags,
          summary: 'Propose a vendor’s wallet mode: it changes when another operator approves (202, the approval request)',
          security: bearer,
          params: VendorCodeParamsSchema,
          body: VendorWalletModeProposalSchema,
          response: { 200: ApprovalRequestSchema, 202: ApprovalRequestSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { request: proposal, replayed } = await deps.operators.approvals.propose(proposerOf(request), WALLET_MODE_KIND, { vendor: request.params.code, walletMode: request.body.walletMode }, request.body.reason);
        return reply.code(replayed ? 200 : 202).send(proposal);
      },
    );

    app.post(
      '/backoffice/catalogue/vendors/:code/secret',
      {
        ...integrator,
        schema: {
          tags,
          summary: 'Propose a new provider-API secret for the vendor (202, the approval request)',
          description: 'The approving operator gets the new secret once (once.secret in the approval’s answer); the old one stops working then.',
          security: bearer,
          params: VendorCodeParamsSchema,
          body: VendorSecretProposalSchema,
          response: { 200: ApprovalRequestSchema, 202: ApprovalRequestSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { request: proposal, replayed } = await deps.operators.approvals.propose(proposerOf(request), VENDOR_SECRET_KIND, { vendor: request.params.code }, request.body.reason);
        return reply.code(replayed ? 200 : 202).send(proposal);
      },
    );

    app.put(
      '/backoffice/catalogue/vendors/:code/ip-allow-list',
      {
        ...integrator,
        schema: { tags, summary: 'Networks allowed to call the provider API as this vendor (empty: any address)', security: bearer, params: VendorCodeParamsSchema, body: VendorIpAllowListSchema, response: { 200: OperatorVendorSchema, ...errors } },
      },
      async (request) => deps.service.setVendorIpAllowList(request.params.code, request.body.networks, actorOf(request)),
    );

    app.get(
      '/backoffice/catalogue/games',
      { ...reader, schema: { tags, summary: 'Every game (disabled ones too), filtered and paginated', security: bearer, querystring: OperatorGameQuerySchema, response: { 200: OperatorGamePageSchema, ...errors } } },
      async (request) => deps.service.searchGames(request.query),
    );

    app.patch(
      '/backoffice/catalogue/games/:id',
      { ...manager, schema: { tags, summary: 'Change a game: enabled, maintenance, hot, new, sort order, names', security: bearer, params: GameIdParamsSchema, body: GamePatchSchema, response: { 200: OperatorGameSchema, ...errors } } },
      async (request) => deps.service.updateGame(request.params.id, request.body, actorOf(request)),
    );

    await app.register(async (upload) => {
      // The file is the body (not multipart): read as bytes, one byte past the limit so "too large" is ours.
      for (const type of CSV_TYPES) upload.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: CATALOGUE_IMPORT_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));
      upload.post(
        '/backoffice/catalogue/import',
        {
          ...manager,
          bodyLimit: CATALOGUE_IMPORT_MAX_BYTES + 1,
          schema: {
            tags,
            summary: 'Import a catalogue CSV file (the body, Content-Type text/csv; at most 5 MB): the report of every row',
            description: 'Same format as npm run catalogue:import (docs/catalogue-import.md); one transaction with its audit row.',
            security: bearer,
            response: { 200: CatalogueImportReportSchema, ...errors },
          },
        },
        async (request) => {
          const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          if (!CSV_TYPES.includes(type)) throw new AppError('catalogue.import_type_invalid', 'send the CSV file as the body with Content-Type text/csv');
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return deps.importFile(body, actorOf(request));
        },
      );
    });
  };
}
