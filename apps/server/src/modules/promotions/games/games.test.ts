import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@app/kernel';
import type { GameSettingsInput } from '@app/contracts';
import { bearer, newOperatorSession } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { PROMOTIONS_EXPENSE_ACCOUNT } from '../index.ts';
import { promotionInput } from '../promotions-test-fixtures.ts';
import { createGamesService, type GamesService } from './games.service.ts';
import { drawPrize, drawRaffle, prizeAt, rangesOf, tableHash, type PrizeRow } from './prize-table.ts';

let ctx: TestContext;
let owner: string;
let games: GamesService;
let clock = new Date();

beforeAll(async () => {
  ctx = await createTestContext({ env: { DB_POOL_MAX: '20' } });
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
  const wallet = ctx.core.modules.wallet.api;
  games = createGamesService({
    db: ctx.core.db,
    now: () => clock,
    ports: {
      restrictedTypesAllowed: async () => false,
      cpfOf: async () => null,
      memberIdOf: async () => undefined,
      isInTeam: async () => false,
      async payCash(tx, payment) {
        await wallet.postOrThrow(tx, { key: payment.key, type: 'bonus', reference: payment.reference, legs: [{ house: PROMOTIONS_EXPENSE_ACCOUNT, amount: -payment.amount }, { member: payment.memberId, amount: payment.amount }] });
      },
      audit: async () => undefined,
    },
  });
}, 60_000);
afterAll(() => ctx.close());

const prize = (seq: number, kind: PrizeRow['kind'], amount: bigint, weight: number): PrizeRow => ({ seq, labelPt: `p${seq}`, labelEn: `e${seq}`, kind, amount, wageringMultiple: null, expiryDays: null, weight });

async function members(count: number): Promise<bigint[]> {
  const prefix = `gm${randomBytes(3).toString('hex')}`;
  const { rows } = await sql<{ id: string }>`
    insert into accounts_member (account, nickname, password_hash)
    select ${prefix} || n, ${prefix} || n, 'x' from generate_series(1, ${count}) n returning id::text as id`.execute(ctx.core.db);
  return rows.map((row) => BigInt(row.id));
}

