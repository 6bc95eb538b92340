import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceTicketRequest, SportsbookTicket } from '@app/contracts';
import { newPlayer, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import type { FeedMessage } from '../index.ts';
import { feedClock, expectLiabilityInStep } from '../sportsbook-test-fixtures.ts';
import { MAX_BATCH } from './placement-batch.ts';

/**
 * Placement in batches (placement-batch.ts): tickets sent at the same moment are decided in one
 * batch — the first goes alone, those that arrive meanwhile form the next — and each keeps its own
 * answer: liability counts the batch's earlier tickets, a request id repeated inside the batch is
 * one ticket, a member short of money is refused alone; and the provider's bet batch answers each
 * bet as a single bet would (once, replays, refusals).
 */
let ctx: TestContext;
const { start: T0, tick } = feedClock(Date.UTC(2026, 10, 29, 21, 0, 0));

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const tickets = () => ctx.core.modules.sportsbook.api.tickets!;
const setting = (column: string, value: number | bigint) => sql`update sportsbook_ticket_setting set ${sql.ref(column)} = ${value} where id = 1`.execute(ctx.core.db);

async function newEvent(): Promise<string> {
  const id = `batch:match:${randomUUID().slice(0, 12)}`;
  const apply = (message: FeedMessage) => ctx.core.modules.sportsbook.api.applyFeedMessage(message);
  await apply({
    kind: 'fixture_change',
    producer: 'batchfeed',
    eventId: id,
    timestamp: tick(id),
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'batch:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'batch:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: 'Bahia',
    away: 'Vitória',
    startAt: T0 + 3_600_000,
  } as FeedMessage);
  await apply({ kind: 'odds_change', producer: 'batchfeed', eventId: id, timestamp: tick(id), markets: [{ type: '1x2', status: 'active', outcomes: [{ id: 'home', odds: 2000 }, { id: 'draw', odds: 3000 }, { id: 'away', odds: 4000 }] }] } as FeedMessage);
  return id;
}

const single = (eventId: string, stake = '10.00', outcomeId = 'home'): PlaceTicketRequest => ({
  requestId: randomUUID(),
  betType: { kind: 'single' },
  stakeMode: 'unit',
  stake,
  oddsPolicy: 'none',
  legs: [{ eventId, marketKey: '1x2', outcomeId, odds: outcomeId === 'home' ? 2000 : outcomeId === 'draw' ? 3000 : 4000 }],
});

async function attempt(member: TestPlayer, body: PlaceTicketRequest): Promise<SportsbookTicket | string> {
  try {
    return await tickets().place(member.id, body);
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}
const cash = (member: TestPlayer) => ctx.core.modules.wallet.api.cashOf(member.id);

describe('placement batches', () => {
  it('liability counts the earlier tickets of the same batch: of twelve at once, exactly those that fit stand', async () => {
    const eventId = await newEvent();
    // Each ticket's potential return is R$ 20,00; the market holds R$ 100,00: five stand, whatever the batching.
    await setting('market_liability_cents', 100_00n);
    try {
      const members = await Promise.all(Array.from({ length: 12 }, () => newPlayer(ctx.core, { balance: 100_00n })));
      const answers = await Promise.all(members.map((member) => attempt(member, single(eventId, '10.00'))));
      const open = answers.filter((answer): answer is SportsbookTicket => typeof answer !== 'string');
      expect(open).toHaveLength(5);
      expect(answers.filter((answer) => answer === 'sportsbook.limit_exceeded')).toHaveLength(7);
      for (const ticket of open) expect(ticket).toMatchObject({ status: 'open', potentialReturn: '20.00' });
      const stored = await sql<{ total: string }>`
        select coalesce(sum(t.potential_return_cents), 0)::text as total from sportsbook_ticket t join sportsbook_ticket_leg l on l.ticket_id = t.id
        where l.event_id = ${eventId} and t.status = 'open'`.execute(ctx.core.db);
      expect(stored.rows[0]!.total).toBe('10000');
      // Refused before the insert: no ticket row, no money taken.
      const debited = await Promise.all(members.map(cash));
      expect(debited.filter((balance) => balance === 90_00n)).toHaveLength(5);
      expect(debited.filter((balance) => balance === 100_00n)).toHaveLength(7);
    } finally {
      await setting('market_liability_cents', 10_000_000n);
    }
  });

  it('the same request sent five times among twenty other tickets at once: one ticket, one debit, every copy answered with it', async () => {
    const eventId = await newEvent();
    const member = await newPlayer(ctx.core, { balance: 100_00n });
    const others = await Promise.all(Array.from({ length: 20 }, () => newPlayer(ctx.core, { balance: 100_00n })));
    const body = single(eventId, '3.00');
    const answers = await Promise.all([...others.map((other) => attempt(other, single(eventId, '1.00', 'draw'))), ...Array.from({ length: 5 }, () => attempt(member, body))]);
    const copies = answers.slice(20) as SportsbookTicket[];
    expect(new Set(copies.map((copy) => copy.id)).size).toBe(1);
    for (const copy of copies) expect(copy).toMatchObject({ requestId: body.requestId, status: expect.stringMatching(/^(open|pending_debit)$/) });
    expect((await tickets().ticket(member.id, BigInt(copies[0]!.id))).status).toBe('open');
    expect(await cash(member)).toBe(97_00n);
    for (const answer of answers.slice(0, 20)) expect(answer).toMatchObject({ status: 'open', legs: [{ outcomeId: 'draw', odds: 3000 }] });
    for (const other of others) expect(await cash(other)).toBe(99_00n);
  });

  it('a member short of money among a batch is refused alone (insufficient funds, nothing taken); the others stand; the ledger balances', async () => {
    const eventId = await newEvent();
    const poor = await newPlayer(ctx.core, { balance: 15_00n });
    const rich = await Promise.all(Array.from({ length: 10 }, () => newPlayer(ctx.core, { balance: 100_00n })));
    const answers = await Promise.all([attempt(poor, single(eventId, '10.00')), ...rich.map((member) => attempt(member, single(eventId, '5.00'))), attempt(poor, single(eventId, '10.00')), attempt(poor, single(eventId, '10.00'))]);
    const poorAnswers = [answers[0], ...answers.slice(11)];
    expect(poorAnswers.filter((answer) => typeof answer !== 'string')).toHaveLength(1);
    expect(poorAnswers.filter((answer) => answer === 'sportsbook.insufficient_funds')).toHaveLength(2);
    expect(await cash(poor)).toBe(5_00n);
    const refused = await sql<{ n: string }>`select count(*)::text as n from sportsbook_ticket where member_id = ${poor.id} and status = 'refused' and refusal_code = 'sportsbook.insufficient_funds'`.execute(ctx.core.db);
    expect(refused.rows[0]!.n).toBe('2');
    for (const answer of answers.slice(1, 11)) expect(answer).toMatchObject({ status: 'open' });
    for (const member of rich) expect(await cash(member)).toBe(95_00n);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('the 18+ rule holds inside a batch (identities read once for the batch): a member without a declared identity is refused alone, nothing taken', async () => {
    const eventId = await newEvent();
    const minor = await newPlayer(ctx.core, { balance: 100_00n, adult: false });
    const adults = await Promise.all(Array.from({ length: 10 }, () => newPlayer(ctx.core, { balance: 100_00n })));
    const answers = await Promise.all([...adults.slice(0, 5).map((member) => attempt(member, single(eventId, '5.00'))), attempt(minor, single(eventId, '5.00')), ...adults.slice(5).map((member) => attempt(member, single(eventId, '5.00')))]);
    expect(answers[5]).toBe('member.age_unverified');
    expect(await cash(minor)).toBe(100_00n);
    for (const answer of [...answers.slice(0, 5), ...answers.slice(6)]) expect(answer).toMatchObject({ status: 'open' });
    for (const member of adults) expect(await cash(member)).toBe(95_00n);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('more tickets at once than a batch holds: every one answered open', async () => {
    const events = await Promise.all([newEvent(), newEvent(), newEvent()]);
    const members = await Promise.all(Array.from({ length: MAX_BATCH * 2 + 5 }, () => newPlayer(ctx.core, { balance: 50_00n })));
    const answers = await Promise.all(members.map((member, index) => attempt(member, single(events[index % 3]!, '2.00', ['home', 'draw', 'away'][index % 3]))));
    for (const answer of answers) expect(answer).toMatchObject({ status: 'open' });
    for (const member of members) expect(await cash(member)).toBe(48_00n);
  });
});

describe('provider bet batch (callbacks.handleMany bet)', () => {
  const bet = (member: TestPlayer, round: string, amount: string) => ({ playerId: member.id.toString(), transactionId: `${round}-bet`, roundId: round, gameCode: 'sportsbook', amount });

  it('each bet answered as alone: taken once, a replay gets the stored answer, one short of money refused while the others are taken', async () => {
    const eventId = await newEvent();
    const [a, b, poor] = [await newPlayer(ctx.core, { balance: 50_00n }), await newPlayer(ctx.core, { balance: 50_00n }), await newPlayer(ctx.core, { balance: 1_00n })];
    // A ticket each opens the members' sessions at the SPORTSBOOK vendor.
    for (const member of [a, b]) await tickets().place(member.id, single(eventId, '1.00'));
    await tickets().place(poor.id, single(eventId, '1.00'));
    const handleMany = ctx.core.modules.provider.api.callbacks.handleMany;
    const bodies = [bet(a, `t-${randomUUID()}`, '10.00'), bet(poor, `t-${randomUUID()}`, '5.00'), bet(b, `t-${randomUUID()}`, '7.50')];
    const first = await handleMany('SPORTSBOOK', 'bet', bodies);
    expect(first.map((answer) => answer.status)).toEqual([200, 402, 200]);
    expect(first[1]!.body).toMatchObject({ error: { code: 'INSUFFICIENT_FUNDS' } });
    expect(await cash(a)).toBe(39_00n);
    expect(await cash(b)).toBe(41_50n);
    expect(await cash(poor)).toBe(0n);
    // The same batch again: the taken bets answer their stored answers (same operator ids), nothing moves twice.
    const again = await handleMany('SPORTSBOOK', 'bet', [bodies[0], bodies[2]]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    expect((again[0]!.body as { operatorTransactionId: string }).operatorTransactionId).toBe((first[0]!.body as { operatorTransactionId: string }).operatorTransactionId);
    expect((again[1]!.body as { operatorTransactionId: string }).operatorTransactionId).toBe((first[2]!.body as { operatorTransactionId: string }).operatorTransactionId);
    expect(await cash(a)).toBe(39_00n);
    expect(await cash(b)).toBe(41_50n);
    // All taken in one batch statement when none is refused, and each is its own round.
    const ok = await handleMany('SPORTSBOOK', 'bet', [bet(a, `t-${randomUUID()}`, '1.00'), bet(b, `t-${randomUUID()}`, '1.00'), bet(a, `t-${randomUUID()}`, '1.00')]);
    expect(ok.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await cash(a)).toBe(37_00n);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('a big batch runs as a few statements of consecutive members: each bet answered, one refused alone, replays stored', async () => {
    const eventId = await newEvent();
    const members = await Promise.all(Array.from({ length: 24 }, (_, index) => newPlayer(ctx.core, { balance: index === 13 ? 2_00n : 50_00n })));
    await Promise.all(members.map((member) => tickets().place(member.id, single(eventId, '1.00'))));
    const handleMany = ctx.core.modules.provider.api.callbacks.handleMany;
    // Two bets for some members, in no particular order.
    const bodies = [...members, ...members.slice(0, 8)].reverse().map((member) => bet(member, `t-${randomUUID()}`, '2.00'));
    const answers = await handleMany('SPORTSBOOK', 'bet', bodies);
    answers.forEach((answer, index) => expect(answer.status, `bet ${index}`).toBe(bodies[index]!.playerId === members[13]!.id.toString() ? 402 : 200));
    for (const [index, member] of members.entries()) expect(await cash(member)).toBe(index === 13 ? 1_00n : index < 8 ? 45_00n : 47_00n);
    const again = await handleMany('SPORTSBOOK', 'bet', bodies);
    expect(again.map((answer) => answer.status)).toEqual(answers.map((answer) => answer.status));
    expect(again.map((answer) => (answer.body as { operatorTransactionId?: string }).operatorTransactionId)).toEqual(answers.map((answer) => (answer.body as { operatorTransactionId?: string }).operatorTransactionId));
    for (const [index, member] of members.entries()) expect(await cash(member)).toBe(index === 13 ? 1_00n : index < 8 ? 45_00n : 47_00n);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });

  it('keeps the markets\' and events\' liability totals equal to their live tickets', async () => {
    await expectLiabilityInStep(ctx.core.db);
  });
});
