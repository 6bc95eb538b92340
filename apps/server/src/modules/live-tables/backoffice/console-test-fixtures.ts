import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';

/**
 * Rows for the console's tests, inserted as the leader and the player's paths would leave them
 * (the console only reads and flags them): tables, shoes, rounds, bets and chat messages.
 */
export function consoleFixtures(db: () => Db) {
  const hex = (bytes: number) => randomBytes(bytes).toString('hex');
  const baccaratLimits = { perType: { player: { min: '100', max: '500000' }, banker: { min: '100', max: '500000' }, tie: { min: '100', max: '50000' }, player_pair: { min: '100', max: '50000' }, banker_pair: { min: '100', max: '50000' } }, roundMax: '1000000' };
  const rouletteLimits = { perType: { straight: { min: '100', max: '10000' }, red: { min: '100', max: '500000' } }, roundMax: '1000000' };

  return {
    async table(game: 'baccarat' | 'roulette', code = `${game.slice(0, 3)}-${hex(4)}`) {
      const limits = game === 'baccarat' ? baccaratLimits : rouletteLimits;
      await sql`insert into live_table (code, game, name_pt, name_en, limits, chips, betting_ms) values (${code}, ${game}, ${`Mesa ${code}`}, ${`Table ${code}`}, ${JSON.stringify(limits)}::jsonb, ${'{100,500,2500}'}::bigint[], 15000)`.execute(db());
      return code;
    },
    async shoe(tableCode: string, options: { number?: number; ended?: boolean } = {}) {
      const row = await sql<{ id: bigint; seed: string; hash: string }>`
        insert into live_shoe (table_code, number, seed, hash, position, cut_at, ended_at, ending)
        values (${tableCode}, ${options.number ?? 1}, ${hex(32)}, ${hex(32)}, 12, 380, ${options.ended ? new Date() : null}, ${options.ended ?? false})
        returning id, seed, hash`.execute(db());
      return row.rows[0]!;
    },
    async round(tableCode: string, number: number, options: { phase: 'betting' | 'dealing' | 'result'; result?: object; shoeId?: bigint; seed?: string }) {
      const row = await sql<{ id: bigint }>`
        insert into live_round (table_code, number, phase, betting_ends_at, seed, seed_hash, shoe_id, hand_in_shoe, first_card, cards_used, result, result_at)
        values (${tableCode}, ${number}, ${options.phase}, now(), ${options.seed ?? null}, ${options.seed ? hex(32) : null}, ${options.shoeId ?? null}, ${options.shoeId ? number : null},
                ${options.shoeId ? 12 + (number - 1) * 5 : null}, ${options.shoeId ? 5 : null}, ${options.result ? JSON.stringify(options.result) : null}::jsonb, ${options.phase === 'result' ? new Date() : null})
        returning id`.execute(db());
      return row.rows[0]!.id;
    },
    async bet(roundId: bigint, tableCode: string, memberId: bigint, chips: Array<{ spot: string; amount: string; win?: string }>, status: 'placed' | 'settled' | 'refunded', win: bigint | null, closed: boolean) {
      const amount = chips.reduce((sum, chip) => sum + BigInt(chip.amount), 0n);
      await sql`
        insert into live_bet (round_id, table_code, member_id, request_id, chips, amount, status, win, closed_at)
        values (${roundId}, ${tableCode}, ${memberId}, ${hex(8)}, ${JSON.stringify(chips)}::jsonb, ${amount}, ${status}, ${win}, ${closed ? new Date() : null})`.execute(db());
    },
    async message(tableCode: string, memberId: bigint, original: string, shown = original) {
      const row = await sql<{ id: bigint }>`insert into live_chat_message (table_code, member_id, original, shown, filtered) values (${tableCode}, ${memberId}, ${original}, ${shown}, ${original !== shown}) returning id`.execute(db());
      return row.rows[0]!.id;
    },
  };
}
