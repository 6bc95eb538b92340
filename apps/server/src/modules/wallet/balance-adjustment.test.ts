import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustmentPageSchema, AdjustmentSchema } from '@app/contracts';
import { bearer, loginAs, newOperator, newPlayer, type TestOperator, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { adjustmentJournalKey } from './balance-adjustment.service.ts';

/** Maker-checker balance adjustments: POST/GET /api/backoffice/balance-adjustments, …/:id/approve|reject. */
describe('balance adjustments', () => {
  let ctx: TestContext;
  let maker: TestOperator;
  let checker: TestOperator;
  let owner: TestOperator;
  let support: TestOperator;
  let risk: TestOperator;

  beforeAll(async () => {
    ctx = await createTestContext();
    maker = await newOperator(ctx.core, ctx.app, 'finance');
    checker = await newOperator(ctx.core, ctx.app, 'finance');
    owner = await newOperator(ctx.core, ctx.app, 'owner');
    support = await newOperator(ctx.core, ctx.app, 'support');
    risk = await newOperator(ctx.core, ctx.app, 'risk');
  });
  afterAll(async () => ctx.close());

  const key = () => randomUUID();
  /** `idempotencyKey` null sends none. */
  const ask = (operator: TestOperator, body: unknown, idempotencyKey: string | null = key()) =>
    ctx.app.inject({ method: 'POST', url: '/api/backoffice/balance-adjustments', headers: { ...bearer(operator.token), ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) }, payload: body as object });
  const decide = (operator: TestOperator, id: string, decision: 'approve' | 'reject', payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/backoffice/balance-adjustments/${id}/${decision}`, headers: bearer(operator.token), ...(payload ? { payload } : {}) });
  const cashOf = (player: TestPlayer) => ctx.core.modules.wallet.api.cashOf(player.id);
  const journalsOf = (id: string) => ctx.core.db.selectFrom('wallet_journal').selectAll().where('idempotency_key', '=', adjustmentJournalKey(BigInt(id))).execute();
  const auditOf = (id: string) => ctx.core.db.selectFrom('backoffice_audit').selectAll().where('target_type', '=', 'adjustment').where('target_id', '=', id).orderBy('id').execute();

  async function pending(player: TestPlayer, amountCents: string, reason = 'Crédito de cortesia') {
    const response = await ask(maker, { memberId: player.id.toString(), amountCents, reason });
    expect(response.statusCode, response.body).toBe(201);
    return AdjustmentSchema.parse(response.json());
  }

  it('a credit waits for a second operator, then posts once through the ledger with its audit', async () => {
    const player = await newPlayer(ctx.core, { balance: 1_000n });
    const idempotencyKey = key();
    const body = { memberId: player.id.toString(), amountCents: '10000', reason: 'Bônus de boas-vindas não creditado' };
    const created = await ask(maker, body, idempotencyKey);
    expect(created.statusCode, created.body).toBe(201);
    const request = AdjustmentSchema.parse(created.json());
    expect(request).toMatchObject({ member: { id: player.id.toString(), account: player.account }, amount: '100.00', status: 'pending', requestedBy: { username: maker.username }, decidedBy: null, journalId: null });
    expect(await cashOf(player)).toBe(1_000n);

    // The same submission again (a retry, a double click): the first request, nothing new.
    const replay = await ask(maker, body, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(request.id);
    const conflict = await ask(maker, { ...body, amountCents: '20000' }, idempotencyKey);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('request.idempotency_conflict');

    // The maker cannot approve their own request.
    const own = await decide(maker, request.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('wallet.adjustment_self_approval');
    expect(await cashOf(player)).toBe(1_000n);

    const approved = await decide(checker, request.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: { id: checker.id.toString(), username: checker.username }, journalId: expect.any(String) });
    expect(await cashOf(player)).toBe(11_000n);

    const journals = await journalsOf(request.id);
    expect(journals).toHaveLength(1);
    expect(journals[0]).toMatchObject({ type: 'adjustment', status: 'applied', id: BigInt(approved.json().journalId) });
    const ledger = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/members/${player.id}/ledger?type=adjustment`, headers: bearer(checker.token) });
    expect(ledger.json().content[0]).toMatchObject({ journalId: approved.json().journalId, type: 'adjustment', pocket: 'cash', amount: '100.00', balanceAfter: '110.00' });
    expect(ledger.json().content[0].reference).toContain('Bônus de boas-vindas');

    // Approving again (or by someone else) is refused as already decided, naming the decision: no second posting.
    for (const operator of [checker, owner, maker]) {
      const again = await decide(operator, request.id, 'approve');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'wallet.adjustment_not_pending', details: { status: 'approved', journalId: approved.json().journalId, decidedBy: checker.username } });
    }
    expect(await cashOf(player)).toBe(11_000n);
    expect(await journalsOf(request.id)).toHaveLength(1);
    const late = await decide(checker, request.id, 'reject', { note: 'tarde demais' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('wallet.adjustment_not_pending');

    const audit = await auditOf(request.id);
    expect(audit.map((row) => [row.action, row.operator_id])).toEqual([
      ['wallet.adjustment.request', maker.id],
      ['wallet.adjustment.approve', checker.id],
    ]);
    expect(audit[1]!.details).toMatchObject({ amount: '100.00', before: { status: 'pending' }, after: { status: 'approved', journalId: approved.json().journalId, cash: '110.00' } });
  });

  it('a debit larger than the balance is refused clearly and stays pending; a smaller one goes through', async () => {
    const player = await newPlayer(ctx.core, { balance: 5_000n });
    const debit = await pending(player, '-10000', 'Estorno de bônus indevido');
    expect(debit.amount).toBe('-100.00');
    const refused = await decide(checker, debit.id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'wallet.adjustment_overdraw', details: { balance: '50.00', amount: '-100.00' } });
    expect(await cashOf(player)).toBe(5_000n);
    expect(await journalsOf(debit.id)).toHaveLength(0);
    expect((await auditOf(debit.id)).map((row) => row.action)).toEqual(['wallet.adjustment.request']);
    const list = AdjustmentPageSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/backoffice/balance-adjustments?memberId=${player.id}`, headers: bearer(checker.token) })).json());
    expect(list.content).toMatchObject([{ id: debit.id, status: 'pending' }]);

    const exact = await pending(player, '-5000');
    expect((await decide(checker, exact.id, 'approve')).statusCode).toBe(200);
    expect(await cashOf(player)).toBe(0n);
  });

  it('rejected stays rejected: approve after reject is refused, a second reject is harmless', async () => {
    const player = await newPlayer(ctx.core);
    const request = await pending(player, '2500');
    const noNote = await decide(checker, request.id, 'reject', {});
    expect(noNote.statusCode).toBe(400);
    const rejected = await decide(checker, request.id, 'reject', { note: 'Sem comprovante' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionNote: 'Sem comprovante', journalId: null });
    const approve = await decide(owner, request.id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.code).toBe('wallet.adjustment_not_pending');
    expect((await decide(checker, request.id, 'reject', { note: 'de novo' })).json()).toMatchObject({ status: 'rejected', decisionNote: 'Sem comprovante' });
    expect(await cashOf(player)).toBe(0n);
    expect((await auditOf(request.id)).map((row) => row.action)).toEqual(['wallet.adjustment.request', 'wallet.adjustment.reject']);
  });

  it('two checkers approving at the same moment post exactly once', async () => {
    const player = await newPlayer(ctx.core);
    const request = await pending(player, '777');
    const answers = await Promise.all([decide(checker, request.id, 'approve'), decide(owner, request.id, 'approve')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.statusCode === 200)!;
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toMatchObject({ code: 'wallet.adjustment_not_pending', details: { journalId: won.json().journalId } });
    expect(await cashOf(player)).toBe(777n);
    expect(await journalsOf(request.id)).toHaveLength(1);
    expect((await auditOf(request.id)).filter((row) => row.action === 'wallet.adjustment.approve')).toHaveLength(1);
  });

  // Issue 18: 16 approvals at once left 7 answering 500 and starved the pool, because the approval
  // held its transaction (and the row lock) while asking for a second pooled connection.
  it('16 approvals at once: one posts, 15 answer already decided, and the pool keeps serving others', async () => {
    const player = await newPlayer(ctx.core);
    const bystander = await newPlayer(ctx.core, { balance: 4_200n });
    const bystanderToken = await loginAs(ctx.app, bystander);
    const request = await pending(player, '1600');
    const storm = Promise.all(Array.from({ length: 16 }, (_, index) => decide(index % 2 === 0 ? checker : owner, request.id, 'approve')));
    const started = Date.now();
    const balance = await ctx.app.inject({ method: 'GET', url: '/api/wallet/balance', headers: bearer(bystanderToken) });
    const waited = Date.now() - started;
    const answers = await storm;
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json().cash).toBe('42.00');
    expect(waited).toBeLessThan(3_000);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200), answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(15);
    for (const answer of answers.filter((each) => each.statusCode === 409)) expect(answer.json().error.code).toBe('wallet.adjustment_not_pending');
    expect(await cashOf(player)).toBe(1_600n);
    expect(await journalsOf(request.id)).toHaveLength(1);
  });

  it('only finance and the owner may ask and decide; support and risk may not', async () => {
    const player = await newPlayer(ctx.core);
    const request = await pending(player, '100');
    for (const operator of [support, risk]) {
      const asked = await ask(operator, { memberId: player.id.toString(), amountCents: '100', reason: 'x' });
      expect(asked.statusCode, operator.role).toBe(403);
      expect(asked.json().error.code).toBe('backoffice.forbidden');
      expect((await decide(operator, request.id, 'approve')).statusCode, operator.role).toBe(403);
      expect((await decide(operator, request.id, 'reject', { note: 'x' })).statusCode, operator.role).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/balance-adjustments', headers: bearer(operator.token) })).statusCode, operator.role).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: `/api/backoffice/balance-adjustments/${request.id}/approve` })).statusCode).toBe(401);
    expect(await cashOf(player)).toBe(0n);
    // The owner's own request needs someone else too.
    const owners = await ask(owner, { memberId: player.id.toString(), amountCents: '100', reason: 'x' });
    expect((await decide(owner, owners.json().id, 'approve')).json().error.code).toBe('wallet.adjustment_self_approval');
  });

  it('refuses bad input with 400 (amounts, reasons, keys, ids) and unknown members or requests with 404', async () => {
    const player = await newPlayer(ctx.core);
    const memberId = player.id.toString();
    const bodies: unknown[] = [
      {},
      { memberId, reason: 'x' },
      { memberId, amountCents: '0', reason: 'x' },
      { memberId, amountCents: '-0', reason: 'x' },
      { memberId, amountCents: '1.50', reason: 'x' },
      { memberId, amountCents: '1e5', reason: 'x' },
      { memberId, amountCents: '-', reason: 'x' },
      { memberId, amountCents: '0x10', reason: 'x' },
      { memberId, amountCents: 100, reason: 'x' },
      { memberId, amountCents: '100000000001', reason: 'x' },
      { memberId, amountCents: '-100000000001', reason: 'x' },
      { memberId, amountCents: '9999999999999', reason: 'x' },
      { memberId, amountCents: '9'.repeat(400), reason: 'x' },
      { memberId, amountCents: '100', reason: '' },
      { memberId, amountCents: '100', reason: '   ' },
      { memberId, amountCents: '100', reason: 'x'.repeat(501) },
      { memberId: 'abc', amountCents: '100', reason: 'x' },
      { memberId: '-1', amountCents: '100', reason: 'x' },
      { memberId: '1'.repeat(30), amountCents: '100', reason: 'x' },
    ];
    for (const body of bodies) {
      const response = await ask(maker, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
    for (const idempotencyKey of [null, '', 'short', 'has spaces in it', 'x'.repeat(101), '../../etc/passwd']) {
      const response = await ask(maker, { memberId, amountCents: '100', reason: 'x' }, idempotencyKey);
      expect(response.statusCode, String(idempotencyKey)).toBe(400);
    }
    // The largest amount either way is accepted.
    expect((await ask(maker, { memberId, amountCents: '100000000000', reason: 'limite' })).statusCode).toBe(201);
    expect((await ask(maker, { memberId, amountCents: '+2', reason: 'com sinal' })).json().amount).toBe('0.02');
    const unknown = await ask(maker, { memberId: '999999999999', amountCents: '100', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('wallet.member_not_found');
    for (const id of ['abc', '0', '1e3', '-5', '99999999999999999999']) {
      expect((await decide(checker, id, 'approve')).statusCode, id).toBe(400);
    }
    const missing = await decide(checker, '999999999999', 'approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('wallet.adjustment_not_found');
    // An approval with a JSON content type and an empty body is still a clear 4xx.
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/balance-adjustments/999999999999/approve', headers: { ...bearer(checker.token), 'content-type': 'application/json' } });
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
    for (const query of ['status=done', 'memberId=abc', 'pageSize=0', 'pageSize=101']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/backoffice/balance-adjustments?${query}`, headers: bearer(checker.token) })).statusCode, query).toBe(400);
    }
  });

  it('lists pending requests for the checker, newest first', async () => {
    const player = await newPlayer(ctx.core);
    const a = await pending(player, '100');
    const b = await pending(player, '-100');
    const list = AdjustmentPageSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/balance-adjustments?status=pending&pageSize=100', headers: bearer(checker.token) })).json());
    const ids = list.content.map((row) => row.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(list.content.every((row) => row.status === 'pending')).toBe(true);
    await decide(checker, a.id, 'reject', { note: 'x' });
    const rejected = AdjustmentPageSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/backoffice/balance-adjustments?status=rejected&memberId=${player.id}`, headers: bearer(checker.token) })).json());
    expect(rejected).toMatchObject({ total: 1, content: [{ id: a.id, member: { account: player.account } }] });
  });
});
