import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newMember, newOperator, type TestOperator } from '../../../../test/builders.ts';
import { createTestContext, testLogger, type TestContext } from '../../../../test/test-context.ts';
import { createHttpApp, type HttpApp } from '../../../platform/http/app.ts';
import { consoleFixtures } from './console-test-fixtures.ts';
import { liveConsoleRoutes } from './index.ts';

/**
 * The live tables console's API on a real PostgreSQL: an app of its own with the back office's
 * operator sessions and these routes (the publish port recorded), rows set up as the leader and
 * the player's paths would leave them.
 */
let ctx: TestContext;
let app: HttpApp;
let risk: TestOperator;
let support: TestOperator;
let finance: TestOperator;
const published: Array<{ table: string; type: string; messageId?: string }> = [];
const f = consoleFixtures(() => ctx.core.db);

beforeAll(async () => {
  ctx = await createTestContext();
  app = await createHttpApp({ config: ctx.config, logger: testLogger, db: ctx.core.db });
  ctx.core.modules.backoffice.installAuth(app);
  const { backoffice, accounts } = ctx.core.modules;
  await app.register(
    liveConsoleRoutes({
      db: ctx.core.db,
      publish: async (table, message) => void published.push({ table, ...message }),
      ports: {
        requireOperator: backoffice.api.requireOperator,
        audit: backoffice.api.audit,
        memberIdOf: async (account) => (await accounts.api.directory.findMemberByAccount(account))?.id,
        accountNamesOf: accounts.api.accountNamesOf,
      },
    }),
    { prefix: '/api' },
  );
  await app.ready();
  risk = await newOperator(ctx.core, ctx.app, 'risk');
  support = await newOperator(ctx.core, ctx.app, 'support');
  finance = await newOperator(ctx.core, ctx.app, 'finance');
}, 120_000);
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
type Json = Record<string, any>;
async function call(operator: TestOperator, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<{ status: number; body: Json }> {
  const response = await app.inject({ method, url: `/api/backoffice/live${url}`, headers: bearer(operator.token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as Json };
}
const auditRows = async (action: string, targetId: string) => (await sql<{ details: Json }>`select details from backoffice_audit where action = ${action} and target_id = ${targetId} order by id`.execute(ctx.core.db)).rows;
const member = async () => {
  const created = await newMember(ctx.core);
  return { account: created.account, id: (await ctx.core.modules.accounts.api.directory.findMemberByAccount(created.account))!.id };
};
const change = (extra: object) => ({ requestId: randomUUID(), reason: 'matrix', ...extra });

describe('tables', () => {
  it('lists tables and changes status, limits and betting window once per request id, audited and published', async () => {
    const code = await f.table('roulette');
    await f.round(code, 1, { phase: 'betting', seed: 'a'.repeat(64) });
    const list = await call(finance, 'GET', '/tables');
    expect(list.status).toBe(200);
    const row = (list.body.tables as Json[]).find((table) => table.code === code)!;
    expect(row).toMatchObject({ game: 'roulette', status: 'open', bettingSeconds: 15, limits: { perType: { straight: { min: '1.00', max: '100.00' } }, roundMax: '10000.00' }, currentRound: { number: 1, phase: 'betting' }, shoe: null });

    expect((await call(finance, 'PATCH', `/tables/${code}`, change({ status: 'closed' }))).status).toBe(403);
    const body = change({ status: 'closed', bettingSeconds: 20, limits: { perType: { straight: { min: '2.00', max: '50.00' }, dozen: { min: '1.00', max: '200.00' } }, roundMax: '500.00' } });
    const changed = await call(risk, 'PATCH', `/tables/${code}`, body);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ status: 'closed', bettingSeconds: 20, limits: { perType: { dozen: { min: '1.00', max: '200.00' } }, roundMax: '500.00' } });
    const stored = await sql<{ limits: Json; betting_ms: number }>`select limits, betting_ms from live_table where code = ${code}`.execute(ctx.core.db);
    expect(stored.rows[0]).toMatchObject({ betting_ms: 20_000, limits: { perType: { straight: { min: '200', max: '5000' } }, roundMax: '50000' } });
    expect(published.filter((each) => each.table === code)).toEqual([{ table: code, type: 'live.table_changed' }]);

    // The same submission again: the first outcome, nothing changed, no second audit or message.
    const replay = await call(risk, 'PATCH', `/tables/${code}`, { ...body, status: 'open' });
    expect(replay.status).toBe(200);
    expect(replay.body.status).toBe('closed');
    const audits = await auditRows('live.table.updated', code);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ requestId: body.requestId, reason: 'matrix', before: { status: 'open', bettingSeconds: 15 }, after: { status: 'closed', bettingSeconds: 20 } });
    expect(published.filter((each) => each.table === code)).toHaveLength(1);
    // After a later change, the first request's replay still answers its own outcome.
    expect((await call(risk, 'PATCH', `/tables/${code}`, change({ status: 'open' }))).body.status).toBe('open');
    expect((await call(risk, 'PATCH', `/tables/${code}`, body)).body).toMatchObject({ status: 'closed', bettingSeconds: 20 });
    expect((await call(risk, 'GET', '/tables')).body.tables.find((table: Json) => table.code === code).status).toBe('open');
  });

  it('refuses bad limits, unknown tables and malformed input with translated codes', async () => {
    const code = await f.table('baccarat');
    const refuse = async (payload: object, status: number, codeOrField: string) => {
      const answer = await call(risk, 'PATCH', `/tables/${code}`, payload);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.error.code === codeOrField || answer.body.error.details?.fields?.[0]?.message === codeOrField, JSON.stringify(answer.body)).toBe(true);
    };
    const limits = (perType: object, roundMax = '1000.00') => change({ limits: { perType, roundMax } });
    await refuse(limits({ player: { min: '10.00', max: '5.00' } }), 400, 'live_console.limits_invalid');
    await refuse(limits({ player: { min: '0.00', max: '5.00' } }), 400, 'live_console.limits_invalid');
    await refuse(limits({ straight: { min: '1.00', max: '5.00' } }), 400, 'live_console.bet_type_unknown');
    await refuse(limits({ player: { min: '1.00', max: '5000.00' } }), 400, 'live_console.round_max_too_low');
    await refuse(limits({}), 400, 'live_console.limits_invalid');
    await refuse(change({}), 400, 'live_console.nothing_to_change');
    await refuse({ requestId: randomUUID(), reason: ' ', status: 'closed' }, 400, 'live_console.reason_required');
    await refuse({ requestId: 'nope', reason: 'x', status: 'closed' }, 400, 'live_console.request_id_invalid');
    await refuse(change({ bettingSeconds: 2 }), 400, 'validation.failed');
    expect((await call(risk, 'PATCH', '/tables/nowhere-1', change({ status: 'closed' }))).body.error.code).toBe('live_console.table_not_found');
    expect((await call(risk, 'PATCH', '/tables/NO_SUCH', change({ status: 'closed' }))).status).toBe(400);
    expect(await auditRows('live.table.updated', code)).toHaveLength(0);
  });

  it('asks for a new baccarat shoe once, and refuses it for roulette or a table without a shoe', async () => {
    const code = await f.table('baccarat');
    expect((await call(risk, 'POST', `/tables/${code}/new-shoe`, change({}))).body.error.code).toBe('live_console.no_shoe');
    const shoe = await f.shoe(code);
    const body = change({});
    const first = await call(risk, 'POST', `/tables/${code}/new-shoe`, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.shoe).toMatchObject({ id: shoe.id.toString(), hash: shoe.hash });
    expect((await sql<{ ending: boolean }>`select ending from live_shoe where id = ${shoe.id}`.execute(ctx.core.db)).rows[0]!.ending).toBe(true);
    expect((await call(risk, 'POST', `/tables/${code}/new-shoe`, body)).status).toBe(200);
    expect(await auditRows('live.shoe.ending', code)).toHaveLength(1);
    expect(published.filter((each) => each.table === code)).toHaveLength(1);
    // The same id for another change is refused rather than answered with the wrong outcome.
    expect((await call(risk, 'PATCH', `/tables/${code}`, { ...body, status: 'closed' })).body.error.code).toBe('live_console.request_id_reused');

    const roulette = await f.table('roulette');
    const wrong = await call(risk, 'POST', `/tables/${roulette}/new-shoe`, change({}));
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe('live_console.not_baccarat');
    expect((await call(support, 'POST', `/tables/${code}/new-shoe`, change({}))).status).toBe(403);
  });
});

