import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { createDb, type DbHandle } from '../../../platform/db.ts';
import { createLogger } from '../../../platform/logger.ts';
import { searchTextOf } from '../search-text.ts';
import { UnreadableCatalogueError } from './catalogue-file.ts';
import { importCatalogueFile } from './import.service.ts';

const HEADER = 'vendor,gameCode,gameType,classify,name_en,name_pt,icon,isHot,isNew,minBet,minLineNum,rtp,demoSupported,enabled,maintenance';
const SAMPLE = path.resolve(import.meta.dirname, '../../../../../../docs/examples/catalogue-sample.csv');

describe('catalogue import', () => {
  let databaseUrl: string;
  let handle: DbHandle;
  const directory = mkdtempSync(path.join(tmpdir(), 'catalogue-import-'));
  const fileWith = (name: string, content: string) => {
    const file = path.join(directory, name);
    writeFileSync(file, content);
    return file;
  };
  const db = () => handle.db;
  const gamesOf = (vendor: string) =>
    db().selectFrom('catalogue_game').selectAll().where('vendor_code', '=', vendor).orderBy('rank').execute();

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    handle = createDb({ connectionString: databaseUrl, max: 4, logger: createLogger({ level: 'silent', pretty: false }) });
  });
  afterAll(() => handle.close());

  it('imports the documented sample: good rows in, the two bad ones reported by line', async () => {
    const summary = await importCatalogueFile(db(), SAMPLE);
    expect(summary).toMatchObject({
      format: 'csv',
      read: { vendors: 2, games: 10 },
      vendors: { inserted: 2, updated: 0, unchanged: 0 },
      games: { inserted: 8, updated: 0, unchanged: 0 },
      rejectedCount: 2,
    });
    expect(summary.rejected.map((row) => [row.line, row.reasons])).toEqual([
      [16, ['minBet: must be a decimal amount with at most 2 places, like 0.20 (got "0.001")']],
      [17, [expect.stringMatching(/^gameCode: must be 1-80/), expect.stringMatching(/^gameType: must be one of/)]],
    ]);
    const transfer = await db().selectFrom('catalogue_vendor').selectAll().where('code', '=', 'SAMPLE_TR').executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ wallet_mode: 'transfer', transfer_amount: 10_000n, is_demo: false, game_types: ['RNG'] });
  });

  it('stores every field as given, folded search text included, hot games ranked first', async () => {
    const games = await gamesOf('SAMPLE');
    expect(games.map((game) => game.game_code)).toEqual(['fortune-tiger', 'golden-fortune', 'dragon-heart', 'pharaohs-gold', 'ocean-king', 'stock-market-bull']);
    const [tiger] = games;
    expect(tiger).toMatchObject({
      game_type: 'RNG', classify: 'slots', names: { en: 'Fortune Tiger', pt: 'Tigre da Fortuna' }, icon_path: 'sample/fortune-tiger.png',
      is_hot: true, is_new: false, min_bet: 20n, min_line_num: 5, rtp: '96.50', demo_supported: true, enabled: true, maintenance: false, is_demo: false,
    });
    for (const game of games) expect(game.search_text).toBe(searchTextOf(game.names));
    expect(games.find((game) => game.game_code === 'stock-market-bull')!.search_text).toContain('touro das acoes');
    expect(games.find((game) => game.game_code === 'pharaohs-gold')!.names).toEqual({ en: "Pharaoh's Gold", pt: 'Ouro do Faraó' });
  });

  it('updates on re-import instead of duplicating, and leaves unchanged rows alone', async () => {
    const before = await gamesOf('SAMPLE');
    const again = await importCatalogueFile(db(), SAMPLE);
    expect(again.games).toEqual({ inserted: 0, updated: 0, unchanged: 8 });
    expect(again.vendors).toEqual({ inserted: 0, updated: 0, unchanged: 2 });

    const changed = fileWith('changed.csv', `${HEADER}\nSAMPLE,ocean-king,FISH,fishing,Ocean King II,Rei do Oceano II,,no,no,0.30,0,96.00,yes,yes,no\n`);
    const summary = await importCatalogueFile(db(), changed);
    expect(summary.games).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    const after = await gamesOf('SAMPLE');
    expect(after).toHaveLength(before.length);
    const ocean = after.find((game) => game.game_code === 'ocean-king')!;
    expect(ocean).toMatchObject({ id: before.find((game) => game.game_code === 'ocean-king')!.id, min_bet: 30n, search_text: 'ocean king ii | rei do oceano ii' });
  });

  it('reports the bad rows of a hostile CSV by line and imports the rest', async () => {
    const rows = [
      HEADER,
      'SAMPLE,good-one,RNG,slots,Good One,Boa Um,,no,no,0.20,5,96.00,true,true,false',
      ',,,,,,,,,,,,,,',
      `SAMPLE,too-long,RNG,slots,${'N'.repeat(121)},,,no,no,0.20,5,96.00,true,true,false`,
      'SAMPLE,script,RNG,slots,<script>alert(1)</script>,,,no,no,0.20,5,96.00,true,true,false',
      "SAMPLE,'; drop table catalogue_game; --,RNG,slots,Drop,,,no,no,0.20,5,96.00,true,true,false",
      'SAMPLE,"multi',
      'line",RNG,slots,Multi,,,no,no,0.20,5,96.00,true,true,false',
      'SAMPLE,unknown-type,SLOTS,slots,Unknown Type,,,no,no,0.20,5,96.00,true,true,false',
      'SAMPLE,negative,RNG,slots,Negative,,,no,no,-0.20,5,96.00,true,true,false',
      'SAMPLE,centavo,RNG,slots,Centavo,,,no,no,0.001,5,96.00,true,true,false',
      'NOPE,orphan,RNG,slots,Orphan,,,no,no,0.20,5,96.00,true,true,false',
      'SAMPLE,good-two,FISH,fishing,Good Two,Boa Dois,,yes,no,0.20,0,96.00,true,true,false',
    ];
    const summary = await importCatalogueFile(db(), fileWith('hostile.csv', `\uFEFF${rows.join('\r\n')}\r\n`));
    expect(summary.games).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    expect(summary.rejected.map((row) => row.line)).toEqual([3, 4, 5, 6, 7, 9, 10, 11, 12]);
    expect(summary.rejected.find((row) => row.line === 7)!.reasons[0]).toMatch(/^gameCode: must be 1-80/);
    const count = await db().selectFrom('catalogue_game').select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow();
    expect(count.count).toBe(10n);
  });

  it('imports JSON: rejected items by position, --vendor filling the vendor, new types added to the vendor', async () => {
    const file = fileWith(
      'games.json',
      JSON.stringify([
        { gameCode: 'live-1', gameType: 'LIVE', classify: 'roulette', name_en: 'Roulette 1', name_pt: 'Roleta 1', minBet: '1.00' },
        { gameCode: '', gameType: 'LIVE', name_en: 'Empty code' },
        { vendor: 'SAMPLE_TR', gameCode: 'other', gameType: 'RNG', name_en: 'Other vendor' },
        { gameCode: 'crash-1', gameType: 'CRASH', name_en: 'Rocket', minBet: '-1' },
      ]),
    );
    const summary = await importCatalogueFile(db(), file, { onlyVendor: 'SAMPLE' });
    expect(summary.games.inserted).toBe(1);
    expect(summary.rejected).toEqual([
      { section: 'games', line: 2, reasons: ['gameCode: is required'] },
      { section: 'games', line: 3, reasons: ['vendor: "SAMPLE_TR" is not the --vendor SAMPLE'] },
      { section: 'games', line: 4, reasons: ['minBet: must not be negative (got "-1")'] },
    ]);
    const vendor = await db().selectFrom('catalogue_vendor').select('game_types').where('code', '=', 'SAMPLE').executeTakeFirstOrThrow();
    expect(vendor.game_types).toEqual(['RNG', 'FISH', 'LIVE']);
  });

  it('announces catalogue.changed on the app_events channel so API caches drop', async () => {
    const listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    try {
      const heard = new Promise<unknown>((resolve) => listener.on('notification', (message) => resolve(JSON.parse(message.payload ?? 'null'))));
      await listener.query('listen app_events');
      await importCatalogueFile(db(), SAMPLE);
      await expect(heard).resolves.toMatchObject({ type: 'catalogue.changed' });
    } finally {
      await listener.end();
    }
  });

  it('refuses a file it cannot read as a catalogue, importing nothing', async () => {
    await expect(importCatalogueFile(db(), path.join(directory, 'missing.csv'))).rejects.toThrow(UnreadableCatalogueError);
    await expect(importCatalogueFile(db(), fileWith('broken.json', '[{"vendor": '))).rejects.toThrow(/not valid JSON/);
    await expect(importCatalogueFile(db(), fileWith('open-quote.csv', `${HEADER}\nSAMPLE,"x,RNG\n`))).rejects.toThrow(/line 2: quoted field is never closed/);
  });

  it('replays a batch the database refuses row by row, so only the refused row is lost', async () => {
    // A stand-in for a constraint validation does not know about, in this test's own database.
    await handle.pool.query(`
      create function refuse_marked_game() returns trigger language plpgsql as $$
      begin if new.game_code = 'refused' then raise exception 'refused by a test trigger'; end if; return new; end $$;
      create trigger refuse_marked_game before insert on catalogue_game for each row execute function refuse_marked_game();`);
    try {
      const rows = ['before', 'refused', 'after'].map((code) => `SAMPLE,${code},RNG,slots,${code},,,no,no,0.20,5,96.00,true,true,false`);
      const summary = await importCatalogueFile(db(), fileWith('refused.csv', [HEADER, ...rows].join('\n')));
      expect(summary.games.inserted).toBe(2);
      expect(summary.rejected).toEqual([{ section: 'games', line: 3, reasons: ['database refused the row: refused by a test trigger'] }]);
    } finally {
      await handle.pool.query('drop trigger refuse_marked_game on catalogue_game; drop function refuse_marked_game()');
    }
  });

  it('reports progress per batch', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => `SAMPLE,bulk-${index},RNG,slots,Bulk ${index},,,no,no,0.20,5,96.00,true,true,false`);
    const progress: Array<[number, number]> = [];
    const summary = await importCatalogueFile(db(), fileWith('bulk.csv', [HEADER, ...rows].join('\n')), {
      batchSize: 10,
      onProgress: ({ done, total }) => progress.push([done, total]),
    });
    expect(summary.games.inserted).toBe(25);
    expect(progress).toEqual([[0, 25], [10, 25], [20, 25], [25, 25]]);
  });
});
