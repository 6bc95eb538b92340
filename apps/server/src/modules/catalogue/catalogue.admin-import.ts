import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { CATALOGUE_IMPORT_MAX_BYTES, type CatalogueImportReport, type ImportRowOutcome } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { notifyCatalogueChanged } from './catalogue-events.ts';
import { vendorWalletModes } from './catalogue.admin-repository.ts';
import type { AuditWriter, CatalogueActor } from './catalogue.admin-service.ts';
import { parseCatalogueText, UnreadableCatalogueError, type RawRow, type Section } from './import/catalogue-file.ts';
import { validateCatalogueRows, type RejectedRow } from './import/import-rows.ts';
import { addVendorGameTypes, upsertGameRows, upsertVendorRows, type GameUpsert } from './import/import.repository.ts';

/** Rows listed in the answer; the counts cover every row. */
export const MAX_REPORTED_ROWS = 5000;
const BATCH_SIZE = 500;
/** Hot games rank above every other game; the rest keep the file's order (as the command-line import). */
const NOT_HOT_RANK_OFFSET = 1_000_000;

/**
 * The console's catalogue upload: the same file format, validation and upsert as
 * `npm run catalogue:import`, but in ONE transaction with its audit row and the catalogue.changed
 * notification (an upload is at most CATALOGUE_IMPORT_MAX_BYTES, a few tens of thousands of rows).
 * A row the database refuses is isolated with a savepoint and reported; the others are kept.
 *
 * One rule the command line does not have: a vendor row never changes an existing vendor's
 * wallet mode (that is a maker-checker request, catalogue.approvals.ts).
 */
export function createCatalogueImport(deps: { db: Db; audit: AuditWriter; catalogueChanged: () => void }) {
  return async function importCatalogueUpload(body: Buffer, actor: CatalogueActor): Promise<CatalogueImportReport> {
    if (body.length > CATALOGUE_IMPORT_MAX_BYTES) throw new AppError('catalogue.import_too_large', `the file is larger than ${CATALOGUE_IMPORT_MAX_BYTES} bytes`);
    const text = decodeText(body);
    let file;
    try {
      file = parseCatalogueText(text, 'csv');
    } catch (error) {
      if (error instanceof UnreadableCatalogueError) throw new AppError('catalogue.import_unreadable', error.message);
      throw error;
    }
    if (file.rows.length === 0) throw new AppError('catalogue.import_unreadable', 'the file has a header but no rows');
    const sha256 = createHash('sha256').update(body).digest('hex');
    const rawByKey = new Map(file.rows.map((row) => [rowId(row.section, row.line), row]));

    const outcome = await deps.db.transaction().execute(async (tx) => {
      const modes = await vendorWalletModes(tx);
      const validated = validateCatalogueRows(file.rows, { existingVendorCodes: new Set(modes.keys()) });
      const rejected: RejectedRow[] = [...validated.rejected];

      // A wallet mode switch of an existing vendor needs a second operator (Approvals), never a file.
      const vendors = [];
      for (const vendor of validated.vendors) {
        const current = modes.get(vendor.code);
        if (current !== undefined && current !== vendor.walletMode) {
          rejected.push({ section: 'vendors', line: vendor.line, reasons: ['walletMode: a vendor’s wallet mode changes only through a request another operator approves (Approvals)'] });
          continue;
        }
        vendors.push(vendor);
      }
      // Games of a new vendor whose row was refused have no vendor to belong to.
      const knownVendors = new Set([...modes.keys(), ...vendors.map((vendor) => vendor.code)]);
      const games: Array<GameUpsert & { line: number }> = [];
      for (const game of validated.games) {
        if (!knownVendors.has(game.vendorCode)) rejected.push({ section: 'games', line: game.line, reasons: [`vendor: the vendor "${game.vendorCode}" was refused above`] });
        else games.push({ ...game, isDemo: false, rank: (game.isHot ? 0 : NOT_HOT_RANK_OFFSET) + game.position });
      }

      const vendorResult = await upsertVendorRows(
        tx,
        vendors.map((vendor) => ({ ...vendor, isDemo: false })),
      );
      const writtenVendors = new Map(vendorResult.written.map((row) => [row.code, row.inserted]));
      const writtenGames = new Map<string, boolean>();
      for (let start = 0; start < games.length; start += BATCH_SIZE) {
        await upsertIsolatingFailures(tx, games.slice(start, start + BATCH_SIZE), writtenGames, rejected);
      }
      const typesByVendor = new Map<string, Set<string>>();
      for (const game of games) if (writtenGames.has(gameKey(game.vendorCode, game.gameCode))) typesByVendor.set(game.vendorCode, (typesByVendor.get(game.vendorCode) ?? new Set()).add(game.gameType));
      for (const [vendorCode, types] of typesByVendor) await addVendorGameTypes(tx, vendorCode, [...types]);

      const rows: CatalogueImportReport['rows'] = [];
      const refusedLines = new Set(rejected.map((row) => rowId(row.section, row.line)));
      for (const row of rejected) rows.push({ section: row.section, line: row.line, key: keyOfRaw(rawByKey.get(rowId(row.section, row.line))), outcome: 'refused', reasons: row.reasons });
      for (const vendor of vendors) {
        const inserted = writtenVendors.get(vendor.code);
        rows.push({ section: 'vendors', line: vendor.line, key: vendor.code, outcome: outcomeOf(inserted), reasons: [] });
      }
      for (const game of games) {
        if (refusedLines.has(rowId('games', game.line))) continue;
        rows.push({ section: 'games', line: game.line, key: `${game.vendorCode}/${game.gameCode}`, outcome: outcomeOf(writtenGames.get(gameKey(game.vendorCode, game.gameCode))), reasons: [] });
      }
      rows.sort((left, right) => (left.section === right.section ? left.line - right.line : left.section === 'vendors' ? -1 : 1));
      const counts = (section: Section) => {
        const of = (kind: ImportRowOutcome) => rows.filter((row) => row.section === section && row.outcome === kind).length;
        return { added: of('added'), updated: of('updated'), unchanged: of('unchanged'), refused: of('refused') };
      };
      const report = { vendors: counts('vendors'), games: counts('games') };
      const changed = report.vendors.added + report.vendors.updated + report.games.added + report.games.updated > 0;

      await deps.audit(tx, {
        operatorId: actor.id,
        action: 'catalogue.import',
        targetType: 'catalogue_file',
        targetId: sha256,
        details: {
          bytes: body.length,
          ...report,
          // What changed, by key (the file itself is the "after"; the first 200 keys of each kind).
          after: {
            vendors: rows.filter((row) => row.section === 'vendors' && (row.outcome === 'added' || row.outcome === 'updated')).slice(0, 200).map((row) => `${row.outcome}:${row.key}`),
            games: rows.filter((row) => row.section === 'games' && (row.outcome === 'added' || row.outcome === 'updated')).slice(0, 200).map((row) => `${row.outcome}:${row.key}`),
          },
        },
        ip: actor.ip,
      });
      if (changed) await notifyCatalogueChanged(tx);
      return { rows, report, changed };
    });
    if (outcome.changed) deps.catalogueChanged();

    return {
      bytes: body.length,
      sha256,
      ...outcome.report,
      rows: outcome.rows.slice(0, MAX_REPORTED_ROWS),
      rowsTruncated: outcome.rows.length > MAX_REPORTED_ROWS,
      ignoredColumns: file.ignoredColumns.map((column) => column.slice(0, 80)).slice(0, 50),
    };
  };
}

