import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageListSchema } from '@app/contracts';
import { bearer, loginAs, newOperatorSession, newPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * The system message "contract offered" (issue 26): an agent's offer to a downline agent leaves one
 * message in the downline's inbox, written in the offer's transaction; a replayed offer adds none.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const dailyTiers = (...rates: string[]) => rates.map((rate, index) => ({ minValidBet: `${index * 1000}`, minActive: index, rate }));

describe('contract offered', () => {
  it('reaches the downline once, as a system message naming the kind', async () => {
    const finance = await newOperatorSession(ctx.core, ctx.app, 'finance');
    const top = await newPlayer(ctx.core, { type: 1 });
    const middle = await newPlayer(ctx.core, { type: 1, upline: top.account });
    const [topToken, middleToken] = [await loginAs(ctx.app, top), await loginAs(ctx.app, middle)];
    const granted = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/agents/contracts', headers: bearer(finance), payload: { downline: top.account, kind: 'daily', tiers: dailyTiers('1', '2') } });
    expect(granted.statusCode, granted.body).toBe(201);

    const offer = { kind: 'daily', downline: middle.account, tiers: dailyTiers('0.5', '1'), requestId: randomUUID() };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const offered = await ctx.app.inject({ method: 'POST', url: '/api/agent/contracts/offers', headers: bearer(topToken), payload: offer });
      expect(offered.statusCode, offered.body).toBe(201);
    }
    const inbox = MessageListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/messages', headers: bearer(middleToken) })).json());
    expect(inbox.messages.filter((message) => message.template === 'contract_offered')).toEqual([expect.objectContaining({ kind: 'system', params: { kind: 'daily' }, read: false })]);
    // The agent who offered gets nothing.
    const topInbox = MessageListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/messages', headers: bearer(topToken) })).json());
    expect(topInbox.messages.some((message) => message.template === 'contract_offered')).toBe(false);
  });
});
