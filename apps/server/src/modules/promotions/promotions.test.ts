import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerPromotionListSchema, RewardCentreSchema, type PromotionInput } from '@app/contracts';
import { bearer, loginAs, newOperatorSession, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { GIF, HTML, JPEG, PNG, promotionInput } from './promotions-test-fixtures.ts';
import { issueReward } from './rewards.repository.ts';

let ctx: TestContext;
let owner: string;
let support: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, support] = await Promise.all([newOperatorSession(ctx.core, ctx.app, 'owner'), newOperatorSession(ctx.core, ctx.app, 'support')]);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createPromotion(overrides: Partial<PromotionInput> = {}): Promise<string> {
  const response = await call('POST', '/api/backoffice/promotions', owner, promotionInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const upload = (promotionId: string, token: string, body: Buffer, type = 'image/png') => ctx.app.inject({ method: 'POST', url: `/api/promotions/${promotionId}/application/images`, headers: { ...bearer(token), 'content-type': type }, payload: body });

describe('definitions', () => {
  it('creates a promotion with sanitised HTML, audited, and lists it for the console', async () => {
    const id = await createPromotion();
    const list = (await call('GET', '/api/backoffice/promotions', owner)).json();
    const created = list.list.find((item: { id: string }) => item.id === id);
    expect(created.texts.pt.html).toBe('<p>Texto </p>');
    expect(created.status).toBe('active');
    const audit = await ctx.core.db.selectFrom('backoffice_audit').select('action').where('target_id', '=', id).where('action', '=', 'promotions.created').execute();
    expect(audit).toHaveLength(1);
  });

  it('answers bad input with a 4xx naming the field, never a 500', async () => {
    const bad: unknown[] = [
      { ...promotionInput(), type: 'lottery' },
      { ...promotionInput(), budget: '-1.00' },
      { ...promotionInput(), budget: 'abc' },
      { ...promotionInput(), endsAt: new Date(Date.now() - 3_600_000).toISOString() },
      { ...promotionInput(), memberCap: '2000.00' },
      { ...promotionInput(), reward: { kind: 'cash', amount: '500.00' } },
      { ...promotionInput(), reward: { kind: 'bonus', amount: '10.00', wageringMultiple: 0, expiryDays: 7 } },
      { ...promotionInput(), eligibility: { ...promotionInput().eligibility, agentAccount: 'nobody-here' } },
      { ...promotionInput(), imageUrl: 'javascript:alert(1)' },
      { ...promotionInput(), texts: { pt: { title: '', summary: '', html: '' } } },
      null,
      'text',
    ];
    for (const payload of bad) {
      const response = await call('POST', '/api/backoffice/promotions', owner, payload ?? undefined, payload === null ? { 'content-type': 'application/json' } : {});
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    expect((await call('PUT', '/api/backoffice/promotions/999999999', owner, promotionInput())).statusCode).toBe(404);
  });

  it('refuses sign-up and deposit promotions while promotions.restrictedTypes is off, and allows them once on', async () => {
    for (const type of ['sign_up', 'deposit_match'] as const) {
      const refused = await call('POST', '/api/backoffice/promotions', owner, promotionInput({ type }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('promotions.type_restricted');
    }
    await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: true }, 'test');
    try {
      const id = await createPromotion({ type: 'sign_up' });
      expect((await call('PUT', `/api/backoffice/promotions/${id}/status`, owner, { status: 'paused' })).statusCode).toBe(200);
      await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: false }, 'test');
      // Resuming is refused too while the switch is off.
      const resumed = await call('PUT', `/api/backoffice/promotions/${id}/status`, owner, { status: 'active' });
      expect(resumed.json().error.code).toBe('promotions.type_restricted');
    } finally {
      await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: false }, 'test');
    }
  });

  it('pauses and ends; an ended promotion does not change and leaves /promotions', async () => {
    const id = await createPromotion({ type: 'cashback' });
    expect((await call('PUT', `/api/backoffice/promotions/${id}/status`, owner, { status: 'ended' })).json().status).toBe('ended');
    expect((await call('PUT', `/api/backoffice/promotions/${id}/status`, owner, { status: 'active' })).statusCode).toBe(409);
    const list = PlayerPromotionListSchema.parse((await call('GET', '/api/promotions?language=en')).json());
    expect(list.list.some((item) => item.id === id)).toBe(false);
  });

  it('is closed to operators without promotions.manage / promotions.review', async () => {
    expect((await call('GET', '/api/backoffice/promotions', support)).statusCode).toBe(403);
    expect((await call('GET', '/api/backoffice/promotions/applications', support)).statusCode).toBe(403);
  });
});