async function gamePromotion(type: 'wheel' | 'golden_egg' | 'raffle', money: { budget: string; memberCap: string }, settings: GameSettingsInput): Promise<bigint> {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput({ type, budget: money.budget, memberCap: money.memberCap, reward: { kind: 'cash', amount: '0.01' } }) });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const saved = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${id}/game`, headers: bearer(owner), payload: settings });
  expect(saved.statusCode, saved.body).toBe(200);
  return BigInt(id);
}

const settings = (over: Partial<GameSettingsInput>): GameSettingsInput => ({
  freeTickets: 3,
  depositStep: null,
  betStep: null,
  maxTickets: null,
  drawAt: null,
  prizes: [
    { labelPt: 'Nada', labelEn: 'Nothing', kind: 'nothing', amount: '0.00', wageringMultiple: null, expiryDays: null, weight: 5 },
    { labelPt: 'R$ 1', labelEn: 'R$ 1', kind: 'cash', amount: '1.00', wageringMultiple: null, expiryDays: null, weight: 3 },
    { labelPt: 'R$ 5', labelEn: 'R$ 5', kind: 'cash', amount: '5.00', wageringMultiple: null, expiryDays: null, weight: 2 },
  ],
  ...over,
});

const code = (error: unknown) => (error instanceof AppError ? error.code : String(error));

describe('prize table', () => {
  it('maps each number to the prize whose cumulative range holds it', () => {
    const prizes = [prize(1, 'nothing', 0n, 5), prize(2, 'cash', 100n, 3), prize(3, 'cash', 500n, 2)];
    expect(rangesOf(prizes).ranges.map(({ from, to }) => [from, to])).toEqual([[0, 5], [5, 8], [8, 10]]);
    expect([0, 4, 5, 7, 8, 9].map((value) => prizeAt(prizes, value).seq)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(() => prizeAt(prizes, 10)).toThrow(RangeError);
    expect(tableHash(prizes)).toBe(tableHash([...prizes].reverse()));
    expect(tableHash(prizes)).not.toBe(tableHash([prize(1, 'nothing', 0n, 5), prize(2, 'cash', 100n, 3), prize(3, 'cash', 500n, 3)]));
  });

  it('draws with node:crypto in proportion to the weights (60,000 draws within 1.5 points of each chance)', () => {
    const prizes = [prize(1, 'nothing', 0n, 70), prize(2, 'cash', 100n, 25), prize(3, 'cash', 500n, 5)];
    const counts = new Map<number, number>();
    const n = 60_000;
    for (let i = 0; i < n; i += 1) {
      const drawn = drawPrize(prizes);
      expect(prizeAt(prizes, drawn.value).seq).toBe(drawn.prize.seq);
      counts.set(drawn.prize.seq, (counts.get(drawn.prize.seq) ?? 0) + 1);
    }
    expect(Math.abs((counts.get(1)! / n) * 100 - 70)).toBeLessThan(1.5);
    expect(Math.abs((counts.get(2)! / n) * 100 - 25)).toBeLessThan(1.5);
    expect(Math.abs((counts.get(3)! / n) * 100 - 5)).toBeLessThan(1.5);
  });

  it('picks raffle winners without repetition, as many as places while members remain', () => {
    const entries = new Map<bigint, number>([[1n, 10], [2n, 1], [3n, 5], [4n, 0], [5n, 2]]);
    for (let round = 0; round < 200; round += 1) {
      const winners = drawRaffle(entries, 3);
      expect(winners).toHaveLength(3);
      expect(new Set(winners.map((winner) => winner.memberId)).size).toBe(3);
      expect(winners.some((winner) => winner.memberId === 4n)).toBe(false);
    }
    expect(drawRaffle(entries, 10)).toHaveLength(4);
  });
});

describe('wheel and golden eggs', () => {
  it('records each draw with its number, table version and hash, and pays the prize at once', async () => {
    clock = new Date();
    const id = await gamePromotion('wheel', { budget: '1000.00', memberCap: '100.00' }, settings({}));
    const [memberId] = await members(1);
    const draw = await games.draw(id, memberId!, { key: null, choice: null, language: 'pt' });
    expect(draw.created).toBe(true);
    expect(draw.ticketNo).toBe(1);
    expect(draw.totalWeight).toBe(10);
    expect(draw.randomValue).toBeGreaterThanOrEqual(draw.prize.from);
    expect(draw.randomValue).toBeLessThan(draw.prize.to);
    const game = await ctx.core.db.selectFrom('promotions_game').select(['version', 'table_hash']).where('promotion_id', '=', id).executeTakeFirstOrThrow();
    expect([draw.version, draw.tableHash]).toEqual([game.version, game.table_hash]);
    const cash = await ctx.core.modules.wallet.api.cashOf(memberId!);
    expect(cash).toBe(draw.prize.kind === 'nothing' ? 0n : BigInt(Math.round(Number(draw.prize.amount) * 100)));
    if (draw.prize.kind !== 'nothing') {
      const reward = await ctx.core.db.selectFrom('promotions_reward').select(['source_key', 'status']).where('id', '=', BigInt(draw.rewardId!)).executeTakeFirstOrThrow();
      expect(reward).toEqual({ source_key: `wheel:${draw.id}`, status: 'claimed' });
    }
    // A new table version leaves the old draw explained by the table it used.
    const edited = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${id}/game`, headers: bearer(owner), payload: settings({ prizes: settings({}).prizes.map((row) => ({ ...row, weight: row.weight + 1 })) }) });
    expect(edited.json().version).toBe(draw.version + 1);
    const view = await games.view(id, 'en', memberId!);
    expect(view.me!.draws[0]!.version).toBe(draw.version);
    expect(view.me!.draws[0]!.prizes.map((row) => row.weight)).toEqual([5, 3, 2]);
    expect(view.me!.tickets).toEqual({ earned: 3, used: 1, available: 2 });
  });

  it('makes one draw per ticket under 20 concurrent requests, and one per Idempotency-Key', async () => {
    clock = new Date();
    const id = await gamePromotion('golden_egg', { budget: '1000.00', memberCap: '100.00' }, settings({}));
    const [memberId, other] = await members(2);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => games.draw(id, memberId!, { key: null, choice: 2, language: 'pt' }).then((draw) => draw.ticketNo, code)));
    expect(outcomes.filter((outcome) => typeof outcome === 'number').sort()).toEqual([1, 2, 3]);
    expect(outcomes.filter((outcome) => outcome === 'promotions.no_tickets')).toHaveLength(17);
    const replays = await Promise.all(Array.from({ length: 10 }, () => games.draw(id, other!, { key: 'click-one-egg', choice: 0, language: 'pt' })));
    expect(new Set(replays.map((draw) => draw.id)).size).toBe(1);
    expect(replays.filter((draw) => draw.created)).toHaveLength(1);
    const count = await ctx.core.db.selectFrom('promotions_game_draw').select((eb) => eb.fn.countAll<string>().as('n')).where('promotion_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  }, 60_000);

  it('never pays past the budget: 30 members at once on a R$ 10 budget of R$ 5 prizes', async () => {
    clock = new Date();
    const id = await gamePromotion('wheel', { budget: '10.00', memberCap: '5.00' }, settings({ freeTickets: 1, prizes: [{ labelPt: 'R$ 5', labelEn: 'R$ 5', kind: 'cash', amount: '5.00', wageringMultiple: null, expiryDays: null, weight: 1 }, { labelPt: 'R$ 5', labelEn: 'R$ 5', kind: 'cash', amount: '5.00', wageringMultiple: null, expiryDays: null, weight: 1 }] }));
    const ids = await members(30);
    const outcomes = await Promise.all(ids.map((memberId) => games.draw(id, memberId, { key: null, choice: null, language: 'pt' }).then(() => 'paid', code)));
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(2);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'paid'))).toEqual(new Set(['promotions.budget_exhausted']));
    const promotion = await ctx.core.db.selectFrom('promotions_promotion').select('spent').where('id', '=', id).executeTakeFirstOrThrow();
    expect(promotion.spent).toBe(1000n);
    const draws = await ctx.core.db.selectFrom('promotions_game_draw').select((eb) => eb.fn.countAll<string>().as('n')).where('promotion_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(draws.n)).toBe(2);
  }, 60_000);

  it('earns tickets from credited deposits and valid bet during the promotion, up to the cap', async () => {
    clock = new Date();
    const id = await gamePromotion('wheel', { budget: '1000.00', memberCap: '100.00' }, settings({ freeTickets: 0, depositStep: '50.00', betStep: '100.00', maxTickets: 5 }));
    const [memberId] = await members(1);
    expect((await games.view(id, 'pt', memberId!)).me!.tickets.earned).toBe(0);
    await expect(games.draw(id, memberId!, { key: null, choice: null, language: 'pt' })).rejects.toMatchObject({ code: 'promotions.no_tickets' });
    const deposit = (amount: number, status: string, at: Date) =>
      sql`insert into payments_deposit (member_id, request_id, amount, status, provider, txid, br_code, expires_at, credited_at)
          values (${memberId}, ${`req${randomBytes(6).toString('hex')}`}, ${amount}, ${status}, 'test', ${`tx${randomBytes(14).toString('hex')}`}, 'x', now(), ${status === 'credited' ? at : null})`.execute(ctx.core.db);
    await deposit(12_000, 'credited', new Date());
    await deposit(50_000, 'pending', new Date());
    await deposit(50_000, 'credited', new Date(Date.now() - 86_400_000));
    expect((await games.view(id, 'pt', memberId!)).me!.tickets.earned).toBe(2);
    await sql`insert into agents_member_day (day, member_id, bets, stake, payout, valid_bet) values (current_date, ${memberId}, 3, 25000, 0, 25000)`.execute(ctx.core.db);
    expect((await games.view(id, 'pt', memberId!)).me!.tickets.earned).toBe(4);
    await sql`update agents_member_day set valid_bet = 900000 where member_id = ${memberId}`.execute(ctx.core.db);
    expect((await games.view(id, 'pt', memberId!)).me!.tickets).toEqual({ earned: 5, used: 0, available: 5 });
  });

  it('refuses prize tables the budget or the cap cannot hold', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput({ type: 'wheel', budget: '100.00', memberCap: '10.00', reward: { kind: 'cash', amount: '0.01' } }) });
    const id = created.json().id as string;
    const big = settings({ prizes: [{ labelPt: 'R$ 50', labelEn: 'R$ 50', kind: 'cash', amount: '50.00', wageringMultiple: null, expiryDays: null, weight: 1 }, settings({}).prizes[0]!] });
    const refused = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${id}/game`, headers: bearer(owner), payload: big });
    expect(refused.statusCode).toBe(400);
    const application = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput() });
    const wrong = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${application.json().id as string}/game`, headers: bearer(owner), payload: settings({}) });
    expect(wrong.statusCode).toBe(409);
  });
});

