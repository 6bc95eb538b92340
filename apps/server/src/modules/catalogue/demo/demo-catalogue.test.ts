import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_TYPES } from '@app/contracts';
import { listedRtpOf } from '@app/house-games';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { createDb, type DbHandle } from '../../../platform/db.ts';
import { createLogger } from '../../../platform/logger.ts';
import { foldForSearch, searchTextOf } from '../search-text.ts';
import { resolveTable } from '../../house-games/index.ts';
import { buildDemoCatalogue, DEMO_CATALOGUE_VERSION, seedDemoCatalogue } from './demo-catalogue.ts';

const catalogue = buildDemoCatalogue();
const fingerprint = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)))
    .digest('hex')
    .slice(0, 16);

describe('demo catalogue (data)', () => {
  it('is deterministic, and its content is pinned to DEMO_CATALOGUE_VERSION', () => {
    expect(buildDemoCatalogue()).toEqual(catalogue);
    // Changed the demo data? Bump DEMO_CATALOGUE_VERSION (so seeded databases refresh), then update this pin.
    expect({ version: DEMO_CATALOGUE_VERSION, content: fingerprint(catalogue) }).toEqual({ version: '3', content: '3e2f124aa4d28c99' });
  });

  it('has about 10,000 unique games over about 40 demo vendors, every one marked demo', () => {
    expect(catalogue.games).toHaveLength(10_000);
    expect(new Set(catalogue.games.map((game) => `${game.vendorCode}/${game.gameCode}`)).size).toBe(10_000);
    expect(catalogue.vendors.length).toBeGreaterThanOrEqual(38);
    expect(catalogue.vendors.length).toBeLessThanOrEqual(45);
    expect(catalogue.games.every((game) => game.isDemo) && catalogue.vendors.every((vendor) => vendor.isDemo)).toBe(true);
    const vendorCodes = new Set(catalogue.vendors.map((vendor) => vendor.code));
    expect(catalogue.games.every((game) => vendorCodes.has(game.vendorCode))).toBe(true);
  });

  it('covers every game type, with the vendors the product refers to by code', () => {
    expect(new Set(catalogue.games.map((game) => game.gameType))).toEqual(new Set(GAME_TYPES));
    const vendor = (code: string) => catalogue.vendors.find((candidate) => candidate.code === code);
    expect(vendor('WW')).toMatchObject({ displayName: 'BGS', gameTypes: ['RNG'], isGame: 'GAME' });
    expect(vendor('DS88')).toMatchObject({ gameTypes: ['COCKFIGHT', 'ESPORTS'], isGame: 'GAME' });
    for (const code of ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT']) expect(vendor(code)).toMatchObject({ gameTypes: ['LOTT'], isGame: 'GAME' });
    expect(vendor('ELOTT')).toMatchObject({ gameTypes: ['ELOTT'], isGame: 'GAME' });
    expect(vendor('DEMOTRANSFER')).toMatchObject({ walletMode: 'transfer', transferAmount: 10_000n });
    for (const gameVendor of catalogue.vendors.filter((candidate) => candidate.isGame === 'GAME')) {
      expect(catalogue.games.some((game) => game.vendorCode === gameVendor.code && game.gameCode === 'lobby'), gameVendor.code).toBe(true);
    }
    const gameVendorTypes = new Set(catalogue.vendors.filter((candidate) => candidate.isGame === 'GAME').flatMap((candidate) => candidate.gameTypes));
    for (const type of ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT']) expect(gameVendorTypes.has(type as never), type).toBe(true);
    const rngVendors = catalogue.vendors.filter((candidate) => candidate.gameTypes.includes('RNG')).map((candidate) => candidate.code);
    expect(catalogue.games.filter((game) => rngVendors.includes(game.vendorCode)).length).toBeGreaterThan(8_000);
  });

  it('uses invented vendor names marked as demo, and no real studio', () => {
    for (const vendor of catalogue.vendors.filter((candidate) => candidate.code !== 'WW')) expect(vendor.displayName).toMatch(/\(Demo\)$/);
    const names = catalogue.vendors.map((vendor) => vendor.displayName.toLowerCase()).join(' | ');
    for (const brand of ['pg soft', 'pragmatic', 'evolution', 'spribe', 'jili', 'playtech', 'netent', 'microgaming']) expect(names).not.toContain(brand);
  });

  it('names games in English and Portuguese, searchable as "fortune" and "fortuna" alike', () => {
    expect(catalogue.games.every((game) => game.names.en && game.names.pt)).toBe(true);
    const texts = catalogue.games.map((game) => searchTextOf(game.names));
    const matching = (term: string) => texts.filter((text) => text.includes(foldForSearch(term))).length;
    expect(matching('fortune')).toBeGreaterThan(36);
    expect(matching('Fortuna')).toBeGreaterThan(36);
    expect(matching('dragão')).toBeGreaterThan(36);
    expect(matching('coracao')).toBeGreaterThan(36);
    expect(matching('ações')).toBeGreaterThan(12);
    expect(catalogue.games.some((game) => game.names.en === 'Fortune Tiger' && game.names.pt === 'Tigre da Fortuna')).toBe(true);
    expect(catalogue.games.some((game) => game.names.en === 'Golden Fortune' && game.names.pt === 'Fortuna Dourada')).toBe(true);
  });

  it('spreads the attributes the lists and filters need', () => {
    const share = (test: (game: (typeof catalogue.games)[number]) => boolean) => catalogue.games.filter(test).length / catalogue.games.length;
    expect(share((game) => game.isHot)).toBeCloseTo(0.05, 1);
    expect(share((game) => game.isNew)).toBeCloseTo(0.05, 1);
    expect(share((game) => game.maintenance)).toBeGreaterThan(0.01);
    expect(share((game) => game.maintenance)).toBeLessThan(0.03);
    expect(share((game) => game.demoSupported)).toBeGreaterThan(0.75);
    expect(catalogue.vendors.filter((vendor) => vendor.maintenance)).toHaveLength(1);
    expect(catalogue.games.filter((game) => game.minBet < 10n || game.minBet > 500n)).toEqual([]);
    expect(catalogue.games.filter((game) => game.rtp !== null && !(Number(game.rtp) >= 94 && Number(game.rtp) <= 97.5))).toEqual([]);
    // The art is served as immutable: a version whose art may differ must reach browsers under new addresses.
    const art = `?v=${DEMO_CATALOGUE_VERSION}`;
    expect(catalogue.games.filter((game) => game.iconPath !== `demo/game/${game.vendorCode}/${game.gameCode}.svg${art}`)).toEqual([]);
    expect(catalogue.vendors.filter((vendor) => vendor.logoPath !== `demo/vendor/${vendor.code}.svg${art}`)).toEqual([]);
    expect(new Set(catalogue.games.filter((game) => game.gameType === 'RNG').map((game) => game.classify))).toEqual(new Set(['lobby', 'slots', 'megaways', 'classic', 'jackpot']));
    expect(new Set(catalogue.games.filter((game) => game.gameType === 'LIVE').map((game) => game.classify))).toEqual(new Set(['baccarat', 'roulette', 'blackjack', 'gameshow']));
    expect(new Set(catalogue.vendors.map((vendor) => vendor.sortOrder)).size).toBe(catalogue.vendors.length);
  });
});

describe('demo catalogue (what a tile opens)', () => {
  // The launch path itself: the house game server's table for the (vendor, game) the tile launches.
  const opened = async (game: (typeof catalogue.games)[number]) => {
    const vendor = catalogue.vendors.find((candidate) => candidate.code === game.vendorCode)!;
    const lookup = async () => ({ names: game.names, vendorName: vendor.displayName, isDemo: true, walletMode: vendor.walletMode, playable: true, demoSupported: game.demoSupported });
    return resolveTable(lookup, game.vendorCode, game.gameCode).then((table) => table.engine, () => undefined);
  };

  it('lists for every demo game the RTP of the game that opens (none when no game opens)', async () => {
    const wrong: string[] = [];
    for (const game of catalogue.games) {
      const machine = await opened(game);
      const expected = machine ? listedRtpOf(machine) : null;
      if (game.rtp !== expected) wrong.push(`${game.vendorCode}/${game.gameCode}: ${game.rtp} ≠ ${expected}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('names on every tile of a non-slot type the house game it opens, and the demo it stands for', async () => {
    const wrong: string[] = [];
    for (const game of catalogue.games.filter((candidate) => candidate.gameType !== 'RNG')) {
      const machine = (await opened(game))!;
      const vendor = catalogue.vendors.find((candidate) => candidate.code === game.vendorCode)!;
      const named = game.names.pt!.startsWith(`${machine.name.pt} · demo`) && game.names.en.startsWith(`${machine.name.en} · `) && game.names.en.endsWith(' demo');
      if (!named) wrong.push(`${game.vendorCode}/${game.gameCode}: ${game.names.pt} / ${game.names.en}`);
      if (game.gameCode === 'lobby') expect(game.names.pt).toBe(`${machine.name.pt} · demo de ${vendor.displayName.replace(' (Demo)', '')}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    const arena = catalogue.games.find((game) => game.vendorCode === 'ARENA' && game.gameCode === 'lobby')!;
    expect(arena.names.pt).toMatch(/^(Selva Dourada|Tesouro do Faraó|Carnaval da Sorte) · demo de Arena Sports$/);
  });
});

describe('demo catalogue (seeding)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = createDb({ connectionString: await createTestDatabase(), max: 4, logger: createLogger({ level: 'silent', pretty: false }) });
  });
  afterAll(() => handle.close());

  const counts = async () => {
    const { rows } = await sql<{ vendors: bigint; games: bigint; bad_search: bigint }>`
      select (select count(*) from catalogue_vendor) as vendors, (select count(*) from catalogue_game) as games,
             (select count(*) from catalogue_game where search_text = '') as bad_search`.execute(handle.db);
    return rows[0];
  };

  it('seeds in well under 3 s, then does nothing while the version holds', async () => {
    const startedAt = performance.now();
    const first = await seedDemoCatalogue(handle.db);
    const elapsed = performance.now() - startedAt;
    console.info(`demo catalogue seeded in ${Math.round(elapsed)} ms`);
    expect(first).toEqual({ vendors: catalogue.vendors.length, games: 10_000, created: true });
    expect(elapsed).toBeLessThan(3_000);
    expect(await counts()).toEqual({ vendors: BigInt(catalogue.vendors.length), games: 10_000n, bad_search: 0n });
    expect(await seedDemoCatalogue(handle.db)).toMatchObject({ created: false });
  });

  it('re-seeds after a version change without duplicating, and disables demo rows it no longer has', async () => {
    // A game an older generator made (its art path is the generator's) …
    const stray = await handle.db
      .insertInto('catalogue_game')
      .values({ vendor_code: 'AURORA', game_code: 'retired-game', game_type: 'RNG', names: JSON.stringify({ en: 'Retired' }), search_text: 'retired', icon_path: 'demo/game/AURORA/retired-game.svg', is_demo: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    // … and a demo vendor another module registered (the provider's certification vendor).
    await handle.db.insertInto('catalogue_vendor').values({ code: 'OTHERDEMO', display_name: 'Other demo', game_types: ['RNG'], is_demo: true }).execute();
    await sql`comment on table catalogue_vendor is 'demo-catalogue:0'`.execute(handle.db);
    expect(await seedDemoCatalogue(handle.db)).toMatchObject({ created: true });
    expect(await counts()).toEqual({ vendors: BigInt(catalogue.vendors.length + 1), games: 10_001n, bad_search: 0n });
    const retired = await handle.db.selectFrom('catalogue_game').select('enabled').where('id', '=', stray.id).executeTakeFirstOrThrow();
    expect(retired.enabled).toBe(false);
    const other = await handle.db.selectFrom('catalogue_vendor').select('enabled').where('code', '=', 'OTHERDEMO').executeTakeFirstOrThrow();
    expect(other.enabled).toBe(true);
    await handle.db.deleteFrom('catalogue_vendor').where('code', '=', 'OTHERDEMO').execute();
  });

  it('seeds again when every demo row is gone', async () => {
    await handle.db.deleteFrom('catalogue_game').execute();
    expect(await seedDemoCatalogue(handle.db)).toMatchObject({ created: true, games: 10_000 });
    expect(await counts()).toEqual({ vendors: BigInt(catalogue.vendors.length), games: 10_000n, bad_search: 0n });
  });

  it('never overwrites a vendor or a game imported for real under a demo code', async () => {
    await handle.db.updateTable('catalogue_vendor').set({ is_demo: false, display_name: 'Real WW' }).where('code', '=', 'WW').execute();
    await handle.db
      .updateTable('catalogue_game')
      .set({ is_demo: false, names: JSON.stringify({ en: 'Real lobby' }), search_text: 'real lobby' })
      .where('vendor_code', '=', 'DS88')
      .where('game_code', '=', 'lobby')
      .execute();
    await sql`comment on table catalogue_vendor is 'demo-catalogue:0'`.execute(handle.db);
    const reseeded = await seedDemoCatalogue(handle.db);
    expect(reseeded).toMatchObject({ created: true, vendors: catalogue.vendors.length - 1 });
    const vendor = await handle.db.selectFrom('catalogue_vendor').selectAll().where('code', '=', 'WW').executeTakeFirstOrThrow();
    expect(vendor).toMatchObject({ display_name: 'Real WW', is_demo: false });
    const wwDemoGames = await handle.db.selectFrom('catalogue_game').select('enabled').where('vendor_code', '=', 'WW').where('is_demo', '=', true).execute();
    expect(wwDemoGames.length).toBeGreaterThan(0);
    expect(wwDemoGames.every((game) => !game.enabled)).toBe(true);
    const lobby = await handle.db.selectFrom('catalogue_game').selectAll().where('vendor_code', '=', 'DS88').where('game_code', '=', 'lobby').executeTakeFirstOrThrow();
    expect(lobby).toMatchObject({ names: { en: 'Real lobby' }, is_demo: false });
  });
});
