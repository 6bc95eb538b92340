/**
 * A small RFC 4180 reader: quoted fields, "" inside quotes, CRLF / LF / CR line ends, a UTF-8
 * byte-order mark. Written here rather than pulled in because the importer needs exactly this
 * plus the physical line each record starts on (bad rows are reported by line).
 */

export interface CsvRecord {
  /** 1-based physical line where the record starts (a quoted field may span several lines). */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Spreadsheets set up for Brazilian Portuguese export with ";" because "," is the decimal
 * separator, so the header line decides: ";" when it has more of them than commas.
 */
export function detectDelimiter(text: string): ',' | ';' {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Parses the whole text; blank lines are skipped. Throws CsvSyntaxError on an unterminated quote. */
export function parseCsv(text: string, delimiter: ',' | ';' = detectDelimiter(text)): CsvRecord[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  let quoteOpenedOn = 0;
  let index = 0;

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    const isBlank = fields.length === 1 && fields[0] === '';
    if (!isBlank) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (index < source.length) {
    const char = source[index]!;
    if (inQuotes) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        inQuotes = false;
      } else {
        if (char === '\n' || (char === '\r' && source[index + 1] !== '\n')) line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      inQuotes = true;
      quoteOpenedOn = line;
    } else if (char === delimiter) {
      endField();
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      line += 1;
      recordLine = line;
    } else {
      // Lenient on purpose: text after a closing quote or a quote inside a bare field is kept
      // literally, so one sloppy cell costs at most its own row, not the file.
      field += char;
    }
    index += 1;
  }
  if (inQuotes) throw new CsvSyntaxError('quoted field is never closed', quoteOpenedOn);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