describe('raffle', () => {
  it('draws at its time once: unique winners, one per prize unit, rewards to claim', async () => {
    clock = new Date();
    const drawAt = new Date(Date.now() + 3_600_000).toISOString();
    const id = await gamePromotion('raffle', { budget: '1000.00', memberCap: '100.00' }, settings({
      freeTickets: 3,
      drawAt,
      prizes: [
        { labelPt: '1º prêmio', labelEn: '1st prize', kind: 'cash', amount: '100.00', wageringMultiple: null, expiryDays: null, weight: 1 },
        { labelPt: 'R$ 10', labelEn: 'R$ 10', kind: 'cash', amount: '10.00', wageringMultiple: null, expiryDays: null, weight: 4 },
      ],
    }));
    const ids = await members(12);
    await Promise.all(ids.map((memberId, index) => games.enterRaffle(id, memberId, { key: `entry-${index}-x`, tickets: (index % 3) + 1, language: 'pt' })));
    // A replayed entry enters nothing more; more tickets than earned are refused.
    await games.enterRaffle(id, ids[0]!, { key: 'entry-0-x', tickets: 1, language: 'pt' });
    await expect(games.enterRaffle(id, ids[2]!, { key: 'entry-2-more', tickets: 1, language: 'pt' })).rejects.toMatchObject({ code: 'promotions.no_tickets' });
    expect((await games.drawDueRaffles()).raffles).toBe(0);
    clock = new Date(Date.now() + 3_700_000);
    await expect(games.enterRaffle(id, ids[1]!, { key: 'entry-late-1', tickets: 1, language: 'pt' })).rejects.toMatchObject({ code: 'promotions.not_running' });
    const [first, second] = await Promise.all([games.drawDueRaffles(), games.drawDueRaffles()]);
    expect(first.winners + second.winners).toBe(5);
    expect((await games.drawDueRaffles()).raffles).toBe(0);
    const winners = await ctx.core.db.selectFrom('promotions_raffle_winner').select(['member_id', 'place', 'reward_id']).where('promotion_id', '=', id).orderBy('place').execute();
    expect(winners.map((winner) => winner.place)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(winners.map((winner) => winner.member_id)).size).toBe(5);
    const rewards = await ctx.core.db.selectFrom('promotions_reward').select(['amount', 'status', 'source_key']).where('promotion_id', '=', id).orderBy('source_key').execute();
    expect(rewards.map((reward) => reward.amount)).toEqual([10_000n, 1000n, 1000n, 1000n, 1000n]);
    expect(rewards.every((reward) => reward.status === 'claimable')).toBe(true);
    const view = await games.view(id, 'en', winners[0]!.member_id);
    expect(view.raffle!.winners).toHaveLength(5);
    expect(view.raffle!.winners[0]).toMatchObject({ place: 1, prize: '1st prize', amount: '100.00', mine: true });
    expect(view.raffle!.winners[0]!.account).toContain('***');
    expect(view.raffle!.ticketsEntered).toBe(24);
  }, 60_000);
});
