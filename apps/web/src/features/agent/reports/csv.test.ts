import { describe, expect, it } from 'vitest';
import { allPages, csvMoney, toCsv } from './csv.ts';

describe('team report CSV', () => {
  it('writes a BOM, semicolons and decimal commas in Portuguese, commas and points in English', () => {
    const pt = toCsv(['Membro', 'Apostado (R$)'], [['ana', csvMoney('-1234.50', 'pt')], ['Total; geral', csvMoney('0.05', 'pt')]], 'pt');
    expect(pt).toBe('\uFEFFMembro;Apostado (R$)\r\nana;-1234,50\r\n"Total; geral";0,05\r\n');
    const en = toCsv(['Member', 'Stake (R$)'], [['ana', csvMoney('-1234.50', 'en')]], 'en');
    expect(en).toBe('\uFEFFMember,Stake (R$)\r\nana,-1234.50\r\n');
  });

  it('quotes quotes and new lines, and keeps text from running as a formula', () => {
    expect(toCsv(['a'], [['diz "oi"\nfim'], ['=SUM(A1)'], ['-10,00']], 'pt')).toBe('\uFEFFa\r\n"diz ""oi""\nfim"\r\n\'=SUM(A1)\r\n-10,00\r\n');
  });

  it('reads every page of a paged report', async () => {
    const pages = [[1, 2], [3, 4], [5]];
    const asked: number[] = [];
    const rows = await allPages(async (pageNo) => {
      asked.push(pageNo);
      return { content: pages[pageNo - 1] ?? [], totalPages: pages.length };
    });
    expect([rows, asked]).toEqual([[1, 2, 3, 4, 5], [1, 2, 3]]);
  });
});
