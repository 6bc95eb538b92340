import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newPlayer } from '../../../test/builders.ts';
import { insertFixtureCatalogue } from '../../../test/catalogue-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { notifyCatalogueChanged } from './index.ts';

/** Browsing the catalogue over HTTP: menu, lists, filters, search, paging and bad queries. */
describe('catalogue routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await insertFixtureCatalogue(ctx.core.db);
    ctx.core.modules.catalogue.api.invalidate();
  });
  afterAll(() => ctx.close());

  const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const codes = (body: { content: { gameCode: string }[] }) => body.content.map((game) => game.gameCode);

  it('lists only types that have enabled vendors, in vendor sort order', async () => {
    const response = await get('/api/games/menu');
    expect(response.statusCode, response.body).toBe(200);
    const types = response.json().types as { gameType: string; vendors: { vassalage: string; gameCount: number }[] }[];
    expect(types.map((entry) => entry.gameType)).toEqual(['RNG', 'FISH', 'LIVE', 'PVP']);
    expect(types[0]!.vendors.map((vendor) => vendor.vassalage)).toEqual(['TSLOT', 'TFISH']);
    expect(types.flatMap((entry) => entry.vendors).some((vendor) => vendor.vassalage === 'TOFF')).toBe(false);
    expect(types[0]!.vendors[0]!.gameCount).toBe(5);
  });

  it('filters by type, vendor, classify, new and hot, in rank order with totals', async () => {
    const rng = (await get('/api/games?gameType=RNG')).json();
    expect(codes(rng)).toEqual(['tiger', 'gold', 'heart', 'broken', 'percent', 'dragon']);
    expect(rng.total).toBe(6);
    expect(codes((await get('/api/games?gameType=RNG&vassalage=TFISH')).json())).toEqual(['dragon']);
    expect(codes((await get('/api/games?gameType=RNG&gameClassify=classic')).json())).toEqual(['heart', 'broken', 'percent']);
    expect(codes((await get('/api/games?gameType=RNG&isNew=true')).json())).toEqual(['heart']);
    expect(codes((await get('/api/games?isHot=1')).json())).toEqual(['tiger', 'shark']);
    // A disabled vendor's games are never listed, even when asked for by name.
    expect((await get('/api/games?vassalage=TOFF')).json().total).toBe(0);
    expect((await get('/api/games/classifies?gameType=RNG')).json().classifies).toEqual(['classic', 'slots']);
  });

  it('pages start at 1 and never repeat or skip a game', async () => {
    const first = (await get('/api/games?gameType=RNG&pageSize=4&pageNo=1')).json();
    const second = (await get('/api/games?gameType=RNG&pageSize=4&pageNo=2')).json();
    expect(first.totalPages).toBe(2);
    expect([...codes(first), ...codes(second)]).toEqual(['tiger', 'gold', 'heart', 'broken', 'percent', 'dragon']);
    expect(codes((await get('/api/games?gameType=RNG&pageSize=4&pageNo=3')).json())).toEqual([]);
  });

  it('searches names case- and accent-insensitively in both languages', async () => {
    const search = async (term: string) => codes((await get(`/api/games?gameName=${encodeURIComponent(term)}`)).json()).sort();
    expect(await search('fortune')).toEqual(['dragon', 'gold', 'tiger']);
    expect(await search('FORTUNA')).toEqual(['dragon', 'gold', 'tiger']);
    expect(await search('coracao')).toEqual(['heart']);
    expect(await search('Caçador')).toEqual(['shark']);
    expect(await search('dragão')).toEqual(['dragon']);
    // Wildcards are searched literally; punctuation alone matches nothing.
    expect(await search('%')).toEqual([]);
    expect(await search('100%')).toEqual(['percent']);
    expect(await search('_')).toEqual([]);
    const counted = (await get('/api/games?gameName=fortuna&gameType=RNG')).json();
    expect(counted.total).toBe(3);
  });

  it('names games in the requested language, falling back to English', async () => {
    const pt = (await get('/api/games?vassalage=TSLOT&language=pt')).json().content as { gameCode: string; gameName: string; iconUrl: string }[];
    const en = (await get('/api/games?vassalage=TSLOT&language=en')).json().content as { gameCode: string; gameName: string }[];
    expect(pt.find((game) => game.gameCode === 'tiger')!.gameName).toBe('Tigre da Fortuna');
    expect(en.find((game) => game.gameCode === 'tiger')!.gameName).toBe('Fortune Tiger');
    expect(pt.find((game) => game.gameCode === 'percent')!.gameName).toBe('100% Wild');
    expect(pt.find((game) => game.gameCode === 'tiger')!.iconUrl).toBe('/media/fallback/game.svg');
  });

  it('answers bad queries with 400 and a code, never 500', async () => {
    const bad = [
      '/api/games?gameType=NOPE',
      '/api/games?pageSize=1000',
      '/api/games?pageNo=0',
      '/api/games?pageNo=abc',
      `/api/games?gameName=${'x'.repeat(61)}`,
      `/api/games?vassalage=${encodeURIComponent('<script>')}`,
      `/api/games?vassalage=${encodeURIComponent("x'; drop table catalogue_game;--")}`,
      '/api/games?isNew=maybe',
      '/api/games/classifies?gameType=%00',
    ];
    for (const url of bad) {
      const response = await get(url);
      expect(response.statusCode, `${url} → ${response.body}`).toBe(400);
      expect(response.json().error.code).toBeTruthy();
    }
    const hostileName = await get(`/api/games?gameName=${encodeURIComponent("' or 1=1 --")}`);
    expect(hostileName.statusCode).toBe(200);
    expect(hostileName.json().total).toBe(0);
  });

  it('sees an imported change once the catalogue.changed event arrives', async () => {
    await sql`update catalogue_game set names = '{"en":"Renamed Tiger","pt":"Tigre Renomeado"}'::jsonb where game_code = 'tiger'`.execute(ctx.core.db);
    await notifyCatalogueChanged(ctx.core.db);
    await expect
      .poll(async () => ((await get('/api/games?vassalage=TSLOT&language=en')).json().content as { gameName: string }[])[0]!.gameName, { timeout: 5000 })
      .toBe('Renamed Tiger');
  });

  it('home rows: hot games, rng vendors, pvp games, fish games', async () => {
    const rows = (await get('/api/games/home')).json().rows as { key: string; kind: string; games: unknown[]; vendors: unknown[] }[];
    expect(rows.map((row) => `${row.key}:${row.kind}`)).toEqual(['hot:games', 'rng:vendors', 'pvp:games', 'fish:games']);
  });

  it('favourites and recent need a session', async () => {
    expect((await get('/api/games/favorites')).statusCode).toBe(401);
    expect((await get('/api/games/recent')).statusCode).toBe(401);
    const player = await newPlayer(ctx.core);
    const token = await loginAs(ctx.app, player);
    expect((await get('/api/games/favorites', token)).json()).toMatchObject({ content: [], pageNum: 1, totalPages: 1 });
  });
});
