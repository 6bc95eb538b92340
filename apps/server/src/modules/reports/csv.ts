/** Cells a spreadsheet would run as a formula: =, +, -, @, and tab or carriage return that some strip first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number (our amounts and counts): written as is, so "-12.50" stays a number. */
const PLAIN_NUMBER = /^-?\d{1,20}(\.\d{1,4})?$/;

export type CsvCell = string | number | null;

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: text starting like a formula gets a
 * leading apostrophe (OWASP "CSV injection"), except plain decimal numbers, which are ours.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Header and rows as CSV: comma-separated, CRLF line ends, UTF-8 with a byte-order mark (spreadsheets then read accents right). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
