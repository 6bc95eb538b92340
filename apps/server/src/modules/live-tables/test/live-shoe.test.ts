import { createHash, createHmac } from 'node:crypto';
import { blockMessage, createBlockStream, dealBaccaratHand, shoeStart, shuffleShoe, spinRoulette } from '@app/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { live } from '../live.tables.ts';
import { LIVE_TEST_ENV, waitFor } from './live-fixture.ts';

const stream = (seed: string, clientSeed: string, nonce: number) => createBlockStream((cursor) => createHmac('sha256', seed).update(blockMessage(clientSeed, nonce, cursor), 'utf8').digest());

/** What a player's verifier does with GET /api/live/rounds/:id, on shoes that end after a hand or two (a large cut, as e2e sets). */
describe('live tables: shoes and verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { ...LIVE_TEST_ENV, LIVE_BETTING_MS: '300', LIVE_SHOE_CUT: '400' } });
    ctx.core.modules.liveTables.api.startLeader();
  }, 60_000);
  afterAll(async () => {
    await ctx?.core.modules.liveTables.api.stopLeader();
    await ctx?.close();
  });

  it('ends a shoe at the cut card, reveals its seed, shuffles a new one; every hand and spin recomputes from the revealed seeds', async () => {
    await waitFor(async () => live(ctx.core.db).selectFrom('live_shoe').select('id').where('table_code', '=', 'bacara-rio').where('number', '=', 3).executeTakeFirst(), 30_000, 'a third shoe');
    const ended = await live(ctx.core.db).selectFrom('live_shoe').selectAll().where('table_code', '=', 'bacara-rio').where('ended_at', 'is not', null).orderBy('number').execute();
    expect(ended.length).toBeGreaterThanOrEqual(2);
    const hands = await live(ctx.core.db).selectFrom('live_round').select('id').where('table_code', '=', 'bacara-rio').where('phase', '=', 'result').where('shoe_id', 'in', ended.map((s) => s.id)).orderBy('id').execute();
    expect(hands.length).toBeGreaterThanOrEqual(ended.length);
    for (const hand of hands) {
      const detail = (await ctx.app.inject({ method: 'GET', url: `/api/live/rounds/${hand.id}` })).json();
      const v = detail.verification;
      expect(v.game).toBe('baccarat');
      expect(createHash('sha256').update(v.shoeSeed, 'utf8').digest('hex')).toBe(v.shoeHash);
      const shoe = shuffleShoe(stream(v.shoeSeed, v.clientSeed, v.nonce));
      if (detail.round.handInShoe === 1) expect(v.firstCard).toBe(shoeStart(shoe));
      const dealt = dealBaccaratHand(shoe, v.firstCard);
      expect(dealt.cardsUsed).toBe(v.cardsUsed);
      expect(dealt.result).toEqual(detail.round.result);
    }
    const current = (await ctx.app.inject({ method: 'GET', url: '/api/live/tables/bacara-rio' })).json();
    expect(current.shoe.hash).not.toBe(ended.at(-1)!.hash);

    const spins = await live(ctx.core.db).selectFrom('live_round').select('id').where('table_code', '=', 'roleta-copacabana').where('phase', '=', 'result').limit(3).execute();
    for (const spin of spins) {
      const detail = (await ctx.app.inject({ method: 'GET', url: `/api/live/rounds/${spin.id}` })).json();
      const v = detail.verification;
      expect(createHash('sha256').update(v.serverSeed, 'utf8').digest('hex')).toBe(v.serverSeedHash);
      expect(detail.round.commitment).toBe(v.serverSeedHash);
      expect(spinRoulette(stream(v.serverSeed, v.clientSeed, v.nonce))).toBe(detail.round.result.number);
    }
  }, 60_000);
});
