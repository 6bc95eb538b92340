import { HOUSE, type Journal } from '../wallet/index.ts';

/**
 * The three ledger movements of a withdrawal, keyed by its id so each happens at most once:
 * hold (cash → withdrawals_pending), then either payout (withdrawals_pending → payments_clearing,
 * the money has left through the provider) or release (back to the member's cash).
 */
interface WithdrawalRef {
  id: bigint;
  member_id: bigint;
  amount: bigint;
}

export function holdJournal(row: WithdrawalRef): Journal {
  return {
    key: `withdrawal:${row.id}:hold`,
    type: 'withdrawal_hold',
    reference: `saque #${row.id}`,
    legs: [
      { member: row.member_id, amount: -row.amount },
      { house: HOUSE.withdrawalsPending, amount: row.amount },
    ],
  };
}

export function payoutJournal(row: WithdrawalRef): Journal {
  return {
    key: `withdrawal:${row.id}:payout`,
    type: 'withdrawal_payout',
    reference: `saque #${row.id}`,
    legs: [
      { house: HOUSE.withdrawalsPending, amount: -row.amount },
      { house: HOUSE.paymentsClearing, amount: row.amount },
    ],
  };
}

export function releaseJournal(row: WithdrawalRef, why: 'rejected' | 'failed'): Journal {
  return {
    key: `withdrawal:${row.id}:release`,
    type: 'withdrawal_release',
    reference: `saque #${row.id} (${why === 'rejected' ? 'recusado' : 'não pago'})`,
    legs: [
      { member: row.member_id, amount: row.amount },
      { house: HOUSE.withdrawalsPending, amount: -row.amount },
    ],
  };
}
