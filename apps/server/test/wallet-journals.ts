import type { Journal } from '../src/modules/wallet/index.ts';

/**
 * Game journals as a vendor callback would post them, for wallet tests and the load child.
 * The house side is the vendor's game revenue, so every journal sums to zero.
 */
export function betJournal(member: bigint, key: string, amount: bigint, product = 'slots'): Journal {
  return {
    key,
    type: 'bet',
    product,
    vendor: 'house',
    legs: [
      { member, amount: -amount },
      { house: 'game_revenue:house', amount },
    ],
  };
}

export function winJournal(member: bigint, key: string, amount: bigint, product = 'slots'): Journal {
  return {
    key,
    type: 'win',
    product,
    vendor: 'house',
    legs: [
      { member, amount },
      { house: 'game_revenue:house', amount: -amount },
    ],
  };
}

/** Member to member (agent-style), posted in the caller's transaction. */
export function transferJournal(from: bigint, to: bigint, key: string, amount: bigint): Journal {
  return {
    key,
    type: 'agent_transfer_downline',
    reference: 'test transfer',
    legs: [
      { member: from, amount: -amount },
      { member: to, amount },
    ],
  };
}