/** UTF-8 text (a byte-order mark is fine); binary files and other encodings are refused whole. */
function decodeText(body: Buffer): string {
  if (body.length === 0) throw new AppError('catalogue.import_unreadable', 'the file is empty');
  if (body.includes(0)) throw new AppError('catalogue.import_unreadable', 'the file holds NUL bytes: not a text file');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new AppError('catalogue.import_unreadable', 'the file is not UTF-8 text (save it as CSV UTF-8)');
  }
}

/**
 * One batch under a savepoint; if the database refuses it, the batch is replayed row by row, each
 * under its own savepoint, and only the refused rows are reported (the transaction goes on).
 */
async function upsertIsolatingFailures(tx: DbExecutor, batch: Array<GameUpsert & { line: number }>, written: Map<string, boolean>, rejected: RejectedRow[]) {
  const record = (rows: Array<{ vendor_code: string; game_code: string; inserted: boolean }>) => {
    for (const row of rows) written.set(gameKey(row.vendor_code, row.game_code), row.inserted);
  };
  await sql`savepoint catalogue_import_batch`.execute(tx);
  try {
    record((await upsertGameRows(tx, batch)).written);
    await sql`release savepoint catalogue_import_batch`.execute(tx);
    return;
  } catch {
    await sql`rollback to savepoint catalogue_import_batch`.execute(tx);
  }
  for (const row of batch) {
    await sql`savepoint catalogue_import_row`.execute(tx);
    try {
      record((await upsertGameRows(tx, [row])).written);
      await sql`release savepoint catalogue_import_row`.execute(tx);
    } catch (error) {
      await sql`rollback to savepoint catalogue_import_row`.execute(tx);
      rejected.push({ section: 'games', line: row.line, reasons: [`database refused the row: ${(error as Error).message.slice(0, 200)}`] });
    }
  }
}

const gameKey = (vendor: string, game: string) => `${vendor}\u0000${game}`;
const rowId = (section: Section, line: number) => `${section}:${line}`;

/** undefined: not written, i.e. identical to what was stored. */
function outcomeOf(inserted: boolean | undefined): ImportRowOutcome {
  return inserted === undefined ? 'unchanged' : inserted ? 'added' : 'updated';
}

/** The row's codes as the file had them (a refused row may have none), shortened. */
function keyOfRaw(row: RawRow | undefined): string {
  if (!row) return '';
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, 80) : '');
  return row.section === 'vendors' ? text(row.values.code) : [text(row.values.vendor), text(row.values.gameCode)].filter(Boolean).join('/');
}
