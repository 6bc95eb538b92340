import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { signBody } from './signature.ts';

/** Issue 18: bad input on the provider API answers the protocol's INVALID_REQUEST, never a 500. */
const VENDOR = 'DEMOVENDOR';
const SECRET = 'bad-input-secret-0123456789';

describe('provider API bad input', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DEMO_VENDOR_SECRET: SECRET } });
    await ctx.core.modules.provider.api.seedDemoVendor();
  });
  afterAll(() => ctx?.close());

  async function post(url: string, body: unknown) {
    const raw = JSON.stringify(body);
    const response = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) }, payload: raw });
    return { status: response.statusCode, body: response.json() as { error?: { code: string } } };
  }

  it('a NUL byte (%00) anywhere in a provider path or query answers INVALID_REQUEST', async () => {
    const player = await newPlayer(ctx.core);
    const body = { playerId: player.id.toString() };
    for (const url of [
      '/provider/v1/%00/bet',
      '/provider/v1/%00/balance',
      `/provider/v1/${VENDOR}%00/balance`,
      `/provider/v1/${VENDOR}/%00`,
      `/provider/v1/${VENDOR}/bal%00ance`,
      `/provider/v1/${VENDOR}/balance?x=%00`,
      `/provider/v1/${VENDOR}/balance?%00=1`,
      `/provider/v1/%00/balance?a=%00`,
    ]) {
      const answer = await post(url, body);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error?.code, url).toBe('INVALID_REQUEST');
    }
    // The same call without the NUL reaches the service (a player who never authenticated here).
    expect((await post(`/provider/v1/${VENDOR}/balance`, body)).body.error?.code).toBe('PLAYER_NOT_FOUND');
  });

  it('a playerId at or above 2^63 answers INVALID_REQUEST on every action', async () => {
    for (const playerId of ['9223372036854775808', '9999999999999999999']) {
      const common = { playerId, transactionId: `t-${playerId}`, roundId: 'r1', gameCode: 'demo-slot-1', amount: '1.00' };
      for (const [action, body] of [
        ['balance', { playerId }],
        ['bet', common],
        ['win', { ...common, roundClosed: true }],
        ['rollback', { playerId, transactionId: `rb-${playerId}`, originalTransactionId: `t-${playerId}`, roundId: 'r1' }],
      ] as const) {
        const answer = await post(`/provider/v1/${VENDOR}/${action}`, body);
        expect(answer.status, `${action} ${playerId}`).toBe(400);
        expect(answer.body.error?.code, `${action} ${playerId}`).toBe('INVALID_REQUEST');
      }
    }
    // The largest int8 is a well-formed id of no one.
    expect((await post(`/provider/v1/${VENDOR}/balance`, { playerId: '9223372036854775807' })).body.error?.code).toBe('PLAYER_NOT_FOUND');
  });
});