describe('rounds', () => {
  it('lists rounds with bet totals and shows seeds only once players would see them', async () => {
    const roulette = await f.table('roulette');
    const player = await member();
    const other = await member();
    const done = await f.round(roulette, 1, { phase: 'result', seed: 'b'.repeat(64), result: { game: 'roulette', number: 17, colour: 'black' } });
    await f.bet(done, roulette, player.id, [{ spot: 'straight:17', amount: '1000', win: '36000' }], 'settled', 36_000n, true);
    await f.bet(done, roulette, other.id, [{ spot: 'red', amount: '500', win: '0' }], 'settled', 0n, false);
    await f.bet(done, roulette, other.id, [{ spot: 'odd', amount: '200' }], 'refunded', null, true);
    await f.round(roulette, 2, { phase: 'dealing', seed: 'c'.repeat(64), result: { game: 'roulette', number: 0, colour: 'green' } });

    const list = await call(support, 'GET', `/rounds?table=${roulette}&pageSize=1`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(list.body.rounds[0]).toMatchObject({ number: 2, phase: 'dealing', verification: { game: 'roulette', serverSeed: null, clientSeed: roulette, nonce: 2 } });
    const page2 = await call(support, 'GET', `/rounds?table=${roulette}&pageSize=1&page=2`);
    expect(page2.body.rounds[0]).toMatchObject({ number: 1, bets: 3, players: 2, staked: '15.00', paid: '362.00', unclosed: 1, result: { number: 17 }, verification: { serverSeed: 'b'.repeat(64) } });
    expect((await call(support, 'GET', `/rounds?table=${roulette}&page=9`)).body).toMatchObject({ rounds: [], total: 2 });

    const detail = await call(finance, 'GET', `/rounds/${done}`);
    expect(detail.status).toBe(200);
    expect(detail.body.bets).toHaveLength(3);
    expect(detail.body.bets[0]).toMatchObject({ account: player.account, amount: '10.00', win: '360.00', status: 'settled', chips: [{ spot: 'straight:17', amount: '10.00', win: '360.00' }] });
    expect(detail.body.bets[2]).toMatchObject({ account: other.account, win: null, chips: [{ spot: 'odd', amount: '2.00', win: null }] });

    expect((await call(support, 'GET', '/rounds/999999999')).body.error.code).toBe('live_console.round_not_found');
    expect((await call(support, 'GET', '/rounds/abc')).status).toBe(400);
    expect((await call(support, 'GET', '/rounds?pageSize=500')).status).toBe(400);
  });

  it('keeps a baccarat shoe seed hidden until the shoe has ended', async () => {
    const code = await f.table('baccarat');
    const ended = await f.shoe(code, { number: 1, ended: true });
    const current = await f.shoe(code, { number: 2 });
    const hand = { game: 'baccarat', playerCards: ['9S', 'KD'], bankerCards: ['2H', '3C'], playerTotal: 9, bankerTotal: 5, winner: 'player', playerPair: false, bankerPair: false, natural: true };
    await f.round(code, 1, { phase: 'result', shoeId: ended.id, result: hand });
    await f.round(code, 2, { phase: 'result', shoeId: current.id, result: hand });
    const list = await call(support, 'GET', `/rounds?table=${code}`);
    const [second, first] = list.body.rounds as Json[];
    expect(second!.verification).toMatchObject({ game: 'baccarat', shoeId: current.id.toString(), shoeHash: current.hash, shoeSeed: null, nonce: 2, firstCard: 17, cardsUsed: 5 });
    expect(first!.verification).toMatchObject({ shoeSeed: ended.seed, nonce: 1, firstCard: 12 });
  });
});

describe('chat moderation', () => {
  it('lists messages as typed and shown, removes one once (published), and filters by account', async () => {
    const code = await f.table('roulette');
    const author = await member();
    const quiet = await member();
    const rude = await f.message(code, author.id, 'you are a idiota', 'you are a ******');
    await f.message(code, quiet.id, 'boa sorte');

    const list = await call(finance, 'GET', `/chat?table=${code}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.messages[1]).toMatchObject({ id: rude.toString(), account: author.account, original: 'you are a idiota', shown: 'you are a ******', filtered: true, removed: false });
    expect((await call(finance, 'GET', `/chat?account=${author.account}`)).body.messages).toHaveLength(1);
    expect((await call(finance, 'GET', '/chat?account=nobody-here')).body).toMatchObject({ messages: [], total: 0 });

    expect((await call(finance, 'POST', `/chat/${rude}/remove`, change({}))).status).toBe(403);
    const body = change({ reason: 'insult' });
    const removed = await call(support, 'POST', `/chat/${rude}/remove`, body);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.removed).toBe(true);
    expect((await call(support, 'POST', `/chat/${rude}/remove`, body)).status).toBe(200);
    expect(published.filter((each) => each.table === code)).toEqual([{ table: code, type: 'live.chat_removed', messageId: rude.toString() }]);
    expect(await auditRows('live.chat.removed', rude.toString())).toHaveLength(1);
    expect((await call(support, 'POST', '/chat/999999999/remove', change({}))).body.error.code).toBe('live_console.message_not_found');
    expect((await call(support, 'POST', '/chat/x1/remove', change({}))).status).toBe(400);
  });

  it('mutes an account for some minutes, lists it, lifts it with 0, refuses unknown accounts', async () => {
    const noisy = await member();
    const body = change({ account: noisy.account, minutes: 30, reason: 'spam' });
    const muted = await call(support, 'POST', '/mutes', body);
    expect(muted.status, JSON.stringify(muted.body)).toBe(200);
    expect(muted.body.mute).toMatchObject({ account: noisy.account, reason: 'spam', by: support.username });
    const until = Date.parse(muted.body.mute.until as string);
    expect(until - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await call(support, 'POST', '/mutes', body)).body.mute.until).toBe(muted.body.mute.until);
    expect(((await call(support, 'GET', '/mutes')).body.mutes as Json[]).some((mute) => mute.account === noisy.account)).toBe(true);
    expect((await call(finance, 'GET', '/mutes')).status).toBe(403);

    const lifted = await call(support, 'POST', '/mutes', change({ account: noisy.account, minutes: 0 }));
    expect(lifted.body).toEqual({ account: noisy.account, mute: null });
    expect(((await call(support, 'GET', '/mutes')).body.mutes as Json[]).some((mute) => mute.account === noisy.account)).toBe(false);
    expect((await auditRows('live.chat.muted', noisy.id.toString())).length + (await auditRows('live.chat.unmuted', noisy.id.toString())).length).toBe(2);

    const unknown = await call(support, 'POST', '/mutes', change({ account: 'nobody-at-all', minutes: 5 }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('live_console.account_unknown');
    expect((await call(support, 'POST', '/mutes', change({ account: noisy.account, minutes: -1 }))).status).toBe(400);
    expect((await call(support, 'POST', '/mutes', change({ account: '', minutes: 5 }))).status).toBe(400);
  });
});
