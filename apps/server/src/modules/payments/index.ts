import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { WalletApi } from '../wallet/index.ts';
import { backofficePaymentsRoutes, type OperatorAccess } from './backoffice-payments.routes.ts';
import { createDepositService } from './deposit.service.ts';
import type { PaymentsDeps } from './payments.deps.ts';
import { paymentsRoutes, webhookRoutes } from './payments.routes.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { createSandboxPsp } from './providers/sandbox-psp.ts';
import { createBcbPixFromConfig, type BcbPixPsp } from './providers/bcb-pix/index.ts';
import type { PixPspConfig } from '../../platform/config.ts';
import { sandboxPixRoutes } from './sandbox-pix.routes.ts';
import { createWebhookService } from './webhook.service.ts';
import { createWithdrawalService } from './withdrawal.service.ts';
import { exportMember } from './member-export.ts';

export type { PaymentProvider } from './providers/payment-provider.ts';
export type { OperatorAccess } from './backoffice-payments.routes.ts';

/**
 * Payments module: PIX deposits and withdrawals through a PaymentProvider. A real PSP adapter is
 * passed in as `provider`; without one the built-in sandbox PSP is used, which keeps its own books
 * and calls our webhook over HTTP like a real provider.
 */
export function createPaymentsModule(
  deps: Omit<PaymentsDeps, 'provider' | 'sandbox'> & {
    db: Db;
    bus: EventBus;
    logger: Logger;
    wallet: WalletApi;
    secret: (name: string) => Promise<Buffer>;
    /** Where the sandbox PSP posts its webhooks (our own /api/payments/webhooks/sandbox). */
    webhookUrl: string;
    /** The public host (no scheme) the sandbox's dynamic codes point at. */
    publicHost: string;
    siteName: string;
    provider?: PaymentProvider;
    /** A PSP implementing the BCB PIX API (checked here, at start); undefined with no `provider`: the sandbox. */
    pixPsp?: PixPspConfig;
    /** Lets members play the sandbox payer; never in production, where it would mint money. */
    sandboxPayer: boolean;
  },
) {
  const logger = deps.logger.child({ module: 'payments' });
  const bcbPix: BcbPixPsp | undefined =
    !deps.provider && deps.pixPsp
      ? createBcbPixFromConfig(deps.pixPsp, { logger, webhookSecret: () => deps.secret('payments.bcb_pix_webhook'), receiverName: deps.siteName, receiverCity: 'SAO PAULO' })
      : undefined;
  const sandbox = deps.provider ?? bcbPix
    ? undefined
    : createSandboxPsp({ db: deps.db, logger, secret: () => deps.secret('payments.sandbox_webhook'), webhookUrl: deps.webhookUrl, locationHost: deps.publicHost, receiverName: deps.siteName, receiverCity: 'SAO PAULO' });
  const provider = deps.provider ?? bcbPix ?? sandbox!;
  const shared = { ...deps, logger, provider, sandbox: deps.sandboxPayer ? sandbox : undefined };
  const deposits = createDepositService(shared);
  const withdrawals = createWithdrawalService(shared);
  const webhooks = createWebhookService({ db: deps.db, logger, provider, deposits, withdrawals });

  return {
    api: { deposits, withdrawals, webhooks, provider, sandbox, exportMember: (memberId: bigint) => exportMember(deps.db, memberId) },
    routes(auth: { requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
      return paymentsRoutes({ deposits, withdrawals, requireRealMember: auth.requireRealMember });
    },
    /**
     * Tells a BCB PSP where our webhook is (PUT /webhook/{chave}). Never throws: a PSP that is
     * down at start leaves the reconciliation job to catch payments until the next start.
     */
    async announceWebhook(publicUrl: string): Promise<void> {
      if (!bcbPix || !deps.pixPsp?.registerWebhook) return;
      await bcbPix.registerWebhook(publicUrl).then(
        (url) => logger.info({ url: url.replace(/[0-9a-f]{64}$/, '<token>') }, 'PIX webhook registered with the PSP'),
        (error: unknown) => logger.error({ err: error }, 'PIX webhook not registered with the PSP; payments are still found by the reconciliation job'),
      );
    },
    webhookRoutes(): FastifyPluginAsync {
      return webhookRoutes({ webhooks, providerCode: provider.code });
    },
    backofficeRoutes(operators: OperatorAccess): FastifyPluginAsyncZod {
      return backofficePaymentsRoutes({ db: deps.db, deposits, withdrawals, operators });
    },
    /** Served at the root: the sandbox charge "location" its dynamic codes point at. */
    sandboxRoutes(): FastifyPluginAsync {
      return sandboxPixRoutes({ db: deps.db });
    },
    jobs: [
      {
        name: 'payments.reconcile',
        cron: '* * * * *',
        async handle() {
          const charges = await deposits.reconcile();
          const payouts = await withdrawals.work();
          if (charges.expired + charges.credited + charges.recovered + charges.failed + charges.returned + payouts.sent + payouts.polled + payouts.autoReceived > 0) logger.info({ ...charges, ...payouts }, 'payments reconciled');
        },
      },
    ] satisfies JobDefinition[],
  };
}

export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
