/** Cells a spreadsheet would run as a formula: =, +, -, @, and tab or carriage return that some strip first (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell, safe to open in a spreadsheet: text starting like a formula gets a leading
 * apostrophe; quoted (RFC 4180) when it holds the separator, a quote or a line break.
 * Amounts we format ourselves go through `numberCell`, never this.
 */
export function textCell(value: string | null | undefined, separator: string): string {
  if (value === null || value === undefined) return '';
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Centavos as a decimal with the given decimal mark ('1234,56' for pt-BR, '1234.56' machine): no thousands separator. */
export function centsCell(cents: bigint, decimalMark: ',' | '.'): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  return `${negative ? '-' : ''}${absolute / 100n}${decimalMark}${(absolute % 100n).toString().padStart(2, '0')}`;
}

/** UTF-8 byte-order mark: spreadsheets then read accents right. */
export const BOM = '\uFEFF';
