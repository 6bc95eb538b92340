/**
 * CSV files of the team reports, made in the browser from the same answers the pages show.
 * Excel opens them right: a UTF-8 byte order mark (accents), and in Portuguese the separator
 * Excel expects where the comma is the decimal mark (";"), amounts as reais with a decimal comma
 * ("-1234,50", no thousands dots, so the spreadsheet reads them as numbers).
 */
export type CsvLanguage = 'pt' | 'en';
export type CsvCell = string | number;

const BOM = '\uFEFF';

export function csvSeparator(language: CsvLanguage): string {
  return language === 'pt' ? ';' : ',';
}

/** "-1234.50" (the API's reais) → "-1234,50" in Portuguese; unchanged in English. No float on the way. */
export function csvMoney(amount: string, language: CsvLanguage): string {
  return language === 'pt' ? amount.replace('.', ',') : amount;
}

function quote(cell: CsvCell, separator: string): string {
  const text = String(cell);
  // A leading = + - @ would run as a formula in a spreadsheet: prefixed, unless it is a number.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d+([.,]\d+)?$/.test(text) ? `'${text}` : text;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The file's text: BOM, a header line and the rows, CRLF line ends as RFC 4180 writes them. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], language: CsvLanguage): string {
  const separator = csvSeparator(language);
  return BOM + [header, ...rows].map((row) => row.map((cell) => quote(cell, separator)).join(separator)).join('\r\n') + '\r\n';
}

/** Saves the text as `fileName` (a link to a Blob, clicked and let go). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The most lines one export reads (100 per request): enough for a year of a large team's movements. */
export const CSV_MAX_ROWS = 20_000;

/** Every page of a paged report, 100 lines at a time, up to CSV_MAX_ROWS. */
export async function allPages<Row>(fetchPage: (pageNo: number, pageSize: number) => Promise<{ content: Row[]; totalPages: number }>): Promise<Row[]> {
  const pageSize = 100;
  const rows: Row[] = [];
  for (let pageNo = 1; rows.length < CSV_MAX_ROWS; pageNo += 1) {
    const page = await fetchPage(pageNo, pageSize);
    rows.push(...page.content);
    if (pageNo >= page.totalPages || page.content.length === 0) break;
  }
  return rows.slice(0, CSV_MAX_ROWS);
}
