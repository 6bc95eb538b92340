import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CsvSyntaxError, parseCsv, type CsvRecord } from './csv.ts';

/**
 * Reads a vendor's catalogue file into raw rows (no validation yet). JSON is an array of games
 * or `{ vendors: [...], games: [...] }`; CSV is one header row per section (see
 * docs/catalogue-import.md). Column names are matched loosely (`name_en`, `nameEn`, `NAME-EN`).
 */

export type Section = 'vendors' | 'games';

export interface RawRow {
  section: Section;
  /** CSV: the physical line; JSON: the position in its array, from 1. */
  line: number;
  /** Canonical column name → cell. CSV cells are strings; JSON values are whatever the file had. */
  values: Record<string, unknown>;
  /** Problems found while reading (for example more cells than the header has columns). */
  problems: string[];
}

export interface CatalogueFile {
  format: 'csv' | 'json';
  rows: RawRow[];
  /** Columns nobody reads, reported so a typo in a header does not pass silently. */
  ignoredColumns: string[];
}

/** The file could not be read as a catalogue at all (exit code 1), as opposed to bad rows. */
export class UnreadableCatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableCatalogueError';
  }
}

export const GAME_COLUMNS = [
  'vendor', 'gameCode', 'gameType', 'classify', 'name_en', 'name_pt', 'icon', 'isHot', 'isNew',
  'minBet', 'minLineNum', 'rtp', 'demoSupported', 'enabled', 'maintenance',
] as const;
export const VENDOR_COLUMNS = [
  'code', 'displayName', 'logo', 'gameTypes', 'sortOrder', 'walletMode', 'transferAmount', 'isGame', 'enabled', 'maintenance',
] as const;

/** Far above any real catalogue (10,000 games is about 2 MB), low enough to never exhaust memory. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const looseKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const canonicalOf = (columns: readonly string[]) => new Map(columns.map((column) => [looseKey(column), column]));
const CANONICAL: Record<Section, Map<string, string>> = { games: canonicalOf(GAME_COLUMNS), vendors: canonicalOf(VENDOR_COLUMNS) };

export async function readCatalogueFile(filePath: string): Promise<CatalogueFile> {
  let text: string;
  try {
    const info = await stat(filePath);
    if (!info.isFile()) throw new UnreadableCatalogueError(`${filePath} is not a file`);
    if (info.size > MAX_FILE_BYTES) throw new UnreadableCatalogueError(`${filePath} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`);
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if (error instanceof UnreadableCatalogueError) throw error;
    throw new UnreadableCatalogueError(`cannot read ${filePath}: ${(error as Error).message}`);
  }
  const extension = path.extname(filePath).toLowerCase();
  const format = extension === '.json' ? 'json' : extension === '.csv' ? 'csv' : text.trimStart().match(/^[[{]/) ? 'json' : 'csv';
  return parseCatalogueText(text, format);
}

export function parseCatalogueText(text: string, format: 'csv' | 'json'): CatalogueFile {
  return format === 'json' ? parseJsonCatalogue(text) : parseCsvCatalogue(text);
}

function parseJsonCatalogue(text: string): CatalogueFile {
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UnreadableCatalogueError(`not valid JSON: ${(error as Error).message}`);
  }
  const sections: Partial<Record<Section, unknown>> = Array.isArray(document)
    ? { games: document }
    : isPlainObject(document) && ('games' in document || 'vendors' in document)
      ? { vendors: document.vendors ?? [], games: document.games ?? [] }
      : {};
  if (!Array.isArray(sections.games) || !Array.isArray(sections.vendors ?? [])) {
    throw new UnreadableCatalogueError('JSON must be an array of games or an object { "vendors": [...], "games": [...] }');
  }
  const rows: RawRow[] = [];
  const ignored = new Set<string>();
  for (const section of ['vendors', 'games'] as const) {
    const items = (sections[section] ?? []) as unknown[];
    items.forEach((item, index) => {
      if (!isPlainObject(item)) {
        rows.push({ section, line: index + 1, values: {}, problems: ['not an object'] });
        return;
      }
      const values: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(item)) {
        const canonical = CANONICAL[section].get(looseKey(key));
        if (canonical) values[canonical] = value;
        else ignored.add(key);
      }
      rows.push({ section, line: index + 1, values, problems: [] });
    });
  }
  return { format: 'json', rows, ignoredColumns: [...ignored] };
}

const SECTION_MARKER = /^\s*\[(vendors|games)\]\s*$/i;

function parseCsvCatalogue(text: string): CatalogueFile {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new UnreadableCatalogueError(`CSV: ${error.message}`);
    throw error;
  }
  const rows: RawRow[] = [];
  const ignored = new Set<string>();
  // A "[vendors]" or "[games]" line opens a section whose next line is its header; a file
  // without markers is one section, recognised from its header.
  let section: Section | undefined;
  let header: Array<string | undefined> | undefined;
  for (const record of records) {
    const marker = isMarker(record) ? SECTION_MARKER.exec(record.fields[0]!)![1]!.toLowerCase() : undefined;
    if (marker) {
      section = marker as Section;
      header = undefined;
      continue;
    }
    if (!header) {
      section ??= sectionOfHeader(record.fields);
      if (!section) {
        throw new UnreadableCatalogueError(`line ${record.line}: header must name gameCode (games) or code and displayName (vendors)`);
      }
      header = record.fields.map((name) => CANONICAL[section!].get(looseKey(name)));
      record.fields.forEach((name, index) => {
        if (!header![index] && name.trim()) ignored.add(name.trim());
      });
      continue;
    }
    const values: Record<string, unknown> = {};
    const problems: string[] = [];
    record.fields.forEach((cell, index) => {
      if (index >= header!.length) {
        if (cell.trim()) problems.push(`has ${record.fields.length} cells but the header has ${header!.length} columns`);
        return;
      }
      const column = header![index];
      if (column) values[column] = cell;
    });
    rows.push({ section: section!, line: record.line, values, problems: [...new Set(problems)] });
  }
  return { format: 'csv', rows, ignoredColumns: [...ignored] };
}

function isMarker(record: CsvRecord): boolean {
  return SECTION_MARKER.test(record.fields[0] ?? '') && record.fields.slice(1).every((cell) => cell.trim() === '');
}

function sectionOfHeader(fields: string[]): Section | undefined {
  const keys = new Set(fields.map(looseKey));
  if (keys.has('gamecode')) return 'games';
  if (keys.has('code') && keys.has('displayname')) return 'vendors';
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
