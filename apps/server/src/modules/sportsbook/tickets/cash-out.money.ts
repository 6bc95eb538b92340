import { SPORTSBOOK_GAME_CODE, SPORTSBOOK_VENDOR_CODE, type MoneyCallResult, type ProviderMoneyPorts } from './provider-money.ts';

/**
 * A cash-out's win through the provider protocol (vendor SPORTSBOOK, the ticket's round): a full
 * cash-out closes the round, a partial one pays inside it (the settlement's win closes it later).
 * The same transaction id again is a replay, answered with the original answer.
 */
export type CashOutWin = (memberId: bigint, ticketId: bigint, transactionId: string, amount: string, roundClosed: boolean) => Promise<MoneyCallResult>;

export function createCashOutWin(ports: Pick<ProviderMoneyPorts, 'handle'>): CashOutWin {
  return async (memberId, ticketId, transactionId, amount, roundClosed) => {
    const answer = await ports.handle(SPORTSBOOK_VENDOR_CODE, 'win', { playerId: memberId.toString(), transactionId, roundId: `sportsbook-${ticketId}`, gameCode: SPORTSBOOK_GAME_CODE, amount, roundClosed });
    if (answer.status >= 200 && answer.status < 300) {
      const body = answer.body as { operatorTransactionId: string; balance: string };
      return { ok: true, operatorTransactionId: body.operatorTransactionId, balance: body.balance };
    }
    return { ok: false, status: answer.status, code: (answer.body as { error?: { code?: string } } | undefined)?.error?.code ?? 'UNKNOWN' };
  };
}
