import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV cells', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+55 11 99999')).toBe("'+55 11 99999");
    expect(csvCell('-2+3+cmd|calc')).toBe("'-2+3+cmd|calc");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=cmd|"/c calc"!A0')).toBe(`"'=cmd|""/c calc""!A0"`);
  });

  it('keeps our numbers as numbers, negative ones too', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('0.00')).toBe('0.00');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-1e5')).toBe("'-1e5");
  });

  it('quotes separators, quotes, line breaks and edge spaces (RFC 4180); null is empty', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('São Paulo')).toBe('São Paulo');
    expect(csvCell(null)).toBe('');
  });

  it('writes a byte-order mark, CRLF line ends and a final line end', () => {
    expect(toCsv(['a', 'b'], [['1', null], ['=x', 'y']])).toBe("\uFEFFa,b\r\n1,\r\n'=x,y\r\n");
  });
});
