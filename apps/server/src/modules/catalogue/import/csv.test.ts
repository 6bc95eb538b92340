import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, detectDelimiter, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with delimiters, escaped quotes and line breaks, and numbers records by their first line', () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\r\nlines",z\r\n3,,\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, y', 'say "hi"'] },
      { line: 3, fields: ['2', 'two\r\nlines', 'z'] },
      { line: 5, fields: ['3', '', ''] },
    ]);
  });

  it('drops a byte-order mark, skips blank lines and accepts LF, CR and a missing final newline', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,2\r3,4')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2'] },
      { line: 4, fields: ['3', '4'] },
    ]);
  });

  it('keeps an empty quoted field and a quote inside a bare field', () => {
    expect(parseCsv('"",a"b,"c"')).toEqual([{ line: 1, fields: ['', 'a"b', 'c'] }]);
  });

  it('reports an unterminated quote with the line it opened on', () => {
    const attempt = () => parseCsv('a,b\n1,"never closed\n2,3\n');
    expect(attempt).toThrow(CsvSyntaxError);
    expect(attempt).toThrow(/line 2/);
  });

  it('detects ";" as the delimiter of spreadsheets exported with a decimal comma', () => {
    const text = 'vendor;gameCode;minBet\nPG;tiger;"0,20"\n';
    expect(detectDelimiter(text)).toBe(';');
    expect(parseCsv(text)[1]!.fields).toEqual(['PG', 'tiger', '0,20']);
    expect(detectDelimiter('a,b;c,d\n')).toBe(',');
  });
});
