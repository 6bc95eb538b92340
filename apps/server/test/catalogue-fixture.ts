import { sql } from 'kysely';
import type { Db } from '../src/platform/db.ts';
import { searchTextOf } from '../src/modules/catalogue/index.ts';

/**
 * A small catalogue for tests, inserted straight into the tables: five vendors (one disabled, one
 * in maintenance, one in transfer mode) and named games in Portuguese and English.
 */
export interface FixtureGame {
  vendor: string;
  code: string;
  type: string;
  classify?: string;
  en: string;
  pt?: string;
  hot?: boolean;
  isNew?: boolean;
  maintenance?: boolean;
  demo?: boolean;
  rank?: number;
}

export const FIXTURE_VENDORS = [
  { code: 'TSLOT', name: 'Test Slots', types: ['RNG'], sort: 1, mode: 'seamless', maintenance: false, enabled: true },
  { code: 'TFISH', name: 'Test Fish', types: ['FISH', 'RNG'], sort: 2, mode: 'seamless', maintenance: false, enabled: true },
  { code: 'TLIVE', name: 'Test Live', types: ['LIVE'], sort: 3, mode: 'seamless', maintenance: true, enabled: true },
  { code: 'TXFER', name: 'Test Transfer', types: ['PVP'], sort: 4, mode: 'transfer', maintenance: false, enabled: true },
  { code: 'TOFF', name: 'Test Off', types: ['CRASH'], sort: 0, mode: 'seamless', maintenance: false, enabled: false },
] as const;

export const FIXTURE_GAMES: FixtureGame[] = [
  { vendor: 'TSLOT', code: 'tiger', type: 'RNG', classify: 'slots', en: 'Fortune Tiger', pt: 'Tigre da Fortuna', hot: true, rank: 0 },
  { vendor: 'TSLOT', code: 'gold', type: 'RNG', classify: 'slots', en: 'Golden Fortune', pt: 'Fortuna Dourada', rank: 1 },
  { vendor: 'TSLOT', code: 'heart', type: 'RNG', classify: 'classic', en: 'Brave Heart', pt: 'Coração Valente', isNew: true, rank: 2 },
  { vendor: 'TSLOT', code: 'broken', type: 'RNG', classify: 'classic', en: 'Broken Reels', pt: 'Rolos Quebrados', maintenance: true, rank: 3 },
  { vendor: 'TSLOT', code: 'percent', type: 'RNG', classify: 'classic', en: '100% Wild', rank: 4, demo: false },
  { vendor: 'TFISH', code: 'shark', type: 'FISH', classify: 'fishing', en: 'Shark Hunter', pt: 'Caçador de Tubarões', hot: true, rank: 0 },
  { vendor: 'TFISH', code: 'dragon', type: 'RNG', classify: 'slots', en: 'Dragon Fortune', pt: 'Fortuna do Dragão', rank: 5 },
  { vendor: 'TLIVE', code: 'roulette', type: 'LIVE', classify: 'roulette', en: 'Live Roulette', pt: 'Roleta ao Vivo', rank: 0 },
  { vendor: 'TXFER', code: 'poker', type: 'PVP', classify: 'poker', en: 'Table Poker', pt: 'Pôquer de Mesa', rank: 0 },
  { vendor: 'TOFF', code: 'rocket', type: 'CRASH', classify: 'crash', en: 'Fortune Rocket', pt: 'Foguete da Fortuna', rank: 0 },
];

export async function insertFixtureCatalogue(db: Db): Promise<Map<string, number>> {
  for (const vendor of FIXTURE_VENDORS) {
    await sql`
      insert into catalogue_vendor (code, display_name, game_types, sort_order, wallet_mode, transfer_amount, is_game, enabled, maintenance, is_demo)
      values (${vendor.code}, ${vendor.name}, ${[...vendor.types]}::text[], ${vendor.sort}, ${vendor.mode},
              ${vendor.mode === 'transfer' ? 5000n : null}, 'VASSALAGE', ${vendor.enabled}, ${vendor.maintenance}, true)
      on conflict (code) do nothing`.execute(db);
  }
  const ids = new Map<string, number>();
  for (const game of FIXTURE_GAMES) {
    const names: Record<string, string> = { en: game.en, ...(game.pt ? { pt: game.pt } : {}) };
    const result = await sql<{ id: number }>`
      insert into catalogue_game (vendor_code, game_code, game_type, classify, names, search_text, is_hot, is_new, min_bet, rtp, demo_supported, maintenance, is_demo, rank)
      values (${game.vendor}, ${game.code}, ${game.type}, ${game.classify ?? ''}, ${JSON.stringify(names)}::jsonb, ${searchTextOf(names)},
              ${game.hot ?? false}, ${game.isNew ?? false}, 20, 96.5, ${game.demo ?? true}, ${game.maintenance ?? false}, true, ${game.rank ?? 0})
      on conflict (vendor_code, game_code) do update set names = excluded.names
      returning id`.execute(db);
    ids.set(`${game.vendor}/${game.code}`, result.rows[0]!.id);
  }
  return ids;
}
