import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createAgentTransferService, type MemberDirectory } from './agent-transfer.service.ts';
import { createGroupCommit } from './group-commit.ts';
import { lastLedgerCheck, runLedgerCheck } from './ledger-check.ts';
import { createStatementsService } from './statements.service.ts';
import { balanceEvents, createWalletService, refusalOf } from './wallet.service.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createBalanceAdjustments, type BalanceAdjustmentDeps } from './balance-adjustment.service.ts';
import { walletAdminRoutes, type WalletOperatorAccess } from './wallet.admin-routes.ts';
import { memberMovements, movementsBetween } from './member-export.ts';

export { fromWireBalance, HOUSE, MAX_LEG_AMOUNT, type Journal, type Leg, type Pocket, type PocketBalance, type PostResult, type Reversal, type WireBalance } from './journal.ts';
export type { LedgerCheckResult } from './ledger-check.ts';
export type { MemberDirectory } from './agent-transfer.service.ts';
export { refusalOf };
export { daySpan } from './statements.service.ts';

/**
 * Wallet module: the double-entry ledger every money movement posts through, the member's
 * balances, account record, profit and loss, and agent transfers.
 */
export function createWalletModule(deps: {
  db: Db;
  bus: EventBus;
  logger: Logger;
  connectionString: string;
  /** Group-commit lanes (connections); each owns one house shard. */
  lanes: number;
  /** DATABASE_URL is a pgbouncer in transaction mode: the lanes send unnamed statements. */
  pgbouncer?: boolean;
  /** The operator time zone statements are read in. */
  timeZone: () => Promise<string>;
  clock?: Clock;
}) {
  const clock = deps.clock ?? systemClock;
  const groupCommit = createGroupCommit({
    connectionString: deps.connectionString,
    lanes: deps.lanes,
    logger: deps.logger,
    unnamedStatements: deps.pgbouncer ?? false,
    afterCommit: (outcome) => deps.bus.publishAll(deps.db, balanceEvents(outcome.balances)),
  });
  const wallet = createWalletService({ db: deps.db, bus: deps.bus, groupCommit, laneShards: deps.lanes });
  const statements = createStatementsService({ db: deps.db, timeZone: deps.timeZone });

  return {
    api: {
      /** Every ledger entry of a member, oldest first, streamed in pages (compliance: CSV history, LGPD export). */
      memberMovements: (memberId: bigint, range?: { from?: Date; to?: Date }) => memberMovements(deps.db, memberId, range),
      /** Every member's ledger entries of a period, streamed (compliance: the regulator extract). */
      movementsBetween: (from: Date, to: Date) => movementsBetween(deps.db, from, to),
      /** Posts a journal (or a reversal) in the caller's transaction; replays answer the original result. */
      post: wallet.post,
      /** Like post; a refusal throws its AppError (wallet.insufficient_funds, wallet.idempotency_conflict…). */
      postOrThrow: wallet.postOrThrow,
      /** Posts on its own through group commit; resolves once durable. */
      submit: wallet.submit,
      /** The wire op and house shard for a post made inside another module's SQL function (wallet_post_batch). */
      prepareForSql: wallet.prepareForSql,
      /** The balance push of posts made with { announceAfterCommit: true }, once their transaction committed. */
      announceBalances: wallet.announceBalances,
      cashOf: wallet.cashOf,
      houseBalance: wallet.houseBalance,
      /** Money each transfer-mode vendor holds for the member (pockets vendor:<code>, lower case). */
      vendorPocketsOf: wallet.vendorPocketsOf,
      balanceOf: wallet.balanceOf,
      runLedgerCheck: () => runLedgerCheck(deps.db, clock),
      lastLedgerCheck: () => lastLedgerCheck(deps.db),
    },
    /** Routes need the accounts module's auth and directory, which is built after the wallet. */
    routes(accounts: {
      members: MemberDirectory;
      requireMember: preHandlerAsyncHookHandler;
      requireRealMember: preHandlerAsyncHookHandler;
      /** A vendor's display name (the catalogue knows it; the wallet only keeps codes). */
      vendorName?: (code: string) => Promise<string | undefined>;
    }): FastifyPluginAsyncZod {
      const transfers = createAgentTransferService({ db: deps.db, wallet, members: accounts.members });
      return walletRoutes({ wallet, statements, transfers, ...accounts });
    },
    /**
     * /api/backoffice: a member's balances and ledger, and manual balance adjustments with a
     * second operator's approval. The back office lends operator access; accounts, member look-ups.
     */
    adminRoutes(ports: { operators: WalletOperatorAccess; memberRef: BalanceAdjustmentDeps['memberRef']; accountNamesOf: BalanceAdjustmentDeps['accountNamesOf'] }): FastifyPluginAsyncZod {
      const adjustments = createBalanceAdjustments({ db: deps.db, wallet, audit: ports.operators.audit, memberRef: ports.memberRef, accountNamesOf: ports.accountNamesOf });
      return walletAdminRoutes({ db: deps.db, adjustments, operators: ports.operators, memberRef: ports.memberRef });
    },
    jobs: [{ name: 'wallet.ledger-check', cron: '17 * * * *', handle: async () => void (await runLedgerCheck(deps.db, clock)) }] satisfies JobDefinition[],
    close: () => groupCommit.close(),
  };
}

export type WalletModule = ReturnType<typeof createWalletModule>;
export type WalletApi = WalletModule['api'];
