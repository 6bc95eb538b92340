import { parseArgs } from 'node:util';
import { UnreadableCatalogueError, importCatalogueFile, type ImportSummary, type RejectedRow } from '../modules/catalogue/index.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createDb } from '../platform/db.ts';
import { createLogger } from '../platform/logger.ts';
import { migrate } from '../platform/migrate.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Imports a vendor's game catalogue (format: docs/catalogue-import.md):
 *   npm run catalogue:import -- FILE [--vendor CODE]
 * Exit code 0 when the file was read, even if some rows were rejected (they are listed);
 * 1 when the file could not be read as a catalogue or the database failed; 2 on bad usage.
 * Running API processes drop their catalogue caches when the import commits.
 */
const USAGE = 'usage: catalogue:import -- FILE [--vendor CODE]   (CSV or JSON, see docs/catalogue-import.md)';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { vendor: { type: 'string' } } });
const [command, file, ...extra] = positionals;
if (command !== 'import' || !file || extra.length > 0 || (values.vendor !== undefined && !/^[A-Za-z0-9_]{1,40}$/.test(values.vendor))) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfigOrExit();
const logger = createLogger({ level: 'warn', pretty: false });
let databaseUrl: string;
try {
  databaseUrl = databaseUrlOf(config);
  // A fresh database (nothing started on it yet) gets its tables before the import.
  await migrate(databaseUrl, logger);
} catch (error) {
  console.error(`database: ${(error as Error).message}`);
  process.exit(1);
}

const handle = createDb({ connectionString: databaseUrl, max: 2, logger });
const progress = process.stderr.isTTY ? progressBar() : undefined;
try {
  const summary = await importCatalogueFile(handle.db, file, { onlyVendor: values.vendor, onProgress: progress?.update });
  progress?.finish();
  console.log(formatSummary(file, summary));
} catch (error) {
  progress?.finish();
  console.error(error instanceof UnreadableCatalogueError ? `cannot import: ${error.message}` : `import failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}

/** One line redrawn in place on stderr, so stdout keeps only the summary (and pipes stay clean). */
function progressBar() {
  const width = 30;
  let lastPercent = -1;
  return {
    update({ done, total }: { done: number; total: number }) {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (percent === lastPercent) return;
      lastPercent = percent;
      const filled = Math.round((percent / 100) * width);
      process.stderr.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done.toLocaleString('en')}/${total.toLocaleString('en')} games ${percent}%`);
    },
    finish() {
      if (lastPercent >= 0) process.stderr.write('\n');
    },
  };
}

function formatSummary(path: string, summary: ImportSummary): string {
  const where = (row: RejectedRow) => (summary.format === 'csv' ? `line ${row.line}` : `${row.section} #${row.line}`);
  const counts = (label: string, value: ImportSummary['games']) =>
    `  ${label.padEnd(9)} ${value.inserted} new, ${value.updated} updated, ${value.unchanged} unchanged`;
  const lines = [
    `catalogue import of ${path} (${summary.format})`,
    `  read      ${summary.read.vendors} vendor rows, ${summary.read.games} game rows`,
    counts('vendors', summary.vendors),
    counts('games', summary.games),
    `  rejected  ${summary.rejectedCount}`,
    ...summary.rejected.map((row) => `    ${where(row)}: ${row.reasons.join('; ')}`),
  ];
  if (summary.rejectedCount > summary.rejected.length) lines.push(`    … and ${summary.rejectedCount - summary.rejected.length} more`);
  // Header names come from the file: quoted, so control characters cannot reach the terminal.
  if (summary.ignoredColumns.length > 0) lines.push(`  ignored columns: ${summary.ignoredColumns.map((name) => JSON.stringify(name)).join(', ')}`);
  lines.push(`  elapsed   ${(summary.elapsedMs / 1000).toFixed(2)} s`);
  return lines.join('\n');
}
