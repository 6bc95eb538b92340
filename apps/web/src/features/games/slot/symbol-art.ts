/**
 * How each slot symbol is drawn: a glyph (from fonts every system has: no emoji font needed) on a
 * gradient tile. Keyed by machine, then symbol id; the royals are shared.
 */
export interface SymbolArt {
  glyph: string;
  /** Two gradient stops and the glyph colour. */
  from: string;
  to: string;
  ink: string;
}

const ROYALS: Record<string, SymbolArt> = {
  A: { glyph: 'A', from: '#7f1d1d', to: '#dc2626', ink: '#fff7ed' },
  K: { glyph: 'K', from: '#1e3a8a', to: '#3b82f6', ink: '#eff6ff' },
  Q: { glyph: 'Q', from: '#581c87', to: '#a855f7', ink: '#faf5ff' },
  J: { glyph: 'J', from: '#14532d', to: '#22c55e', ink: '#f0fdf4' },
  T: { glyph: '10', from: '#7c2d12', to: '#f97316', ink: '#fff7ed' },
  N: { glyph: '9', from: '#134e4a', to: '#14b8a6', ink: '#f0fdfa' },
};

const GOLD = { from: '#92400e', to: '#fbbf24', ink: '#fffbeb' };
const JEWEL = { from: '#831843', to: '#f472b6', ink: '#fff1f2' };

const MACHINES: Record<string, Record<string, SymbolArt>> = {
  'tesouro-do-farao': {
    WI: { glyph: '♛', ...GOLD },
    SC: { glyph: '▲', from: '#78350f', to: '#d97706', ink: '#fef3c7' },
    SCA: { glyph: '✺', from: '#064e3b', to: '#10b981', ink: '#ecfdf5' },
    EYE: { glyph: '◉', from: '#1e3a8a', to: '#60a5fa', ink: '#fef9c3' },
    ANK: { glyph: '☥', from: '#713f12', to: '#eab308', ink: '#fefce8' },
    CAT: { glyph: '☾', from: '#312e81', to: '#818cf8', ink: '#eef2ff' },
  },
  'carnaval-da-sorte': {
    WI: { glyph: '✪', ...JEWEL },
    SC: { glyph: '♫', from: '#4c1d95', to: '#c084fc', ink: '#fdf4ff' },
    QUE: { glyph: '♛', ...GOLD },
    PAN: { glyph: '◎', from: '#9a3412', to: '#fb923c', ink: '#fff7ed' },
    PLU: { glyph: '❦', from: '#065f46', to: '#34d399', ink: '#ecfdf5' },
    SER: { glyph: '∿', from: '#1e40af', to: '#38bdf8', ink: '#f0f9ff' },
  },
  'selva-dourada': {
    WI: { glyph: '♌', ...GOLD },
    SC: { glyph: '⚱', from: '#78350f', to: '#f59e0b', ink: '#fffbeb' },
    JAG: { glyph: '✹', from: '#7c2d12', to: '#ea580c', ink: '#fff7ed' },
    TOU: { glyph: '✦', from: '#0c4a6e', to: '#0ea5e9', ink: '#f0f9ff' },
    ARA: { glyph: '❧', from: '#991b1b', to: '#f87171', ink: '#fef2f2' },
    MAC: { glyph: '☘', from: '#14532d', to: '#4ade80', ink: '#f0fdf4' },
  },
};

const UNKNOWN: SymbolArt = { glyph: '?', from: '#334155', to: '#64748b', ink: '#f8fafc' };

export function symbolArt(machine: string, symbol: string): SymbolArt {
  return MACHINES[machine]?.[symbol] ?? ROYALS[symbol] ?? UNKNOWN;
}
