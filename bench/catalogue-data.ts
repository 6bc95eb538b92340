import pg from 'pg';
import { searchTextOf } from '../apps/server/src/modules/catalogue/index.ts';

/**
 * A synthetic catalogue of any size for the catalogue benchmark: 40 vendors, games spread over
 * the types like a real site (mostly slots), names in English and Portuguese from word lists,
 * deterministic (a fixed-seed generator: this is benchmark data, not an outcome).
 */
const ADJECTIVES = [
  ['Golden', 'Dourado'], ['Lucky', 'da Sorte'], ['Wild', 'Selvagem'], ['Mega', 'Mega'], ['Royal', 'Real'], ['Magic', 'Mágico'],
  ['Sweet', 'Doce'], ['Fire', 'de Fogo'], ['Crystal', 'de Cristal'], ['Mystic', 'Místico'], ['Super', 'Super'], ['Ancient', 'Antigo'],
];
const NOUNS = [
  ['Fortune', 'Fortuna'], ['Tiger', 'Tigre'], ['Dragon', 'Dragão'], ['Heart', 'Coração'], ['Treasure', 'Tesouro'], ['Rabbit', 'Coelho'],
  ['Ox', 'Boi'], ['Mouse', 'Rato'], ['Phoenix', 'Fênix'], ['Pharaoh', 'Faraó'], ['Carnival', 'Carnaval'], ['Samba', 'Samba'],
  ['Jungle', 'Selva'], ['Ocean', 'Oceano'], ['Candy', 'Doces'], ['Gems', 'Joias'], ['Star', 'Estrela'], ['Bonanza', 'Bonança'],
];
const TYPES: [string, number, string[]][] = [
  ['RNG', 0.8, ['slots', 'megaways', 'classic', 'jackpot']],
  ['LIVE', 0.06, ['baccarat', 'roulette', 'blackjack', 'gameshow']],
  ['FISH', 0.04, ['fishing']],
  ['PVP', 0.04, ['poker', 'truco', 'domino']],
  ['CRASH', 0.03, ['crash']],
  ['SPORTS', 0.03, ['sportsbook']],
];
export const SEARCH_TERMS = ['fortune', 'fortuna', 'tiger', 'tigre', 'dragão', 'dragon', 'coracao', 'golden treasure', 'samba', 'FÊNIX', 'mega', 'jungle'];
export const VENDOR_COUNT = 40;

function mulberry32(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const vendorCode = (index: number) => `BV${String(index).padStart(2, '0')}`;

export async function loadCatalogue(connectionString: string, games: number): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('truncate catalogue_favorite, catalogue_recent, catalogue_launch, catalogue_game, catalogue_vendor restart identity cascade');
    for (let v = 0; v < VENDOR_COUNT; v += 1) {
      await client.query(
        `insert into catalogue_vendor (code, display_name, game_types, sort_order, is_demo) values ($1, $2, $3::text[], $4, true)`,
        [vendorCode(v), `Bench Vendor ${v}`, TYPES.map(([type]) => type), v],
      );
    }
    const random = mulberry32(20261123);
    const batch = 5000;
    for (let start = 0; start < games; start += batch) {
      const rows = { vendor: [] as string[], code: [] as string[], type: [] as string[], classify: [] as string[], names: [] as string[], search: [] as string[], hot: [] as boolean[], isNew: [] as boolean[], rank: [] as number[] };
      for (let i = start; i < Math.min(games, start + batch); i += 1) {
        let pick = random();
        const [type, , classifies] = TYPES.find(([, share]) => (pick -= share) < 0) ?? TYPES[0]!;
        const [adjEn, adjPt] = ADJECTIVES[Math.floor(random() * ADJECTIVES.length)]!;
        const [nounEn, nounPt] = NOUNS[Math.floor(random() * NOUNS.length)]!;
        const names = { en: `${adjEn} ${nounEn} ${i}`, pt: `${nounPt} ${adjPt} ${i}` };
        const hot = random() < 0.05;
        rows.vendor.push(vendorCode(Math.floor(random() * VENDOR_COUNT)));
        rows.code.push(`g${i}`);
        rows.type.push(type);
        rows.classify.push(classifies[Math.floor(random() * classifies.length)]!);
        rows.names.push(JSON.stringify(names));
        rows.search.push(searchTextOf(names));
        rows.hot.push(hot);
        rows.isNew.push(random() < 0.05);
        rows.rank.push((hot ? 0 : 1_000_000) + i);
      }
      await client.query(
        `insert into catalogue_game (vendor_code, game_code, game_type, classify, names, search_text, is_hot, is_new, rank, min_bet, rtp, demo_supported, is_demo)
         select v, c, t, cl, n::jsonb, s, h, nw, r, 20, 96.5, true, true
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::boolean[], $9::int[]) as x(v, c, t, cl, n, s, h, nw, r)`,
        [rows.vendor, rows.code, rows.type, rows.classify, rows.names, rows.search, rows.hot, rows.isNew, rows.rank],
      );
    }
    await client.query('analyze catalogue_game');
    await client.query('analyze catalogue_vendor');
  } finally {
    await client.end();
  }
}
