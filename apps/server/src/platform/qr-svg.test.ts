import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrSvg } from './qr-svg.ts';

/** A static PIX BR Code (R$ 10,00 to a random key), as modules/payments/pix builds it. */
const BR_CODE = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000520400005303986540510.005802BR5913Fulano de Tal6008BRASILIA62130509PEDIDO1236304902A';

function viewBoxSide(svg: string): number {
  const match = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  if (match === null || match[1] !== match[2]) throw new Error('no square viewBox');
  return Number(match[1]);
}

/** Redraws the dark modules from the path, to compare with the matrix the library computed. */
function modulesFromPath(svg: string, side: number): boolean[][] {
  const grid = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  const d = /<path [^>]*d="([^"]*)"/.exec(svg)?.[1] ?? '';
  expect(d).toMatch(/^(?:M\d+ \d+h\d+v1h-\d+z)*$/);
  for (const [, x, y, run, back] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    expect(back).toBe(run);
    for (let column = Number(x); column < Number(x) + Number(run); column++) grid[Number(y)]![column] = true;
  }
  return grid;
}

describe('qrSvg', () => {
  it('is a standalone, accessible SVG with nothing active or external', () => {
    const svg = qrSvg(BR_CODE);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" ')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/href|url\(|<image|<foreignObject|<style|\son[a-z]+=/i);
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="QR code"');
    expect(svg).toContain('<title>QR code</title>');
    expect(svg).toContain('fill="#fff"');
    expect(svg).toContain('fill="#000"');
    expect(svg.match(/<path/g)).toHaveLength(1);
  });

  it('sizes the viewBox as the module count plus a 4-module quiet zone on each side', () => {
    const { modules } = QRCode.create(BR_CODE, { errorCorrectionLevel: 'M' });
    expect(viewBoxSide(qrSvg(BR_CODE))).toBe(modules.size + 8);
    expect((modules.size - 17) % 4).toBe(0);
  });

  it('draws exactly the dark modules of the level-M matrix, inside the quiet zone', () => {
    const { modules } = QRCode.create(BR_CODE, { errorCorrectionLevel: 'M' });
    const svg = qrSvg(BR_CODE);
    const side = viewBoxSide(svg);
    const grid = modulesFromPath(svg, side);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const inside = x >= 4 && y >= 4 && x < side - 4 && y < side - 4;
        expect(grid[y]![x], `${x},${y}`).toBe(inside ? Boolean(modules.get(y - 4, x - 4)) : false);
      }
    }
  });

  it('uses error-correction level M', () => {
    // Level M holds 14 bytes in version 1; L holds 17, so a 16-byte text needs version 2 (25 modules) only at M.
    const text = 'abcdefghijklmnop';
    expect(QRCode.create(text, { errorCorrectionLevel: 'L' }).modules.size).toBe(21);
    expect(viewBoxSide(qrSvg(text))).toBe(25 + 8);
  });

  it('grows the matrix with the input', () => {
    const sides = ['pix', BR_CODE, BR_CODE.repeat(4)].map((text) => viewBoxSide(qrSvg(text)));
    expect(sides[0]).toBeLessThan(sides[1]!);
    expect(sides[1]).toBeLessThan(sides[2]!);
  });

  it('escapes the accessible name', () => {
    const svg = qrSvg('pix', { title: 'Pague <b>"já"</b> & ganhe\u0000' });
    expect(svg).toContain('<title>Pague &lt;b&gt;&quot;já&quot;&lt;/b&gt; &amp; ganhe</title>');
    expect(svg).not.toContain('<b>');
  });

  it('throws on text no QR code can hold', () => {
    expect(() => qrSvg('')).toThrow();
    expect(() => qrSvg('x'.repeat(3_000))).toThrow();
  });
});
