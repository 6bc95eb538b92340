import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_ACCOUNT_TYPE } from '@app/contracts';
import { bearer, loginAs, newPlayer } from '../../../test/builders.ts';
import { insertFixtureCatalogue } from '../../../test/catalogue-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/** Favourites, recent games, launch rules, the sandbox vendor's token, and transfer mode. */
describe('player games and launch', () => {
  let ctx: TestContext;
  let ids: Map<string, number>;
  beforeAll(async () => {
    ctx = await createTestContext();
    ids = await insertFixtureCatalogue(ctx.core.db);
    ctx.core.modules.catalogue.api.invalidate();
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const id = (key: string) => ids.get(key)!;
  async function member(options: Parameters<typeof newPlayer>[1] = {}) {
    const player = await newPlayer(ctx.core, options);
    return { ...player, token: await loginAs(ctx.app, player) };
  }

  it('adds and removes favourites idempotently, newest first', async () => {
    const { token } = await member();
    for (const game of ['TSLOT/tiger', 'TSLOT/tiger', 'TFISH/shark']) {
      expect((await call('POST', '/api/games/favorites', token, { nodeId: id(game) })).statusCode).toBe(204);
    }
    expect((await call('GET', '/api/games/favorites/ids', token)).json().ids).toEqual([String(id('TFISH/shark')), String(id('TSLOT/tiger'))]);
    const page = (await call('GET', '/api/games/favorites?pageSize=20', token)).json();
    expect(page.content.map((game: { gameCode: string }) => game.gameCode)).toEqual(['shark', 'tiger']);
    expect((await call('GET', '/api/games/favorites?gameType=FISH', token)).json().total).toBe(1);
    for (let i = 0; i < 2; i += 1) expect((await call('DELETE', `/api/games/favorites/${id('TSLOT/tiger')}`, token)).statusCode).toBe(204);
    expect((await call('GET', '/api/games/favorites/ids', token)).json().ids).toEqual([String(id('TFISH/shark'))]);
  });

  it('refuses unknown or malformed favourites without a 500', async () => {
    const { token } = await member();
    expect((await call('POST', '/api/games/favorites', token, { nodeId: 999_999 })).json().error.code).toBe('catalogue.game_not_found');
    for (const nodeId of [0, -1, 1.5, 'abc', 2 ** 40, null]) {
      expect((await call('POST', '/api/games/favorites', token, { nodeId })).statusCode, String(nodeId)).toBe(400);
    }
    expect((await call('DELETE', '/api/games/favorites/abc', token)).statusCode).toBe(400);
    expect((await call('POST', '/api/games/favorites', undefined, { nodeId: id('TSLOT/tiger') })).statusCode).toBe(401);
  });

  it('launches for a member: a seamless demo game opens the slot screen, with a single-use vendor token and the recent list', async () => {
    const { token } = await member();
    expect((await call('POST', '/api/games/launch', undefined, { gameId: id('TSLOT/tiger') })).json().error.code).toBe('auth.required');
    const first = await call('POST', '/api/games/launch', token, { gameId: id('TSLOT/tiger') });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ mode: 'seamless', demo: false, transferred: null, game: { gameCode: 'tiger' }, url: '/slot/TSLOT/tiger' });
    expect(first.json().vendorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const demo = await call('POST', '/api/games/launch', token, { gameId: id('TSLOT/tiger'), demo: true });
    expect(demo.json().url).toBe('/slot/TSLOT/tiger?demo=1');
    await call('POST', '/api/games/launch', token, { vendor: 'TFISH', gameCode: 'shark', language: 'en' });
    const recent = (await call('GET', '/api/games/recent', token)).json();
    expect(recent.content.map((game: { gameCode: string }) => game.gameCode)).toEqual(['shark', 'tiger']);
  });

  it('a transfer-mode demo game opens the sandbox session page, which redeems its token once', async () => {
    const { token } = await member({ balance: 12_000n });
    const launched = await call('POST', '/api/games/launch', token, { gameId: id('TXFER/poker') });
    expect(launched.statusCode, launched.body).toBe(200);
    const { url, vendorToken } = launched.json();
    expect(url).toMatch(/^\/sandbox-vendor\/play\?/);
    expect(url).toContain(`token=${vendorToken}`);
    const play = await ctx.app.inject({ method: 'GET', url });
    expect(play.statusCode).toBe(200);
    expect(play.body).toContain('R$');
    expect(play.headers['content-security-policy']).toContain("default-src 'none'");
    // The vendor redeems the token once; a reload is an expired session.
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox-vendor/play?token=%3Cscript%3E' })).statusCode).toBe(401);
  });

  it('refuses trial accounts except for demo play of games that have it', async () => {
    const { token } = await member({ type: TRIAL_ACCOUNT_TYPE });
    expect((await call('POST', '/api/games/launch', token, { gameId: id('TSLOT/tiger') })).json().error.code).toBe('auth.trial_refused');
    const demo = await call('POST', '/api/games/launch', token, { gameId: id('TSLOT/tiger'), demo: true });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json().demo).toBe(true);
    expect((await call('POST', '/api/games/launch', token, { gameId: id('TSLOT/percent'), demo: true })).json().error.code).toBe('catalogue.demo_unavailable');
  });

  it('offers playable games of the same type for a game or vendor under maintenance', async () => {
    const { token } = await member();
    const game = await call('POST', '/api/games/launch', token, { gameId: id('TSLOT/broken') });
    expect(game.statusCode).toBe(409);
    expect(game.json().error.code).toBe('catalogue.game_maintenance');
    const alternatives = game.json().error.details.alternatives as { gameCode: string; gameType: string; maintenance: boolean }[];
    expect(alternatives.map((entry) => entry.gameCode)).toEqual(['tiger', 'gold', 'heart', 'percent', 'dragon']);
    expect(alternatives.every((entry) => entry.gameType === 'RNG' && !entry.maintenance)).toBe(true);
    const vendor = await call('POST', '/api/games/launch', token, { gameId: id('TLIVE/roulette') });
    expect(vendor.json().error.code).toBe('catalogue.game_maintenance');
    expect((await call('GET', '/api/games?gameType=LIVE', token)).json().content[0].maintenance).toBe(true);
  });

  it('answers unknown, disabled and malformed launch targets with 4xx', async () => {
    const { token } = await member();
    expect((await call('POST', '/api/games/launch', token, { gameId: 999_999 })).json().error.code).toBe('catalogue.game_not_found');
    expect((await call('POST', '/api/games/launch', token, { gameId: id('TOFF/rocket') })).json().error.code).toBe('catalogue.game_not_found');
    for (const body of [{}, { vendor: 'TSLOT' }, { gameId: 'x' }, { vendor: '<b>', gameCode: 'tiger' }, { gameId: 1, demo: 'yes' }]) {
      const response = await call('POST', '/api/games/launch', token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('transfer mode: launching moves the configured amount to the vendor, and it comes back once', async () => {
    const player = await member({ balance: 12_000n });
    const launched = await call('POST', '/api/games/launch', player.token, { gameId: id('TXFER/poker') });
    expect(launched.json()).toMatchObject({ mode: 'transfer', transferred: '50.00' });
    expect((await call('GET', '/api/wallet/balance', player.token)).json().cash).toBe('70.00');

    const requestId = randomUUID();
    const back = () => call('POST', '/api/games/vendors/TXFER/transfer', player.token, { direction: 'out', requestId });
    const [one, two] = await Promise.all([back(), back()]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect(one.json().moved).toBe('50.00');
    expect((await call('GET', '/api/wallet/balance', player.token)).json().cash).toBe('120.00');
    expect((await ctx.core.modules.wallet.api.vendorPocketsOf(player.id)).find((pocket) => pocket.vendor === 'txfer')?.balance ?? 0n).toBe(0n);

    const tooMuch = await call('POST', '/api/games/vendors/TXFER/transfer', player.token, { direction: 'in', amount: '500.00', requestId: randomUUID() });
    expect(tooMuch.json().error.code).toBe('wallet.insufficient_funds');
    const seamless = await call('POST', '/api/games/vendors/TSLOT/transfer', player.token, { direction: 'in', requestId: randomUUID() });
    expect(seamless.json().error.code).toBe('catalogue.not_transfer_vendor');
    for (const amount of ['0', '-1', '1.001', 'abc', '1e5']) {
      const response = await call('POST', '/api/games/vendors/TXFER/transfer', player.token, { direction: 'in', amount, requestId: randomUUID() });
      expect(response.json().error.code, amount).toBe('wallet.amount_invalid');
    }
    const check = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(check.ok).toBe(true);
  });
});
