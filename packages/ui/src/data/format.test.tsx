import { describe, expect, it } from 'vitest';
import { formatBrl, formatDate, formatDateTime } from './format.ts';

// Intl puts a no-break space between the symbol and the figure.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatBrl', () => {
  it('shows the API decimal strings as reais in the locale, exactly', () => {
    expect(plain(formatBrl('1234.5', 'pt-BR'))).toBe('R$ 1.234,50');
    expect(plain(formatBrl('-0.01', 'pt-BR'))).toBe('-R$ 0,01');
    expect(formatBrl('90071992547409.99', 'en-US')).toBe('R$90,071,992,547,409.99');
  });

  it('leaves anything that is not a decimal string as it came', () => {
    expect(formatBrl('n/a', 'pt-BR')).toBe('n/a');
  });
});

describe('dates', () => {
  it('shows nothing as a dash and a bad value as it came', () => {
    expect(formatDateTime(null, 'pt-BR')).toBe('—');
    expect(formatDateTime('soon', 'pt-BR')).toBe('soon');
    expect(formatDate('soon', 'pt-BR')).toBe('soon');
  });

  it('formats an instant in the locale', () => {
    const iso = '2026-11-26T10:00:00Z';
    expect(formatDateTime(iso, 'pt-BR')).toBe(new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)));
    expect(formatDate(iso, 'en-US')).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'short' }).format(new Date(iso)));
  });
});
