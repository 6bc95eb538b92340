import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentTransferRequestSchema,
  AgentTransferResponseSchema,
  ErrorResponseSchema,
  ProfitQuerySchema,
  ProfitReportSchema,
  TransactionPageSchema,
  TransactionQuerySchema,
  UplineSchema,
  VendorWalletsSchema,
  WalletBalanceSchema,
} from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { currentMember } from '../accounts/index.ts';
import type { createAgentTransferService, MemberDirectory } from './agent-transfer.service.ts';
import type { createStatementsService } from './statements.service.ts';
import type { WalletService } from './wallet.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
/** The amount is checked by the service so that a bad one answers `wallet.amount_invalid` itself. */
const TransferBodySchema = AgentTransferRequestSchema.extend({ amount: z.string().max(64) });

export function walletRoutes(deps: {
  wallet: WalletService;
  statements: ReturnType<typeof createStatementsService>;
  transfers: ReturnType<typeof createAgentTransferService>;
  members: MemberDirectory;
  vendorName?: (code: string) => Promise<string | undefined>;
  requireMember: preHandlerAsyncHookHandler;
  requireRealMember: preHandlerAsyncHookHandler;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wallet/balance',
      { schema: { tags: ['wallet'], summary: 'Cash, bonus and points of the logged-in member', security: bearer, response: { 200: WalletBalanceSchema, ...errors } }, preHandler: deps.requireMember },
      async (request) => deps.wallet.balanceOf(currentMember(request).id),
    );

    app.get(
      '/wallet/transactions',
      {
        schema: {
          tags: ['wallet'],
          summary: 'Account record: cash movements, newest first',
          description: 'from/to are calendar days (inclusive) in the operator time zone; at most 366 days.',
          security: bearer,
          querystring: TransactionQuerySchema,
          response: { 200: TransactionPageSchema, ...errors },
        },
        preHandler: deps.requireRealMember,
      },
      async (request) => deps.statements.history(currentMember(request).id, request.query),
    );

    app.get(
      '/wallet/profit',
      {
        schema: {
          tags: ['wallet'],
          summary: 'Personal profit and loss by day and by product',
          description: 'Bets, wins and net on cash, rollbacks netted; at most 93 days.',
          security: bearer,
          querystring: ProfitQuerySchema,
          response: { 200: ProfitReportSchema, ...errors },
        },
        preHandler: deps.requireRealMember,
      },
      async (request) => deps.statements.profit(currentMember(request).id, request.query),
    );

    app.get(
      '/wallet/vendors',
      { schema: { tags: ['wallet'], summary: 'Main balance and money held by transfer-mode vendors', security: bearer, response: { 200: VendorWalletsSchema, ...errors } }, preHandler: deps.requireRealMember },
      async (request) => {
        const memberId = currentMember(request).id;
        const [main, pockets] = await Promise.all([deps.wallet.cashOf(memberId), deps.wallet.vendorPocketsOf(memberId)]);
        const vendors = await Promise.all(
          pockets.map(async (pocket) => ({ vendor: pocket.vendor, displayName: (await deps.vendorName?.(pocket.vendor)) ?? pocket.vendor, balance: formatCents(pocket.balance) })),
        );
        return { main: formatCents(main), vendors };
      },
    );

    app.get(
      '/wallet/upline',
      { schema: { tags: ['wallet'], summary: 'The direct upline a transfer to upline goes to', security: bearer, response: { 200: UplineSchema, ...errors } }, preHandler: deps.requireRealMember },
      async (request) => {
        const upline = await deps.members.findUpline(currentMember(request).id);
        return { upline: upline && upline.status === 'active' ? { account: upline.account, nickname: upline.nickname } : null };
      },
    );

    app.post(
      '/wallet/agent-transfer',
      {
        schema: {
          tags: ['wallet'],
          summary: 'Transfer to a downline (agents) or to the direct upline',
          description: 'Needs the payment password. requestId makes it idempotent: a replay answers the first result and moves nothing.',
          security: bearer,
          body: TransferBodySchema,
          response: { 200: AgentTransferResponseSchema, ...errors },
        },
        preHandler: deps.requireRealMember,
      },
      async (request) => deps.transfers.transfer(currentMember(request), request.body),
    );
  };
}
