import { describe, expect, it } from 'vitest';
import { parseCatalogueText, UnreadableCatalogueError } from './catalogue-file.ts';
import { validateCatalogueRows } from './import-rows.ts';

const HEADER = 'vendor,gameCode,gameType,classify,name_en,name_pt,icon,isHot,isNew,minBet,minLineNum,rtp,demoSupported,enabled,maintenance';
const validate = (text: string, format: 'csv' | 'json' = 'csv', existing: string[] = ['PG']) =>
  validateCatalogueRows(parseCatalogueText(text, format).rows, { existingVendorCodes: new Set(existing) });

describe('catalogue rows', () => {
  it('reads a good row into typed values: cents, two-place RTP, booleans, lower-case classify', () => {
    const { games, rejected } = validate(`${HEADER}\nPG,fortune-tiger,rng,Slots,Fortune Tiger,Tigre da Fortuna,pg/tiger.png,yes,0,0.2,5,96.5,TRUE,,\n`);
    expect(rejected).toEqual([]);
    expect(games).toEqual([
      {
        vendorCode: 'PG', gameCode: 'fortune-tiger', gameType: 'RNG', classify: 'slots', names: { en: 'Fortune Tiger', pt: 'Tigre da Fortuna' },
        iconPath: 'pg/tiger.png', isHot: true, isNew: false, minBet: 20n, minLineNum: 5, rtp: '96.50', demoSupported: true, enabled: true,
        maintenance: false, line: 2, position: 1,
      },
    ]);
  });

  it('rejects each bad value with the column and the reason', () => {
    const cases: Array<[string, RegExp]> = [
      ['PG,a,RNG,,Name,,,maybe,,,,,,,', /^isHot: must be true, false, 1, 0, yes or no \(got "maybe"\)$/],
      ['PG,a,RNG,,Name,,,,,0.001,,,,,', /^minBet: must be a decimal amount with at most 2 places/],
      ['PG,a,RNG,,Name,,,,,-1.00,,,,,', /^minBet: must not be negative/],
      ['PG,a,RNG,,Name,,,,,1e3,,,,,', /^minBet: must be a decimal amount/],
      ['PG,a,RNG,,Name,,,,,,,100.01,,,', /^rtp: must be a percentage/],
      ['PG,a,RNG,,Name,,,,,,,0,,,', /^rtp: must be a percentage/],
      ['PG,a,RNG,,Name,,,,,,,96.505,,,', /^rtp: must be a percentage/],
      ['PG,a,SLOTS,,Name,,,,,,,,,,', /^gameType: must be one of LIVE, RNG/],
      ['PG,a,RNG,,Name,,../../etc/passwd,,,,,,,,', /^icon: must be a relative path/],
      ['PG,a,RNG,,Name,,http://cdn.example/x.png,,,,,,,,', /^icon: must be a relative path/],
      ['PG,a,RNG,,Name,,javascript:alert(1),,,,,,,,', /^icon: must be a relative path/],
      ['PG,a,RNG,,Name,,//cdn.example/x.png,,,,,,,,', /^icon: must be a relative path/],
      ['PG,a,RNG,,Name,,"https://cdn.example/x.png"" onerror=""alert(1)",,,,,,,,', /^icon: must be a relative path/],
      ['PG,a,RNG,,Name,,,,,,-5,,,,', /^minLineNum: must be a whole number/],
      [`PG,a,RNG,,${'x'.repeat(121)},,,,,,,,,,`, /^name_en: must be at most 120 characters/],
      ['PG,a,RNG,,<img src=x onerror=alert(1)>,,,,,,,,,,', /^name_en: must not contain < > or control characters/],
      ['PG,a,RNG,,Tab\there,,,,,,,,,,', /^name_en: must not contain/],
      ["PG,'; drop table catalogue_game; --,RNG,,Name,,,,,,,,,,", /^gameCode: must be 1-80 letters/],
      ['PG,,RNG,,Name,,,,,,,,,,', /^gameCode: is required$/],
    ];
    for (const [row, reason] of cases) {
      const { games, rejected } = validate(`${HEADER}\n${row}\n`);
      expect(games, row).toEqual([]);
      expect(rejected, row).toHaveLength(1);
      expect(rejected[0]!.reasons.some((text) => reason.test(text)), `${row} → ${rejected[0]!.reasons.join('; ')}`).toBe(true);
    }
  });

  it('accepts a vendor\'s https image URL as it is', () => {
    const { games } = validate(`${HEADER}\nPG,a,RNG,,Name,,https://cdn.vendor.example/games/a.png?v=2,,,,,,,,\n`);
    expect(games[0]!.iconPath).toBe('https://cdn.vendor.example/games/a.png?v=2');
  });

  it('keeps apostrophes and accents in names (they are data, never SQL)', () => {
    const { games } = validate(`${HEADER}\nPG,gold,RNG,,"Pharaoh's ""Gold""",Ouro do Faraó,,,,,,,,,\n`);
    expect(games[0]!.names).toEqual({ en: 'Pharaoh\'s "Gold"', pt: 'Ouro do Faraó' });
  });

  it('lists every reason of an empty row and quotes hostile values safely', () => {
    const { rejected } = validate(`${HEADER}\n,,,,,,,,,,,,,,\nPG,x,RNG,,"bad\u001b[31mname",,,,,,,,,,\n`);
    expect(rejected[0]).toEqual({ section: 'games', line: 2, reasons: ['vendor: is required', 'gameCode: is required', 'gameType: is required', 'name_en: is required'] });
    expect(rejected[1]!.reasons[0]).toBe('name_en: must not contain < > or control characters (got "bad\\u001b[31mname")');
  });

  it('refuses unknown vendors, duplicates and extra cells, and accepts vendors declared in the file', () => {
    const text = [
      '[vendors]',
      'code,displayName,gameTypes,walletMode,transferAmount',
      'NEWCO,New Co,RNG|LIVE,transfer,100.00',
      'BADCO,Bad Co,RNG,seamless,5.00',
      '[games]',
      HEADER,
      'NEWCO,one,RNG,,One,,,,,,,,,,',
      'NOPE,two,RNG,,Two,,,,,,,,,,',
      'NEWCO,one,RNG,,One again,,,,,,,,,,',
      'PG,three,RNG,,Three,,,,,,,,,,,surplus',
    ].join('\n');
    const { vendors, games, rejected } = validate(text);
    expect(vendors.map((vendor) => [vendor.code, vendor.gameTypes, vendor.walletMode, vendor.transferAmount])).toEqual([['NEWCO', ['RNG', 'LIVE'], 'transfer', 10_000n]]);
    expect(games.map((game) => game.gameCode)).toEqual(['one']);
    expect(rejected).toEqual([
      { section: 'vendors', line: 4, reasons: ['transferAmount: applies only to walletMode transfer (got "5.00")'] },
      { section: 'games', line: 8, reasons: ['vendor: unknown vendor "NOPE" (declare it in the vendors section or import it first)'] },
      { section: 'games', line: 9, reasons: ['gameCode: duplicate of games 7'] },
      { section: 'games', line: 10, reasons: ['has 16 cells but the header has 15 columns'] },
    ]);
  });

  it('reads JSON with typed values, numbering rows by their position in each array', () => {
    const json = JSON.stringify({
      vendors: [{ code: 'JS', displayName: 'Json Studio', gameTypes: ['FISH'], isGame: 'game' }],
      games: [
        { vendor: 'JS', gameCode: 'f1', gameType: 'FISH', name_en: 'Fish One', minBet: 0.5, isHot: true, rtp: 97 },
        'not a row',
        { vendor: 'JS', gameCode: 'f2', gameType: 'FISH', nameEn: 'Fish Two', minBet: { cents: 5 } },
      ],
    });
    const { vendors, games, rejected } = validate(json, 'json');
    expect(vendors[0]).toMatchObject({ code: 'JS', isGame: 'GAME', gameTypes: ['FISH'], walletMode: 'seamless' });
    expect(games).toEqual([expect.objectContaining({ gameCode: 'f1', minBet: 50n, isHot: true, rtp: '97.00', line: 1 })]);
    expect(rejected).toEqual([
      { section: 'games', line: 2, reasons: ['not an object'] },
      { section: 'games', line: 3, reasons: ['minBet: Invalid input: expected string, received object (got "[object Object]")'] },
    ]);
  });

  it('refuses files that are not a catalogue at all', () => {
    expect(() => parseCatalogueText('{"nope": 1}', 'json')).toThrow(UnreadableCatalogueError);
    expect(() => parseCatalogueText('{', 'json')).toThrow(UnreadableCatalogueError);
    expect(() => parseCatalogueText('a,b,c\n1,2,3\n', 'csv')).toThrow(/header must name gameCode/);
  });
});
