import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_GAME_CODE } from '@app/contracts';
import { demoMachineFor, MINES_GAME, MINI_GAMES, SLOT_GAMES } from '@app/house-games';
import { installErrorHandling, sendNotFound } from '../../../platform/http/error-handler.ts';
import { buildDemoCatalogue } from '../demo/demo-catalogue.ts';
import { escapeXml } from '../../../platform/xml.ts';
import { FALLBACK_GAME_SVG, FALLBACK_VENDOR_SVG, initialsOf, vendorLogoSvg } from './game-art.ts';
import { mediaRoutes } from './media.routes.ts';

describe('media routes', () => {
  // The plugin plus the platform's error handling, as composeHttp mounts them; no database needed.
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  const demo = buildDemoCatalogue();
  const get = (url: string) => app.inject({ method: 'GET', url });

  beforeAll(async () => {
    installErrorHandling(app);
    app.setNotFoundHandler(sendNotFound);
    await app.register(mediaRoutes());
    await app.ready();
  });
  afterAll(() => app.close());

  const expectSvg = (response: Awaited<ReturnType<typeof get>>) => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(response.body).not.toMatch(/<script|href=|on\w+=/i);
    expectWellFormed(response.body);
  };

  it('serves the same art for every game path the demo catalogue stores, and different art per game', async () => {
    const [first, second] = demo.games.filter((game) => game.gameType === 'RNG');
    const firstArt = await get(`/media/${first!.iconPath}`);
    expectSvg(firstArt);
    expect((await get(`/media/${first!.iconPath}`)).body).toBe(firstArt.body);
    expect((await get(`/media/${second!.iconPath}`)).body).not.toBe(firstArt.body);
    for (const type of new Set(demo.games.map((game) => game.gameType))) {
      const game = demo.games.find((candidate) => candidate.gameType === type)!;
      expectSvg(await get(`/media/${game.iconPath}`));
    }
  });

  it('draws vendor logos with the display name, escaped', async () => {
    const logo = await get('/media/demo/vendor/WW.svg');
    expectSvg(logo);
    expect(logo.body).toContain('>BGS</text>');
    const aurora = await get('/media/demo/vendor/AURORA.svg');
    expect(aurora.body).toContain('>AS</text>');
    expect(aurora.body).toContain('>Aurora Spins</text>');
    expect(aurora.body).toContain('>DEMO</text>');
    const hostile = vendorLogoSvg('X', `Tom & "Jerry" <b>'s`);
    expect(hostile).toContain('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s');
    expectWellFormed(hostile);
    expect(escapeXml('a\u0000b\u202Ec')).toBe('abc');
    expect(initialsOf('Ipê Interactive (Demo)')).toBe('II');
  });

  const houseCodes = [...SLOT_GAMES.map((game) => game.code), ...MINI_GAMES.map((game) => game.code), MINES_GAME.code, CRASH_GAME_CODE];

  it('draws every house game its own art and the house vendor a logo, none of them the grey placeholder', async () => {
    const bodies = new Set<string>();
    for (const code of houseCodes) {
      const art = await get(`/media/house/game/${code}.svg`);
      expectSvg(art);
      expect(art.body, code).not.toBe(FALLBACK_GAME_SVG);
      bodies.add(art.body);
    }
    expect(bodies.size).toBe(houseCodes.length);
    const logo = await get('/media/house/vendor/HOUSE.svg');
    expectSvg(logo);
    expect(logo.body).not.toBe(FALLBACK_VENDOR_SVG);
    expect(logo.body).toContain('>Jogos da Casa</text>');
    expect((await get('/media/house/game/nope.svg')).statusCode).toBe(404);
  });

  it('shows on a non-slot demo tile the art of the house slot it opens', async () => {
    for (const game of demo.games.filter((candidate) => candidate.gameType !== 'RNG').slice(0, 40)) {
      const machine = demoMachineFor(game.vendorCode, game.gameCode);
      const tile = await get(`/media/${game.iconPath}`);
      expect(tile.body, game.gameCode).toBe((await get(`/media/house/game/${machine.code}.svg`)).body);
    }
  });

  it('names on a game-centre demo vendor (its tile launches the lobby) the house slot the lobby opens', async () => {
    for (const code of ['PIXELARENA', 'DS88', 'LOTT', 'ELOTT', 'GALO']) {
      const machine = demoMachineFor(code, 'lobby');
      const logo = await get(`/media/demo/vendor/${code}.svg`);
      expectSvg(logo);
      expect(logo.body, code).toContain(`>DEMO → ${machine.name.pt}</text>`);
    }
    expect((await get('/media/demo/vendor/AURORA.svg')).body).toContain('>DEMO</text>');
  });

  it('serves the fallbacks', async () => {
    expectSvg(await get('/media/fallback/game.svg'));
    expectSvg(await get('/media/fallback/vendor.svg'));
  });

  it('answers hostile, malformed and unknown names with the JSON 404, never a 500', async () => {
    const urls = [
      '/media/demo/game/WW/%3Cscript%3Ealert(1)%3C%2Fscript%3E.svg',
      "/media/demo/game/WW/'%3B%20drop%20table%20catalogue_game%3B--.svg",
      '/media/demo/game/WW/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/demo/game/..%2F..%2Fetc/passwd.svg',
      '/media/demo/game/WW/lobby.png',
      '/media/demo/game/WW/lobby',
      '/media/demo/game/WW/.svg',
      '/media/demo/game/WW/not-a-demo-game.svg',
      '/media/demo/game/NOPE/lobby.svg',
      `/media/demo/game/WW/${'a'.repeat(81)}.svg`,
      '/media/demo/game/WW/lobby.svg%00',
      '/media/demo/game/W%C3%A9W/lobby.svg',
      '/media/demo/vendor/NOPE.svg',
      '/media/demo/vendor/WW.svg.svg',
      '/media/demo/vendor/%E2%80%AEWW.svg',
      '/media/fallback/other.svg',
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: { code: 'route.not_found' } });
    }
  });
});

/**
 * Enough of an XML check for our own markup (no parser in the dependencies): tags balance,
 * no attribute repeats in a tag (browsers refuse such an SVG), every & starts an entity.
 */
function expectWellFormed(svg: string) {
  const open: string[] = [];
  for (const [, closing, name, attributes, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const names = [...attributes!.matchAll(/\s([a-zA-Z:-]+)="[^"]*"/g)].map((match) => match[1]);
    expect(new Set(names).size, `<${name}${attributes}>`).toBe(names.length);
    if (closing) expect(open.pop(), svg).toBe(name);
    else if (!selfClosing) open.push(name!);
  }
  expect(open).toEqual([]);
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
}
