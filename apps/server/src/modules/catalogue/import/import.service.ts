import type { Db } from '../../../platform/db.ts';
import { notifyCatalogueChanged } from '../catalogue-events.ts';
import { readCatalogueFile, type CatalogueFile } from './catalogue-file.ts';
import { validateCatalogueRows, type RejectedRow } from './import-rows.ts';
import {
  addVendorGameTypes,
  listVendorCodes,
  upsertGames,
  upsertVendors,
  type GameUpsert,
  type UpsertCounts,
} from './import.repository.ts';

export interface ImportOptions {
  /** --vendor: fills a missing vendor column and refuses rows of other vendors. */
  onlyVendor?: string;
  /** Games per INSERT and per transaction. */
  batchSize?: number;
  onProgress?: (progress: { done: number; total: number }) => void;
}

export interface ImportSummary {
  format: 'csv' | 'json';
  read: { vendors: number; games: number };
  vendors: UpsertCounts;
  games: UpsertCounts;
  rejectedCount: number;
  /** The first MAX_REPORTED_PROBLEMS rejected rows, in file order, with every reason. */
  rejected: RejectedRow[];
  ignoredColumns: string[];
  elapsedMs: number;
}

export const MAX_REPORTED_PROBLEMS = 50;
const DEFAULT_BATCH_SIZE = 500;
/** Hot games rank above every other game; the rest keep the file's order. */
const NOT_HOT_RANK_OFFSET = 1_000_000;

/** Reads, validates and imports one file; throws UnreadableCatalogueError when it is not a catalogue. */
export async function importCatalogueFile(db: Db, filePath: string, options: ImportOptions = {}): Promise<ImportSummary> {
  return importCatalogue(db, await readCatalogueFile(filePath), options);
}

/**
 * Upserts by (vendor, game code): vendors first in one transaction, then games in batches of
 * their own transaction each, so a 100,000-row file never holds one long transaction and a
 * failure loses at most one batch, which is then retried row by row to isolate the culprit.
 */
export async function importCatalogue(db: Db, file: CatalogueFile, options: ImportOptions = {}): Promise<ImportSummary> {
  const startedAt = performance.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const validated = validateCatalogueRows(file.rows, { existingVendorCodes: await listVendorCodes(db), onlyVendor: options.onlyVendor });
  const rejected = [...validated.rejected];

  const vendors = await db.transaction().execute((tx) => upsertVendors(tx, validated.vendors.map((vendor) => ({ ...vendor, isDemo: false }))));

  const games: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const rows = validated.games.map((game) => ({ ...game, isDemo: false, rank: (game.isHot ? 0 : NOT_HOT_RANK_OFFSET) + game.position }));
  options.onProgress?.({ done: 0, total: rows.length });
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const counts = await upsertBatchIsolatingFailures(db, batch, rejected);
    games.inserted += counts.inserted;
    games.updated += counts.updated;
    games.unchanged += counts.unchanged;
    options.onProgress?.({ done: Math.min(start + batchSize, rows.length), total: rows.length });
  }

  await db.transaction().execute(async (tx) => {
    for (const [vendorCode, types] of gameTypesByVendor(rows)) await addVendorGameTypes(tx, vendorCode, types);
    await notifyCatalogueChanged(tx);
  });

  rejected.sort((left, right) => (left.section === right.section ? left.line - right.line : left.section === 'vendors' ? -1 : 1));
  return {
    format: file.format,
    read: { vendors: file.rows.filter((row) => row.section === 'vendors').length, games: file.rows.filter((row) => row.section === 'games').length },
    vendors,
    games,
    rejectedCount: rejected.length,
    rejected: rejected.slice(0, MAX_REPORTED_PROBLEMS),
    ignoredColumns: file.ignoredColumns,
    elapsedMs: Math.round(performance.now() - startedAt),
  };
}

/**
 * Validation should catch everything, but the database has the last word (a constraint added
 * later, say). One failing row must not sink its 499 neighbours, so a failed batch is replayed
 * row by row and only the rows the database refuses are reported.
 */
async function upsertBatchIsolatingFailures(db: Db, batch: Array<GameUpsert & { line: number }>, rejected: RejectedRow[]): Promise<UpsertCounts> {
  try {
    return await db.transaction().execute((tx) => upsertGames(tx, batch));
  } catch {
    const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
    for (const row of batch) {
      try {
        const single = await db.transaction().execute((tx) => upsertGames(tx, [row]));
        counts.inserted += single.inserted;
        counts.updated += single.updated;
        counts.unchanged += single.unchanged;
      } catch (error) {
        rejected.push({ section: 'games', line: row.line, reasons: [`database refused the row: ${(error as Error).message}`] });
      }
    }
    return counts;
  }
}

function gameTypesByVendor(rows: readonly GameUpsert[]): Map<string, string[]> {
  const types = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = types.get(row.vendorCode) ?? new Set<string>();
    set.add(row.gameType);
    types.set(row.vendorCode, set);
  }
  return new Map([...types].map(([vendor, set]) => [vendor, [...set]]));
}
