import type { LiveRoundView, LiveVerification } from '@app/contracts';
import type { LiveRoundRow, LiveShoeRow } from './rounds.repository.ts';

/** The public view of a round: the result from phase dealing on; never a secret seed. */
export function roundView(row: LiveRoundRow, shoeHash?: string): LiveRoundView {
  return {
    id: row.id.toString(),
    tableCode: row.table_code,
    number: row.number,
    phase: row.phase,
    bettingEndsAt: row.betting_ends_at.toISOString(),
    commitment: row.seed_hash ?? shoeHash ?? '',
    handInShoe: row.hand_in_shoe,
    result: row.phase === 'betting' ? null : row.result,
    resultAt: row.result_at?.toISOString() ?? null,
  };
}

/**
 * What proves a round (contracts LiveVerification). Roulette: the round's seed, revealed from
 * phase result on. Baccarat: the shoe's seed, revealed only once the shoe has ended (its later
 * hands would be known otherwise).
 */
export function verificationOf(row: LiveRoundRow, shoe: LiveShoeRow | undefined): LiveVerification {
  if (row.shoe_id === null) {
    return { game: 'roulette', serverSeedHash: row.seed_hash ?? '', serverSeed: row.phase === 'result' ? row.seed : null, clientSeed: row.table_code, nonce: row.number };
  }
  return {
    game: 'baccarat',
    shoeId: row.shoe_id.toString(),
    shoeHash: shoe?.hash ?? '',
    shoeSeed: shoe?.ended_at ? shoe.seed : null,
    clientSeed: row.table_code,
    nonce: shoe?.number ?? 0,
    firstCard: row.first_card ?? 0,
    cardsUsed: row.cards_used ?? 0,
  };
}
