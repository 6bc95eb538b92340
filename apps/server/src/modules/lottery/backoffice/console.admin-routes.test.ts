import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOperator, type TestOperator } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { randomResult } from '../index.ts';
import { lotteryFixtures } from '../lottery-test-fixtures.ts';

/**
 * The lottery console's API on a real PostgreSQL through the whole app: games, odds tables (a
 * change applies to later tickets only), draws and exposure with caps, and the maker-checker
 * result entry and cancellation through the approvals module.
 */
let ctx: TestContext;
let maker: TestOperator;
let checker: TestOperator;
let secondChecker: TestOperator;
const f = lotteryFixtures(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.core.modules.lottery.api.ready();
  maker = await newOperator(ctx.core, ctx.app, 'risk');
  checker = await newOperator(ctx.core, ctx.app, 'owner');
  secondChecker = await newOperator(ctx.core, ctx.app, 'risk');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
type Json = Record<string, any>;
async function call(operator: TestOperator, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object): Promise<{ status: number; body: Json }> {
  const response = await ctx.app.inject({ method, url: url.startsWith('/api/') ? url : `/api/backoffice/lottery${url}`, headers: bearer(operator.token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as Json };
}
const approve = (operator: TestOperator, id: string) => call(operator, 'POST', `/api/backoffice/approvals/${id}/approve`);
const auditRows = async (action: string, targetId: string) =>
  (await sql<{ details: Json }>`select details from backoffice_audit where action = ${action} and target_id = ${targetId} order by id`.execute(ctx.core.db)).rows;

describe('games and odds', () => {
  it('lists games with their schedule and changes one, audited, refusing bad values with their codes', async () => {
    const list = await call(maker, 'GET', '/games');
    expect(list.status).toBe(200);
    const hcm = (list.body.games as Json[]).find((game) => game.code === 'VN_HCM')!;
    expect(hcm).toMatchObject({ family: 'vn_south', intervalMinutes: null, enabled: true });
    expect(hcm.schedule.length).toBeGreaterThan(0);
    const fast = (list.body.games as Json[]).find((game) => game.family === 'fast_5d')!;
    expect(fast.intervalMinutes).toBeGreaterThan(0);

    const tooLong = await call(maker, 'PATCH', '/games/VN_HCM', { requestId: randomUUID(), closeBeforeSeconds: 90_000 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details.fields[0].message).toBe('lottery_console.close_before_invalid');
    expect((await call(maker, 'PATCH', '/games/VN_HCM', { requestId: randomUUID() })).status).toBe(400);
    expect((await call(maker, 'PATCH', '/games/VN_HCM', { requestId: randomUUID(), numberLiability: '-5.00' })).status).toBe(400);
    expect((await call(maker, 'PATCH', '/games/VN_HCM', { requestId: randomUUID(), numberLiability: '0.00' })).body.error.code).toBe('lottery_console.amount_invalid');
    expect((await call(maker, 'PATCH', '/games/NOPE', { requestId: randomUUID(), enabled: false })).body.error.code).toBe('lottery_console.game_not_found');

    const requestId = randomUUID();
    const changed = await call(maker, 'PATCH', '/games/VN_HCM', { requestId, closeBeforeSeconds: 600, numberLiability: '25000.00' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ closeBeforeSeconds: 600, numberLiability: '25000.00' });
    // The same request again changes nothing more and writes no second audit row.
    expect((await call(maker, 'PATCH', '/games/VN_HCM', { requestId, closeBeforeSeconds: 600, numberLiability: '25000.00' })).status).toBe(200);
    const audits = await auditRows('lottery.game.updated', 'VN_HCM');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ requestId, before: { closeBeforeSeconds: hcm.closeBeforeSeconds }, after: { closeBeforeSeconds: 600, numberLiability: '25000.00' } });
    await call(maker, 'PATCH', '/games/VN_HCM', { requestId: randomUUID(), closeBeforeSeconds: hcm.closeBeforeSeconds, numberLiability: hcm.numberLiability });
  });

  it('edits an odds table within bounds and the same prize keys; tickets keep the odds they were accepted with', async () => {
    const tables = await call(maker, 'GET', '/odds?gameCode=VN_DNG&prizeMode=LOTT');
    const de = (tables.body.tables as Json[]).find((table) => table.betType === 'de_dac_biet')!;
    expect(de.odds).toEqual({ hit: 95_000 });
    const url = '/odds/VN_DNG/LOTT/de_dac_biet';
    expect((await call(maker, 'PUT', url, { requestId: randomUUID(), odds: { hit: 999 } })).body.error.details.fields[0].message).toBe('lottery_console.odds_out_of_bounds');
    expect((await call(maker, 'PUT', url, { requestId: randomUUID(), odds: { hit: 1.5 } })).status).toBe(400);
    expect((await call(maker, 'PUT', url, { requestId: randomUUID(), odds: { hit: 90_000, extra: 5_000 } })).body.error.code).toBe('lottery_console.odds_keys_mismatch');
    expect((await call(maker, 'PUT', '/odds/VN_DNG/SEA/de_dac_biet', { requestId: randomUUID(), odds: { hit: 90_000 } })).body.error.code).toBe('lottery_console.odds_not_found');
    expect((await call(maker, 'PUT', '/odds/VN_DNG/XX/de_dac_biet', { requestId: randomUUID(), odds: { hit: 90_000 } })).status).toBe(400);

    const drawId = await f.newDraw('VN_DNG');
    const { token } = await f.player();
    const before = await f.place(token, f.ticket(drawId, 'vn_central', { betType: 'de_dac_biet', selections: ['07'] }));
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const saved = await call(maker, 'PUT', url, { requestId: randomUUID(), odds: { hit: 90_500 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ odds: { hit: 90_500 }, updatedBy: maker.username });
    const after = await f.place(token, f.ticket(drawId, 'vn_central', { betType: 'de_dac_biet', selections: ['08'] }));
    expect(before.body.odds).toEqual({ hit: 95_000 });
    expect(after.body.odds).toEqual({ hit: 90_500 });
    const stored = await sql<{ odds: Json }>`select odds from lottery_ticket where id = ${BigInt(before.body.id as string)}`.execute(ctx.core.db);
    expect(stored.rows[0]!.odds).toEqual({ hit: 95_000 });
    expect((await auditRows('lottery.odds.updated', 'VN_DNG LOTT de_dac_biet'))[0]!.details).toMatchObject({ before: { odds: { hit: 95_000 } }, after: { odds: { hit: 90_500 } } });
    await call(maker, 'PUT', url, { requestId: randomUUID(), odds: { hit: 95_000 } });
  });
});

describe('draws, exposure and caps', () => {
  it('counts a draw tickets, stake and exposure per number, highest first, and caps a draw and a number', async () => {
    const drawId = await f.newDraw('VN_CTH');
    const { token } = await f.player();
    expect((await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07', '18'], unitStake: '2.00' }))).status).toBe(200);
    expect((await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'], unitStake: '1.00' }))).status).toBe(200);

    const list = await call(maker, 'GET', `/draws?gameCode=VN_CTH&status=open`);
    const row = (list.body.content as Json[]).find((draw) => draw.id === drawId.toString())!;
    expect(row).toMatchObject({ tickets: 2, stake: '5.00', potentialPayout: '475.00', paid: '0.00' });
    expect((await call(maker, 'GET', '/draws?status=nonsense')).status).toBe(400);
    expect((await call(maker, 'GET', '/draws/999999999')).body.error.code).toBe('lottery_console.draw_not_found');
    expect((await call(maker, 'GET', '/draws/abc')).status).toBe(400);
    const detail = await call(maker, 'GET', `/draws/${drawId}`);
    expect(detail.body).toMatchObject({ status: 'open', ticketsByStatus: { open: 2 }, results: [] });

    const exposure = await call(maker, 'GET', `/draws/${drawId}/exposure`);
    expect(exposure.status, JSON.stringify(exposure.body)).toBe(200);
    expect(exposure.body.numbers.map((each: Json) => [each.number, each.potentialPayout, each.stake, each.tickets])).toEqual([
      ['07', '285.00', '5.00', 2],
      ['18', '190.00', '4.00', 1],
    ]);
    expect(exposure.body).toMatchObject({ drawCap: null, totalNumbers: 2, totalLiability: '475.00' });

    expect((await call(maker, 'PUT', `/draws/${drawId}/caps`, { requestId: randomUUID(), cap: 'lots' })).status).toBe(400);
    const drawCap = await call(maker, 'PUT', `/draws/${drawId}/caps`, { requestId: randomUUID(), cap: '400.00' });
    expect(drawCap.body).toMatchObject({ drawCap: '400.00', cap: '400.00' });
    // 07 carries 285.00: one more 1.00 unit (95.00 more) is under 400.00, two (190.00 more) are not.
    expect((await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'], unitStake: '2.00' }))).body.error.code).toBe('lottery.number_limit_reached');
    const numberCap = await call(maker, 'PUT', `/draws/${drawId}/caps`, { requestId: randomUUID(), number: '18', cap: '200.00' });
    expect(numberCap.status, JSON.stringify(numberCap.body)).toBe(200);
    expect((await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['18'], unitStake: '1.00' }))).body.error.code).toBe('lottery.number_limit_reached');
    expect((await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'], unitStake: '1.00' }))).status).toBe(200);
    const capped = (await call(maker, 'GET', `/draws/${drawId}/exposure`)).body;
    expect(capped.numbers.find((each: Json) => each.number === '18')).toMatchObject({ cap: '200.00', capOverride: '200.00', usedPercent: 95 });
    expect(await auditRows('lottery.cap.number', drawId.toString())).toHaveLength(1);

    const closed = await f.newDraw('VN_CTH', { status: 'closed', closesInMs: -60_000, drawInMs: 60_000 });
    expect((await call(maker, 'PUT', `/draws/${closed}/caps`, { requestId: randomUUID(), cap: '1.00' })).body.error.code).toBe('lottery_console.draw_closed');
    // A refused ticket leaves an empty exposure row behind: the list shows numbers that carry something.
    expect((await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['55'], unitStake: '90000.00' }))).status).toBe(400);
    expect((await call(maker, 'GET', `/draws/${drawId}/exposure`)).body.numbers.map((each: Json) => each.number)).toEqual(['07', '18']);
  });

  it('finds tickets by draw, member and status', async () => {
    const drawId = await f.newDraw('VN_VLO');
    const { member, token } = await f.player();
    await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'bao_lo_2', selections: ['33'] }));
    const byDraw = await call(maker, 'GET', `/tickets?drawId=${drawId}`);
    expect(byDraw.body.content).toMatchObject([{ member: member.account, drawId: drawId.toString(), betType: 'bao_lo_2', selections: ['33'], status: 'open', return: null }]);
    expect((await call(maker, 'GET', `/tickets?member=${member.account}&status=open`)).body.total).toBe(1);
    expect((await call(maker, 'GET', '/tickets?member=nobody-here')).body.error.code).toBe('lottery_console.member_not_found');
    expect((await call(maker, 'GET', '/tickets?status=nonsense')).status).toBe(400);
  });
});

describe('results and cancellation (maker-checker)', () => {
  const propose = (drawId: bigint, result: unknown, operator = maker) => call(operator, 'POST', `/draws/${drawId}/results`, { requestId: randomUUID(), result, reason: 'official sheet' });

  it('takes a result only for a closed real-world draw, validated, and applies it once on another operator\'s approval', async () => {
    const open = await f.newDraw('VN_BTR');
    expect((await propose(open, randomResult('vn_south'))).body.error.code).toBe('lottery_console.draw_not_drawable');
    const drawId = await f.newDraw('VN_BTR', { status: 'closed', closesInMs: -60_000, drawInMs: -1_000 });
    expect((await propose(drawId, randomResult('vn_north'))).body.error.code).toBe('lottery_console.result_invalid');
    const short = randomResult('vn_south') as Json;
    short.prizes[0].numbers = ['12'];
    expect((await propose(drawId, short)).body.error).toMatchObject({ code: 'lottery_console.result_invalid', details: { reason: 'lottery.result_digits' } });
    expect((await propose(drawId, { family: 'vn_south' })).status).toBe(400);
    expect((await call(maker, 'POST', `/draws/${drawId}/results`, { requestId: randomUUID(), result: randomResult('vn_south'), reason: '' })).status).toBe(400);

    const result = randomResult('vn_south');
    const proposed = await propose(drawId, result);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    expect(proposed.body).toMatchObject({ status: 'pending_approval', replayed: false });
    const approvalId = proposed.body.approvalId as string;
    // The maker cannot approve its own request; nothing applied.
    expect((await approve(maker, approvalId)).body.error.code).toBe('backoffice.approval_self_decision');
    expect(await f.drawStatus(drawId)).toBe('closed');

    // Two checkers at once: one applies, the other finds it decided.
    const answers = await Promise.all([approve(checker, approvalId), approve(secondChecker, approvalId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error.code).toBe('backoffice.approval_not_pending');
    const versions = await sql<{ version: number; source: string; entered_by: string }>`select version, source, entered_by from lottery_result where draw_id = ${drawId}`.execute(ctx.core.db);
    expect(versions.rows).toHaveLength(1);
    expect(versions.rows[0]).toMatchObject({ version: 1, source: 'manual' });
    expect(versions.rows[0]!.entered_by).toContain(maker.username);
    expect(await auditRows('lottery.result.entered', drawId.toString())).toHaveLength(1);

    // The same result again is no correction; another one is, applied on approval as version 2.
    expect((await propose(drawId, result)).body.error.code).toBe('lottery_console.result_unchanged');
    const correction = await propose(drawId, randomResult('vn_south'));
    expect(correction.status).toBe(202);
    const applied = await approve(checker, correction.body.approvalId as string);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.result).toMatchObject({ correction: true, version: 2 });
    const detail = (await call(maker, 'GET', `/draws/${drawId}`)).body;
    expect(detail.results.map((each: Json) => [each.version, each.inForce])).toEqual([[2, true], [1, false]]);
  });

  it('refuses a manual result for a fast draw (commit-reveal only)', async () => {
    const fast = await f.newDraw('ELOTT_1M', { status: 'closed', closesInMs: -5_000, drawInMs: -1_000 });
    expect((await propose(fast, { family: 'fast_5d', balls: [1, 2, 3, 4, 5] })).body.error.code).toBe('lottery_console.draw_not_drawable');
  });

  it('cancels a draw with refunds once, even approved by two checkers at once', async () => {
    const drawId = await f.newDraw('VN_AGI');
    const { member, token } = await f.player();
    expect((await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07', '18'], unitStake: '3.00' }))).status).toBe(200);
    expect(await f.cash(member)).toBe(994_00n);
    expect((await call(maker, 'POST', `/draws/${drawId}/cancel`, { requestId: randomUUID(), reason: '  ' })).body.error.details.fields[0].message).toBe('lottery_console.reason_required');
    const proposed = await call(maker, 'POST', `/draws/${drawId}/cancel`, { requestId: randomUUID(), reason: 'typhoon' });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    // A double click answers the pending request.
    const again = await call(maker, 'POST', `/draws/${drawId}/cancel`, { requestId: randomUUID(), reason: 'typhoon' });
    expect(again.body).toMatchObject({ approvalId: proposed.body.approvalId, replayed: true });
    expect((await approve(maker, proposed.body.approvalId as string)).status).toBe(403);

    const answers = await Promise.all([approve(checker, proposed.body.approvalId as string), approve(secondChecker, proposed.body.approvalId as string)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body.result).toMatchObject({ refunds: 1 });
    await Promise.all([f.api().settlePass(), f.api().settlePass()]);
    await f.api().settlePass();
    expect(await f.cash(member)).toBe(1_000_00n);
    expect(await f.drawStatus(drawId)).toBe('cancelled');
    expect((await call(maker, 'GET', `/draws/${drawId}`)).body).toMatchObject({ status: 'cancelled', cancelReason: 'typhoon' });
    // A cancelled draw cannot be cancelled again.
    expect((await call(maker, 'POST', `/draws/${drawId}/cancel`, { requestId: randomUUID(), reason: 'again' })).body.error.code).toBe('lottery_console.draw_not_cancellable');
  });
});
