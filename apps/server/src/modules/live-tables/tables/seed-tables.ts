import { sql } from 'kysely';
import type { LiveGame } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import { live } from '../live.tables.ts';

/** Limits as stored in live_table.limits: centavos as strings, per bet type (baccarat spot or roulette bet type). */
export interface StoredLimits {
  perType: Record<string, { min: string; max: string }>;
  roundMax: string;
}

export interface SeedTable {
  code: string;
  game: LiveGame;
  namePt: string;
  nameEn: string;
  limits: StoredLimits;
  chips: bigint[];
  bettingMs: number;
  sortOrder: number;
}

const range = (min: number, max: number) => ({ min: String(min), max: String(max) });
const CHIPS = [50n, 100n, 500n, 1000n, 2500n, 10000n, 50000n];

export const SEED_TABLES: SeedTable[] = [
  {
    code: 'bacara-rio',
    game: 'baccarat',
    namePt: 'Bacará Rio',
    nameEn: 'Baccarat Rio',
    limits: {
      perType: { player: range(100, 500_000), banker: range(100, 500_000), tie: range(100, 100_000), player_pair: range(100, 50_000), banker_pair: range(100, 50_000) },
      roundMax: '2000000',
    },
    chips: CHIPS,
    bettingMs: 15_000,
    sortOrder: 1,
  },
  {
    code: 'roleta-copacabana',
    game: 'roulette',
    namePt: 'Roleta Copacabana',
    nameEn: 'Copacabana Roulette',
    limits: {
      perType: {
        straight: range(50, 25_000),
        split: range(50, 50_000),
        street: range(50, 75_000),
        corner: range(50, 100_000),
        line: range(50, 150_000),
        dozen: range(100, 250_000),
        column: range(100, 250_000),
        red: range(100, 500_000),
        black: range(100, 500_000),
        odd: range(100, 500_000),
        even: range(100, 500_000),
        low: range(100, 500_000),
        high: range(100, 500_000),
        neighbours: range(250, 125_000),
      },
      roundMax: '2000000',
    },
    chips: CHIPS,
    bettingMs: 15_000,
    sortOrder: 2,
  },
];

/** Idempotent: inserts the tables that are missing; an operator's changes to an existing one stay. */
export async function seedTables(db: DbExecutor, tables: readonly SeedTable[] = SEED_TABLES): Promise<void> {
  for (const table of tables) {
    await live(db).insertInto('live_table')
      .values({
        code: table.code,
        game: table.game,
        name_pt: table.namePt,
        name_en: table.nameEn,
        limits: sql`${JSON.stringify(table.limits)}::jsonb`,
        chips: table.chips.map(String),
        betting_ms: table.bettingMs,
        sort_order: table.sortOrder,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}
