import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalPageSchema, ApprovalRequestSchema } from '@app/contracts';
import { agentsFixture } from '../../../test/agents-fixture.ts';
import { bearer, newOperator, type TestOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * Maker-checker beyond balance adjustments (issue 20): for each kind — a vendor's wallet mode, a
 * provider secret, the payment limits, settling an agents' period, re-running a run — the maker
 * cannot approve its own request, an approval applies once, a rejection applies nothing, a
 * second decision is refused, a bad proposal answers 4xx, and only the kind's permission decides.
 */
describe('approval requests', () => {
  let ctx: TestContext;
  let maker: TestOperator;
  let checker: TestOperator;
  let finance: TestOperator;
  let finance2: TestOperator;
  let content: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    ctx = await createTestContext();
    maker = await newOperator(ctx.core, ctx.app, 'owner');
    checker = await newOperator(ctx.core, ctx.app, 'owner');
    finance = await newOperator(ctx.core, ctx.app, 'finance');
    finance2 = await newOperator(ctx.core, ctx.app, 'finance');
    content = await newOperator(ctx.core, ctx.app, 'content');
    support = await newOperator(ctx.core, ctx.app, 'support');
    for (const code of ['APPR1', 'APPR2']) {
      await ctx.core.db.insertInto('catalogue_vendor').values({ code, display_name: `Vendor ${code}`, game_types: ['RNG'], sort_order: 9, wallet_mode: 'seamless', is_demo: false }).execute();
    }
    ctx.core.modules.catalogue.api.invalidate();
  });
  afterAll(() => ctx.close());

  const post = (operator: TestOperator, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(operator.token), ...(payload ? { payload } : {}) });
  const approve = (operator: TestOperator, id: string) => post(operator, `/api/backoffice/approvals/${id}/approve`);
  const reject = (operator: TestOperator, id: string, note = 'não agora') => post(operator, `/api/backoffice/approvals/${id}/reject`, { note });
  const list = async (operator: TestOperator, query = '') => ApprovalPageSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/backoffice/approvals${query}`, headers: bearer(operator.token) })).json());
  const walletModeOf = async (code: string) => (await ctx.core.db.selectFrom('catalogue_vendor').select('wallet_mode').where('code', '=', code).executeTakeFirstOrThrow()).wallet_mode;
  const proposeMode = (operator: TestOperator, code: string, walletMode: string, reason = 'o estúdio passou a usar carteira própria') =>
    post(operator, `/api/backoffice/catalogue/vendors/${code}/wallet-mode`, { walletMode, reason });
  const decisionAudits = async (id: string) =>
    (await ctx.core.db.selectFrom('backoffice_audit').select('action').where('target_type', '=', 'backoffice_approval_request').where('target_id', '=', id).orderBy('id').execute()).map((row) => row.action);

  it('a vendor wallet mode: proposed, refused to its maker, applied once by another operator with its audit', async () => {
    const proposal = await proposeMode(maker, 'APPR1', 'transfer');
    expect(proposal.statusCode, proposal.body).toBe(202);
    const request = ApprovalRequestSchema.parse(proposal.json());
    expect(request).toMatchObject({ kind: 'catalogue.vendor_wallet_mode', target: 'APPR1', status: 'pending', payload: { vendor: 'APPR1', vendorName: 'Vendor APPR1', from: 'seamless', to: 'transfer' }, canDecide: false });
    expect(await walletModeOf('APPR1')).toBe('seamless');

    // The checker sees it as one to decide; the maker sees it, but not as its own to decide.
    expect((await list(checker, '?status=pending')).content.find((item) => item.id === request.id)).toMatchObject({ canDecide: true });
    expect((await list(maker, '?status=pending')).content.find((item) => item.id === request.id)).toMatchObject({ canDecide: false });
    // Support holds no catalogue.integration: it neither sees nor decides it.
    expect((await list(support)).content.map((item) => item.id)).not.toContain(request.id);
    expect((await approve(support, request.id)).statusCode).toBe(403);

    const own = await approve(maker, request.id);
    expect([own.statusCode, own.json().error.code]).toEqual([403, 'backoffice.approval_self_decision']);
    expect((await reject(maker, request.id)).statusCode).toBe(403);
    expect(await walletModeOf('APPR1')).toBe('seamless');

    const approved = await approve(checker, request.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: { username: checker.username }, result: { walletMode: 'transfer' } });
    expect(await walletModeOf('APPR1')).toBe('transfer');
    const again = await approve(checker, request.id);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'backoffice.approval_not_pending']);
    expect((await reject(checker, request.id)).statusCode).toBe(409);
    expect(await decisionAudits(request.id)).toEqual(['backoffice.approval.request', 'backoffice.approval.approve']);
    const applied = await ctx.core.db.selectFrom('backoffice_audit').select(['operator_id', 'details']).where('action', '=', 'catalogue.vendor.update').where('target_id', '=', 'APPR1').execute();
    expect(applied).toEqual([{ operator_id: checker.id, details: { before: { wallet_mode: 'seamless' }, after: { wallet_mode: 'transfer' }, approval: true } }]);
  });

  it('a rejected wallet mode changes nothing; bad proposals answer 4xx; a second proposal waits for the first', async () => {
    const proposal = await proposeMode(maker, 'APPR2', 'transfer');
    expect(proposal.statusCode).toBe(202);
    const replay = await proposeMode(maker, 'APPR2', 'transfer');
    expect([replay.statusCode, replay.json().id]).toEqual([200, proposal.json().id]);
    const other = await proposeMode(checker, 'APPR2', 'transfer', 'outro motivo');
    expect([other.statusCode, other.json().error.code]).toEqual([409, 'backoffice.approval_pending_exists']);

    expect((await post(checker, `/api/backoffice/approvals/${proposal.json().id}/reject`, { note: '  ' })).statusCode).toBe(400);
    const rejected = await reject(checker, proposal.json().id, 'o contrato ainda não foi assinado');
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionNote: 'o contrato ainda não foi assinado', result: null });
    expect(await walletModeOf('APPR2')).toBe('seamless');
    expect((await approve(checker, proposal.json().id)).json().error.code).toBe('backoffice.approval_not_pending');

    for (const [code, body, status, error] of [
      ['APPR2', { walletMode: 'seamless', reason: 'x' }, 409, 'catalogue.wallet_mode_unchanged'],
      ['APPR2', { walletMode: 'crypto', reason: 'x' }, 400, 'validation.failed'],
      ['APPR2', { walletMode: 'transfer' }, 400, 'validation.failed'],
      ['APPR2', { walletMode: 'transfer', reason: 'x'.repeat(501) }, 400, 'validation.failed'],
      ['APPR2', { walletMode: 'transfer', reason: 'x', extra: 1 }, 400, 'validation.failed'],
      ['NOPE9', { walletMode: 'transfer', reason: 'x' }, 404, 'catalogue.vendor_not_found'],
    ] as const) {
      const response = await post(maker, `/api/backoffice/catalogue/vendors/${code}/wallet-mode`, body);
      expect([response.statusCode, response.json().error.code], JSON.stringify(body)).toEqual([status, error]);
    }
    for (const id of ['abc', '999999999']) expect((await approve(checker, id)).statusCode).toBe(id === 'abc' ? 400 : 404);
    expect((await proposeMode(content, 'APPR2', 'transfer')).statusCode).toBe(403);
  });

  it('a provider secret: the approver gets it once; rejected, no secret exists', async () => {
    const rejectedOne = await post(maker, '/api/backoffice/catalogue/vendors/APPR2/secret', { reason: 'integração nova' });
    expect(rejectedOne.statusCode, rejectedOne.body).toBe(202);
    expect((await reject(checker, rejectedOne.json().id)).statusCode).toBe(200);
    expect(await ctx.core.db.selectFrom('provider_vendor_secret').select('vendor_code').where('vendor_code', '=', 'APPR2').execute()).toEqual([]);

    const proposal = await post(maker, '/api/backoffice/catalogue/vendors/APPR2/secret', { reason: 'integração nova' });
    expect((await approve(maker, proposal.json().id)).statusCode).toBe(403);
    const approved = await approve(checker, proposal.json().id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().once.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = (await list(checker, '?kind=catalogue.vendor_secret')).content.find((item) => item.id === proposal.json().id)!;
    expect(listed.once).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain(approved.json().once.secret);
    expect((await approve(checker, proposal.json().id)).statusCode).toBe(409);
  });

  it('the payment limits: applied once by another owner, rejected ones never; finance may not decide them', async () => {
    const settings = async () => (await ctx.core.modules.system.api.getSettings()).payments;
    const before = await settings();
    const value = { ...before, withdrawal: { ...before.withdrawal, autoApproveUpTo: '250.00' } };
    const propose = (operator: TestOperator, body: object) => post(operator, '/api/backoffice/settings/payments/proposal', body);

    expect((await propose(maker, { value: { ...value, deposit: { ...value.deposit, min: '900.00', max: '10.00' } }, reason: 'x' })).json().error.details.fields[0].path).toBe('payments.deposit.min');
    expect((await propose(maker, { value: before, reason: 'x' })).json().error.code).toBe('system.setting_unchanged');
    expect((await propose(finance, { value, reason: 'x' })).statusCode).toBe(403);

    const first = await propose(maker, { value, reason: 'auto-aprovação até R$ 250' });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().payload).toEqual({ before, after: value });
    expect((await reject(checker, first.json().id)).statusCode).toBe(200);
    expect(await settings()).toEqual(before);

    const second = await propose(maker, { value, reason: 'auto-aprovação até R$ 250' });
    expect((await approve(finance, second.json().id)).statusCode).toBe(403);
    expect((await approve(maker, second.json().id)).statusCode).toBe(403);
    expect(await settings()).toEqual(before);
    const [one, two] = await Promise.all([approve(checker, second.json().id), approve(checker, second.json().id)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(await settings()).toEqual(value);
    const audits = await ctx.core.db.selectFrom('backoffice_audit').select(['operator_id', 'details']).where('action', '=', 'system.setting.payments.updated').execute();
    expect(audits).toEqual([{ operator_id: checker.id, details: { before, after: value, approval: true } }]);
  });

  it('settling an agents’ period: proposed by finance, run by another finance operator, once', async () => {
    const fx = agentsFixture(ctx.core);
    const agent = await fx.agent();
    const member = await fx.member(agent);
    await fx.grant(agent, 'daily', [{ minValidBet: '0', minActive: 0, rate: '1' }]);
    // The contract has been in force since before the period.
    await ctx.core.db.updateTable('agents_contract').set({ offered_at: new Date('2025-01-01T00:00:00Z'), decided_at: new Date('2025-01-01T00:00:00Z') }).where('downline_id', '=', agent.id).execute();
    await fx.round(member, 100_00n, 0n, new Date('2025-03-10T15:00:00Z'));
    const propose = (operator: TestOperator, body: object) => post(operator, '/api/backoffice/agents/settlements/periods', body);

    for (const [body, status] of [
      [{ kind: 'daily', at: '2025-13-40', reason: 'x' }, 400],
      [{ kind: 'weekly', at: '2025-03-10', reason: 'x' }, 400],
      [{ kind: 'daily', at: '2025-03-10' }, 400],
      [{ kind: 'daily', at: '2999-03-10', reason: 'x' }, 409],
    ] as const) {
      const response = await propose(finance, body);
      expect(response.statusCode, `${JSON.stringify(body)} → ${response.body}`).toBe(status);
    }
    expect((await propose(support, { kind: 'daily', at: '2025-03-10', reason: 'x' })).statusCode).toBe(403);

    const proposal = await propose(finance, { kind: 'daily', at: '2025-03-10', reason: 'o worker estava parado' });
    expect(proposal.statusCode, proposal.body).toBe(202);
    expect(proposal.json().payload).toEqual({ kind: 'daily', periodStart: '2025-03-10T03:00:00.000Z', periodEnd: '2025-03-11T03:00:00.000Z' });
    expect((await approve(finance, proposal.json().id)).statusCode).toBe(403);
    expect(await fx.cash(agent)).toBe(0n);
    const approved = await approve(finance2, proposal.json().id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', result: { created: true, counts: { paid: 1 }, paidAmount: '1.00' } });
    expect(await fx.cash(agent)).toBe(100n);
    expect((await approve(finance2, proposal.json().id)).statusCode).toBe(409);

    // The same period again: nothing new to settle, nothing paid twice.
    const again = await propose(finance, { kind: 'daily', at: '2025-03-10T12:00', reason: 'conferência' });
    expect(again.statusCode).toBe(202);
    expect((await approve(finance2, again.json().id)).json()).toMatchObject({ status: 'approved', result: { created: false, counts: { paid: 0 } } });
    expect(await fx.cash(agent)).toBe(100n);

    // A re-run request rejected pays nothing; the run's lines are all paid anyway.
    const runId = approved.json().result.runId as string;
    const rerun = await post(finance, `/api/backoffice/agents/settlements/runs/${runId}/rerun`, { reason: 'conferir' });
    expect(rerun.json()).toMatchObject({ kind: 'agents.settlement_rerun', target: `run:${runId}`, payload: { runId, kind: 'daily', lineIds: null } });
    expect((await reject(finance2, rerun.json().id)).json().status).toBe('rejected');
    expect(await fx.cash(agent)).toBe(100n);
  });
});
