import { expect } from 'vitest';
import { signBody } from '../src/modules/provider/index.ts';
import { bearer, loginAs, newPlayer } from './builders.ts';
import { createTestContext, type TestContext } from './test-context.ts';

/** The demo vendor the provider seeds, and a game of its own. */
export const DEMO_VENDOR = 'DEMOVENDOR';
export const DEMO_GAME = 'demo-slot-1';

export type ProviderAnswer = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

/** A test server whose demo vendor signs with `secret` (seeded, the catalogue's cache dropped). */
export async function demoVendorContext(secret: string): Promise<TestContext> {
  const ctx = await createTestContext({ env: { DEMO_VENDOR_SECRET: secret } });
  await ctx.core.modules.provider.api.seedDemoVendor();
  ctx.core.modules.catalogue.api.invalidate();
  return ctx;
}

/** A vendor's signed callback over HTTP, as the vendor's server sends it. */
export function signedCallback(ctx: () => TestContext, secret: string) {
  return async (action: string, body: unknown): Promise<ProviderAnswer> => {
    const raw = JSON.stringify(body);
    const response = await ctx().app.inject({
      method: 'POST',
      url: `/provider/v1/${DEMO_VENDOR}/${action}`,
      headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) },
      payload: raw,
    });
    return { status: response.statusCode, body: response.json() };
  };
}

/** A member with `balance` who launched the demo game for real money, authenticated at the vendor. */
export async function seatedPlayer(ctx: TestContext, call: (action: string, body: unknown) => Promise<ProviderAnswer>, balance: bigint) {
  const player = await newPlayer(ctx.core, { balance });
  const token = await loginAs(ctx.app, player);
  const launch = await ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(token), payload: { vendor: DEMO_VENDOR, gameCode: DEMO_GAME, demo: false } });
  expect((await call('authenticate', { token: launch.json().vendorToken })).status).toBe(200);
  return { ...player, playerId: player.id.toString() };
}