describe('an application promotion, end to end', () => {
  let member: TestPlayer;
  let token: string;
  let promotionId: string;

  beforeAll(async () => {
    member = await newPlayer(ctx.core);
    token = await loginAs(ctx.app, member);
    promotionId = await createPromotion({ reward: { kind: 'cash', amount: '20.00' } });
  });

  it('refuses images that are not PNG or JPEG by content, too large, or a fourth', async () => {
    for (const body of [GIF, HTML]) {
      const response = await upload(promotionId, token, body, 'image/png');
      expect(response.statusCode).toBe(415);
      expect(response.json().error.code).toBe('promotions.image_invalid');
    }
    const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(promotionId, token, large);
    expect(tooLarge.statusCode).toBe(413);
    for (const image of [PNG, JPEG, PNG]) expect((await upload(promotionId, token, image, 'application/octet-stream')).statusCode).toBe(201);
    const fourth = await upload(promotionId, token, JPEG, 'image/jpeg');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.code).toBe('promotions.too_many_images');
  });

  it('serves the images with their sniffed type and nosniff, to the member and a reviewer only', async () => {
    const list = PlayerPromotionListSchema.parse((await call('GET', '/api/promotions/mine?language=pt', token)).json());
    const mine = list.list.find((item) => item.id === promotionId)!;
    expect(mine.state).toBe('join');
    expect(mine.draftImages.map((image) => image.contentType)).toEqual(['image/png', 'image/jpeg', 'image/png']);
    const imageId = mine.draftImages[1]!.id;
    const served = await call('GET', `/api/promotions/application-images/${imageId}`, token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const other = await loginAs(ctx.app, await newPlayer(ctx.core));
    expect((await call('GET', `/api/promotions/application-images/${imageId}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/backoffice/promotions/application-images/${imageId}`, owner)).headers['content-type']).toBe('image/jpeg');
    // Back to two images for the application.
    expect((await call('DELETE', `/api/promotions/${promotionId}/application/images/${mine.draftImages[2]!.id}`, token)).statusCode).toBe(204);
  });

  it('refuses a comment over 140 characters, then sends the application', async () => {
    expect((await call('POST', `/api/promotions/${promotionId}/application`, token, { comment: 'x'.repeat(141) })).statusCode).toBe(400);
    expect((await call('POST', `/api/promotions/${promotionId}/application`, token, { comment: 'Ganhei no Fortune Tiger!' })).statusCode).toBe(204);
    expect((await call('POST', `/api/promotions/${promotionId}/application`, token, { comment: 'de novo' })).statusCode).toBe(204);
    const list = PlayerPromotionListSchema.parse((await call('GET', '/api/promotions/mine', token)).json());
    expect(list.list.find((item) => item.id === promotionId)!.state).toBe('applying');
    expect((await upload(promotionId, token, PNG)).json().error.code).toBe('promotions.already_applied');
  });

  it('an operator approves it; the member claims the reward once, however often asked', async () => {
    const queue = (await call('GET', `/api/backoffice/promotions/applications?promotionId=${promotionId}`, owner)).json();
    expect(queue.list).toHaveLength(1);
    expect(queue.list[0].images).toHaveLength(2);
    expect(queue.list[0].comment).toBe('Ganhei no Fortune Tiger!');
    const approved = await call('POST', `/api/backoffice/promotions/applications/${queue.list[0].id}/decision`, owner, { decision: 'approve' });
    expect(approved.json().state).toBe('approved');
    expect((await call('POST', `/api/backoffice/promotions/applications/${queue.list[0].id}/decision`, owner, { decision: 'reject', reason: 'late' })).json().error.code).toBe('promotions.already_decided');

    expect((await call('GET', '/api/rewards/summary', token)).json()).toMatchObject({ claimable: 1, unseen: 1 });
    const centre = RewardCentreSchema.parse((await call('GET', '/api/rewards?language=pt', token)).json());
    expect(centre.claimable).toHaveLength(1);
    expect(centre.claimable[0]).toMatchObject({ title: 'Mostre sua vitória', amount: '20.00', kind: 'cash' });
    await call('POST', '/api/rewards/seen', token);
    expect((await call('GET', '/api/rewards/summary', token)).json()).toMatchObject({ claimable: 1, unseen: 0 });
    expect(PlayerPromotionListSchema.parse((await call('GET', '/api/promotions/mine', token)).json()).list.find((item) => item.id === promotionId)!.state).toBe('issued');

    const before = await ctx.core.modules.wallet.api.cashOf(member.id);
    const clicks = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/rewards/${centre.claimable[0]!.id}/claim`, token)));
    expect(clicks.map((click) => click.statusCode)).toEqual(Array(10).fill(200));
    expect((await ctx.core.modules.wallet.api.cashOf(member.id)) - before).toBe(2000n);
    expect((await call('POST', '/api/rewards/claim-all', token)).json()).toEqual({ claimed: [], refused: [] });
    const after = RewardCentreSchema.parse((await call('GET', '/api/rewards', token)).json());
    expect(after.claimable).toHaveLength(0);
    expect(after.history[0]!.status).toBe('claimed');
    expect(PlayerPromotionListSchema.parse((await call('GET', '/api/promotions/mine', token)).json()).list.find((item) => item.id === promotionId)!.state).toBe('claimed');
  });

  it('a rejected application shows its reason and may be sent again', async () => {
    const other = await newPlayer(ctx.core);
    const otherToken = await loginAs(ctx.app, other);
    await upload(promotionId, otherToken, JPEG, 'image/jpeg');
    await call('POST', `/api/promotions/${promotionId}/application`, otherToken, { comment: '' });
    const queue = (await call('GET', `/api/backoffice/promotions/applications?promotionId=${promotionId}`, owner)).json();
    expect((await call('POST', `/api/backoffice/promotions/applications/${queue.list[0].id}/decision`, owner, { decision: 'reject', reason: 'Imagem ilegível' })).statusCode).toBe(200);
    const mine = PlayerPromotionListSchema.parse((await call('GET', '/api/promotions/mine', otherToken)).json()).list.find((item) => item.id === promotionId)!;
    expect(mine).toMatchObject({ state: 'rejected', reason: 'Imagem ilegível' });
    expect((await upload(promotionId, otherToken, PNG)).statusCode).toBe(201);
  });

  it('joins a join-type promotion once and shows it in process; checks eligibility', async () => {
    const cashback = await createPromotion({ type: 'cashback' });
    const narrow = await createPromotion({ type: 'raffle', eligibility: { ...promotionInput().eligibility, registeredTo: new Date(Date.now() - 86_400_000).toISOString() } });
    expect((await call('POST', `/api/promotions/${cashback}/join`, token)).statusCode).toBe(204);
    expect((await call('POST', `/api/promotions/${cashback}/join`, token)).statusCode).toBe(204);
    const joined = await call('POST', `/api/promotions/${narrow}/join`, token);
    expect(joined.json().error.code).toBe('promotions.not_eligible');
    const list = PlayerPromotionListSchema.parse((await call('GET', '/api/promotions/mine', token)).json());
    expect(list.list.find((item) => item.id === cashback)!.state).toBe('process');
    expect((await call('POST', `/api/promotions/${cashback}/application`, token, { comment: '' })).json().error.code).toBe('promotions.wrong_type');
  });

  it("admits only the promotion's VIP levels (a member without a VIP row is level 0)", async () => {
    const goldOnly = await createPromotion({ type: 'cashback', eligibility: { ...promotionInput().eligibility, vipLevels: [2, 3] } });
    const member = await newPlayer(ctx.core);
    const memberToken = await loginAs(ctx.app, member);
    expect((await call('POST', `/api/promotions/${goldOnly}/join`, memberToken)).json().error.code).toBe('promotions.not_eligible');
    await sql`insert into vip_member (member_id, rank) values (${member.id}, 2)`.execute(ctx.core.db);
    expect((await call('POST', `/api/promotions/${goldOnly}/join`, memberToken)).statusCode).toBe(204);
  });

  it('shows coming-soon promotions to visitors and counts the available ones', async () => {
    const soon = await createPromotion({ type: 'wheel', startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    const list = PlayerPromotionListSchema.parse((await call('GET', '/api/promotions')).json());
    expect(list.list.find((item) => item.id === soon)!.state).toBe('coming_soon');
    expect(list.availablePromoCount).toBe(list.list.filter((item) => item.state === null).length);
    expect((await call('POST', `/api/promotions/${soon}/join`, token)).json().error.code).toBe('promotions.not_running');
  });

  it('pays a bonus reward as bonus money with its wagering (bonus.grant in the claim transaction)', async () => {
    const id = BigInt(await createPromotion({ reward: { kind: 'bonus', amount: '15.00', wageringMultiple: 10, expiryDays: 7 } }));
    const { reward } = await issueReward(ctx.core.db, { promotionId: id, memberId: member.id, sourceKey: `test:bonus:${id}`, kind: 'bonus', amount: 1500n, wageringMultiple: 10, expiryDays: 7 });
    const before = await ctx.core.modules.wallet.api.balanceOf(member.id);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/rewards/${reward.id}/claim`, token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const after = await ctx.core.modules.wallet.api.balanceOf(member.id);
    expect(Number(after.bonus) - Number(before.bonus)).toBe(15);
    expect(after.cash).toBe(before.cash);
  });
});
