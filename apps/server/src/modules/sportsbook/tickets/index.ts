import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import type { JobDefinition } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import { cashOutJob, createCashOut } from './cash-out.compose.ts';
import { createProviderMoney, type ProviderMoneyPorts } from './provider-money.ts';
import { createSettlementService } from './settlement.service.ts';
import { storeMemberVoids } from './member-void.ts';
import { createTicketService } from './ticket.service.ts';
import { ticketRoutes } from './tickets.routes.ts';

export { settleTransactionId, unsettleTransactionId, type SettlePassOutcome, type TicketSettlementRecord } from './settlement.service.ts';
export { SPORTSBOOK_GAME_CODE, SPORTSBOOK_VENDOR_CODE, type ProviderMoneyPorts } from './provider-money.ts';

/**
 * Sportsbook tickets (issue 23): placement with money through the provider protocol as vendor
 * SPORTSBOOK, my bets, the recovery of tickets abandoned mid-placement, and their first settlement
 * from the market result log, resettled after a corrected result (settlement.service.ts).
 */
const SETTLE_LOOP_MS = 55_000;
const SETTLE_PAUSE_MS = 1_000;

export function createSportsbookTickets(deps: { db: Db; logger: Logger; money: ProviderMoneyPorts; sleep?: (ms: number) => Promise<void> }) {
  const logger = deps.logger.child({ component: 'sportsbook-tickets' });
  const money = createProviderMoney(deps.money);
  const service = createTicketService({ db: deps.db, logger, money, ...(deps.sleep ? { sleep: deps.sleep } : {}) });
  const settlement = createSettlementService({ db: deps.db, logger, money });
  const cashOut = createCashOut({ db: deps.db, logger, ports: deps.money, ticketView: service.get });
  // Set on close: the settlement job's loop ends after its current pass.
  let closing = false;
  const jobs: JobDefinition[] = [
    {
      name: 'sportsbook.recover-pending-tickets',
      cron: '* * * * *',
      async handle() {
        const counts = await service.recoverPending();
        if (counts.refused > 0 || counts.stillPending > 0) logger.warn(counts, 'sportsbook tickets abandoned mid-placement');
      },
    },
    {
      name: 'sportsbook.settle-tickets',
      cron: '* * * * *',
      // Runs for most of its minute, a pass a second, so a ticket is paid within a second or two of its result.
      async handle() {
        const until = Date.now() + SETTLE_LOOP_MS;
        // The minute's first pass also sweeps the open tickets decided while they were being placed.
        let sweep = true;
        while (Date.now() < until && !closing) {
          const began = Date.now();
          const outcome = await settlement.settlePass({ sweep });
          sweep = false;
          if (outcome.unpaid > 0 || outcome.flagged > 0) logger.warn(outcome, 'sportsbook settlement pass with unpaid or flagged tickets');
          else if (outcome.paid > 0) logger.info(outcome, 'sportsbook tickets settled');
          await new Promise((resolve) => setTimeout(resolve, Math.max(50, SETTLE_PAUSE_MS - (Date.now() - began))));
        }
      },
    },
    cashOutJob(cashOut.service, logger),
  ];
  return {
    api: {
      ...cashOut.api,
      register: money.register,
      place: service.place,
      ticket: service.get,
      tickets: service.list,
      recoverPending: service.recoverPending,
      /** One settlement pass now: the result log after the cursor, then the wins due (the job runs one a second). */
      settlePass: settlement.settlePass,
      /**
       * Responsible gaming (issue 27): the member's open tickets on events not started are voided (stake
       * returned through the protocol's closing win, like a manual void) and paid now by one settlement
       * pass; the job pays any left unpaid. Idempotent. Answers how many tickets were voided by this call.
       */
      async voidOpenTicketsOf(memberId: bigint): Promise<number> {
        const voided = await storeMemberVoids(deps.db, memberId);
        if (voided.length > 0) await settlement.settlePass();
        return voided.length;
      },
      /** A ticket's settlements, first to last, with the reversals a corrected result made (operator console, my bets). */
      resettlementHistory: settlement.resettlementHistory,
    },
    jobs,
    close() {
      closing = true;
    },
    routes: (auth: { requireRealMember: preHandlerAsyncHookHandler }) => cashOut.withRoutes(ticketRoutes({ service, requireRealMember: auth.requireRealMember }), auth),
  };
}

export type SportsbookTickets = ReturnType<typeof createSportsbookTickets>;
