import { formatCents } from '@app/kernel';
import type { LiveGame, LiveLimits, LiveTableStatus } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import type { StoredLimits } from './seed-tables.ts';
import { live } from '../live.tables.ts';

export interface LiveTableRow {
  code: string;
  game: LiveGame;
  name_pt: string;
  name_en: string;
  status: LiveTableStatus;
  limits: StoredLimits;
  chips: string[];
  betting_ms: number;
  sort_order: number;
  rounds_played: number;
  updated_at: Date;
}

export async function listTables(db: DbExecutor): Promise<LiveTableRow[]> {
  return (await live(db).selectFrom('live_table').selectAll().orderBy('sort_order').orderBy('code').execute()) as unknown as LiveTableRow[];
}

export async function findTable(db: DbExecutor, code: string): Promise<LiveTableRow | undefined> {
  return ((await live(db).selectFrom('live_table').selectAll().where('code', '=', code).executeTakeFirst()) as unknown as LiveTableRow | undefined) ?? undefined;
}

/** The stored limits (centavos) as the wire shows them (decimal strings). */
export function limitsView(limits: StoredLimits): LiveLimits {
  return {
    perType: Object.fromEntries(Object.entries(limits.perType).map(([type, limit]) => [type, { min: formatCents(BigInt(limit.min)), max: formatCents(BigInt(limit.max)) }])),
    roundMax: formatCents(BigInt(limits.roundMax)),
  };
}

/** The smallest minimum and the largest maximum over the bet types (the lobby's range). */
export function tableRange(limits: StoredLimits): { min: bigint; max: bigint } {
  const all = Object.values(limits.perType);
  return { min: all.reduce((m, l) => (BigInt(l.min) < m ? BigInt(l.min) : m), BigInt(all[0]?.min ?? '0')), max: all.reduce((m, l) => (BigInt(l.max) > m ? BigInt(l.max) : m), 0n) };
}

export const tableName = (table: Pick<LiveTableRow, 'name_pt' | 'name_en'>, locale: string | undefined) => (locale?.startsWith('en') ? table.name_en : table.name_pt);
