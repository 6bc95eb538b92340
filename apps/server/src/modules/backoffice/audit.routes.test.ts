import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema } from '@app/contracts';
import { bearer, newOperator, type TestOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/** GET /api/backoffice/audit and /audit/verify: search by operator, action prefix, target and time; the chain check. */
describe('audit search', () => {
  let ctx: TestContext;
  let risk: TestOperator;
  let finance: TestOperator;
  beforeAll(async () => {
    ctx = await createTestContext();
    risk = await newOperator(ctx.core, ctx.app, 'risk');
    finance = await newOperator(ctx.core, ctx.app, 'finance');
    const { audit } = ctx.core.modules.backoffice.api;
    for (let index = 1; index <= 5; index += 1) {
      await audit(ctx.core.db, { operatorId: finance.id, action: 'payments.withdrawal.approve', targetType: 'withdrawal', targetId: String(index), details: { amount: `${index}0.00` }, ip: '198.51.100.7' });
    }
    await audit(ctx.core.db, { operatorId: finance.id, action: 'payments.withdrawal.reject', targetType: 'withdrawal', targetId: '6', details: { reason: '100% fraud_like' } });
    await audit(ctx.core.db, { operatorId: null, action: 'payments_withdrawal.auto', targetType: 'withdrawal', targetId: '7' });
  });
  afterAll(async () => ctx.close());

  const search = async (query: string, token = risk.token) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/audit?${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return AuditPageSchema.parse(response.json());
  };

  it('finds by operator and action prefix, newest first, page by page, with who, what, where and the hash', async () => {
    const first = await search(`operator=${finance.username.toUpperCase()}&action=payments.withdrawal.&pageSize=4`);
    expect(first.total).toBe(6);
    expect(first.content.map((row) => row.targetId)).toEqual(['6', '5', '4', '3']);
    expect(first.content[1]).toMatchObject({
      operator: { id: String(finance.id), username: finance.username },
      action: 'payments.withdrawal.approve',
      targetType: 'withdrawal',
      details: { amount: '50.00' },
      ip: '198.51.100.7',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(Number(first.content[0]!.id)).toBeGreaterThan(Number(first.content[1]!.id));
    const second = await search(`operator=${finance.username}&action=payments.withdrawal.&pageSize=4&pageNo=2`);
    expect(second.content.map((row) => row.targetId)).toEqual(['2', '1']);
  });

  it('takes LIKE wildcards literally, and finds by target type or type:id', async () => {
    // "_" would match any character: payments_withdrawal.auto must not turn up for payments.withdrawal.
    expect((await search('action=payments_')).content.map((row) => row.action)).toEqual(['payments_withdrawal.auto']);
    expect((await search('action=%25')).total).toBe(0);
    expect((await search('target=withdrawal')).total).toBe(7);
    const one = await search('target=withdrawal:7');
    expect(one.content).toMatchObject([{ operator: null, action: 'payments_withdrawal.auto' }]);
  });

  it('finds by time, from inclusive to exclusive', async () => {
    const [row] = (await search('target=withdrawal:3')).content;
    const at = encodeURIComponent(row!.at);
    expect((await search(`target=withdrawal:3&from=${at}`)).total).toBe(1);
    expect((await search(`target=withdrawal:3&to=${at}`)).total).toBe(0);
    expect((await search(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
  });

  it('refuses bad filters with 400 and other roles with 403', async () => {
    for (const query of ['from=yesterday', 'pageNo=0', 'pageSize=101', `operator=${'x'.repeat(65)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/audit?${query}`, headers: bearer(risk.token) });
      expect(response.statusCode, query).toBe(400);
    }
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/audit', headers: bearer(finance.token) });
    expect(refused.json().error.code).toBe('backoffice.forbidden');
  });

  it('verifies the chain on request', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/audit/verify', headers: bearer(risk.token) });
    expect(response.json()).toMatchObject({ ok: true, firstBroken: null, head: { hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(response.json().rows).toBeGreaterThanOrEqual(7);
  });
});
