import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmReceiptSchema,
  CreateDepositSchema,
  CreateWithdrawalSchema,
  DepositOptionsSchema,
  DepositPageSchema,
  DepositSchema,
  ErrorResponseSchema,
  PageQuerySchema,
  PayoutAccountSchema,
  PROOF_MAX_BYTES,
  SavePayoutAccountSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
  WithdrawOptionsSchema,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import { sniffImage } from '../../platform/http/uploaded-image.ts';
import { currentMember } from '../accounts/index.ts';
import type { DepositService } from './deposit.service.ts';
import { depositSummaryView, depositView, totalPages, withdrawalView } from './payments.views.ts';
import type { WebhookService } from './webhook.service.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema, 502: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const IdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Member routes under /api/payments (real members only: trial accounts have no money to move). */
export function paymentsRoutes(deps: { deposits: DepositService; withdrawals: WithdrawalService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: deps.requireRealMember };
    const tags = ['payments'];

    app.get('/payments/deposit/options', { ...member, schema: { tags, summary: 'Deposit presets and limits', security: bearer, response: { 200: DepositOptionsSchema, ...errors } } }, () => deps.deposits.options());

    app.post(
      '/payments/deposits',
      { ...member, schema: { tags, summary: 'Create a PIX charge (one per requestId)', security: bearer, body: CreateDepositSchema, response: { 200: DepositSchema, 201: DepositSchema, ...errors } } },
      async (request, reply) => {
        const { deposit, created } = await deps.deposits.create(currentMember(request).id, request.body);
        return reply.code(created ? 201 : 200).send(depositView(deposit, deps.deposits.qrOf(deposit)));
      },
    );

    app.get('/payments/deposits', { ...member, schema: { tags, summary: 'The member’s deposits, newest first', security: bearer, querystring: PageQuerySchema, response: { 200: DepositPageSchema, ...errors } } }, async (request) => {
      const { rows, total } = await deps.deposits.list(currentMember(request).id, request.query);
      return { content: rows.map(depositSummaryView), pageNum: request.query.pageNo, totalPages: totalPages(total, request.query.pageSize) };
    });

    app.get('/payments/deposits/:id', { ...member, schema: { tags, summary: 'One deposit with its code', security: bearer, params: IdParams, response: { 200: DepositSchema, ...errors } } }, async (request) => {
      const deposit = await deps.deposits.findOwnCharged(currentMember(request).id, BigInt(request.params.id));
      return depositView(deposit, deps.deposits.qrOf(deposit));
    });

    app.post(
      '/payments/deposits/:id/sandbox-pay',
      {
        ...member,
        schema: {
          tags,
          summary: 'Sandbox only: pay the charge as the member’s bank',
          description: 'payerCpf pays from someone else’s account (the deposit is then held for review).',
          security: bearer,
          params: IdParams,
          body: z.object({ payerCpf: z.string().regex(/^\d{11}$/).optional() }).optional(),
          response: { 202: z.object({ paid: z.boolean() }), ...errors },
        },
      },
      async (request, reply) => {
        const result = await deps.deposits.sandboxPay(currentMember(request).id, BigInt(request.params.id), request.body?.payerCpf);
        return reply.code(202).send({ paid: result.paid });
      },
    );

    app.get('/payments/withdraw/options', { ...member, schema: { tags, summary: 'Limits, available amount and payout account', security: bearer, response: { 200: WithdrawOptionsSchema, ...errors } } }, (request) =>
      deps.withdrawals.options(currentMember(request).id),
    );

    app.put(
      '/payments/payout-account',
      { ...member, schema: { tags, summary: 'Set where withdrawals are paid (asks the login password)', security: bearer, body: SavePayoutAccountSchema, response: { 200: PayoutAccountSchema, ...errors } } },
      (request) => deps.withdrawals.savePayoutAccount(currentMember(request).id, request.body, request.ip),
    );

    app.post(
      '/payments/withdrawals',
      { ...member, schema: { tags, summary: 'Request a withdrawal (funds held until paid or released)', security: bearer, body: CreateWithdrawalSchema, response: { 200: WithdrawalSchema, ...errors } } },
      async (request) => withdrawalView(await deps.withdrawals.create(currentMember(request).id, request.body)),
    );

    app.get('/payments/withdrawals', { ...member, schema: { tags, summary: 'The member’s withdrawals, newest first', security: bearer, querystring: PageQuerySchema, response: { 200: WithdrawalPageSchema, ...errors } } }, async (request) => {
      const { rows, total } = await deps.withdrawals.list(currentMember(request).id, request.query);
      return { content: rows.map(withdrawalView), pageNum: request.query.pageNo, totalPages: totalPages(total, request.query.pageSize) };
    });

    app.post(
      '/payments/withdrawals/:id/receipt',
      { ...member, schema: { tags, summary: 'Confirm what arrived (spec §4)', security: bearer, params: IdParams, body: ConfirmReceiptSchema, response: { 200: WithdrawalSchema, ...errors } } },
      async (request) => withdrawalView(await deps.withdrawals.confirmReceipt(currentMember(request).id, BigInt(request.params.id), request.body)),
    );

    await app.register(proofRoutes(deps));
  };
}

/** Proof images arrive as the raw body (PNG or JPEG, checked by their first bytes, ≤ 5 MB). */
function proofRoutes(deps: { withdrawals: WithdrawalService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    for (const type of ['image/png', 'image/jpeg']) app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: PROOF_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));
    app.put(
      '/payments/withdrawals/:id/proof',
      {
        preHandler: deps.requireRealMember,
        bodyLimit: PROOF_MAX_BYTES + 1,
        schema: { tags: ['payments'], summary: 'Upload the proof image of a paid withdrawal', security: bearer, params: IdParams, response: { 200: WithdrawalSchema, ...errors } },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('payments.proof_type_invalid', 'send a PNG or JPEG image as the body');
        if (body.length > PROOF_MAX_BYTES) throw new AppError('payments.proof_too_large', 'at most 5 MB');
        const type = sniffImage(body);
        if (!type || request.headers['content-type'] !== type) throw new AppError('payments.proof_type_invalid', 'not a PNG or JPEG image');
        return withdrawalView(await deps.withdrawals.saveProof(currentMember(request).id, BigInt(request.params.id), type, body));
      },
    );
  };
}

/** POST /api/payments/webhooks/:provider — the raw body is needed to check the signature. */
export function webhookRoutes(deps: { webhooks: WebhookService; providerCode: string }): FastifyPluginAsync {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    const receive = async (request: FastifyRequest<{ Params: { provider: string; '*'?: string } }>) => {
      if (request.params.provider !== deps.providerCode) throw new AppError('route.not_found', 'unknown provider');
      if (typeof request.body !== 'string') throw new AppError('request.malformed', 'expected a JSON body');
      const rest = request.params['*'];
      return deps.webhooks.receive({ headers: request.headers, rawBody: request.body, path: rest === undefined ? '' : `/${rest}` });
    };
    app.post<{ Params: { provider: string } }>('/payments/webhooks/:provider', { schema: { hide: true } }, receive);
    // The BCB webhook URL carries a secret path token, and the PSP appends /pix to it.
    app.post<{ Params: { provider: string; '*': string } }>('/payments/webhooks/:provider/*', { schema: { hide: true } }, receive);
  };
}
