import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, crc16Hex } from './crc16.ts';

/** The verified BR Codes of brazil-compliance.md §4, with the CRC each one ends with. */
const VECTORS = [
  ['1D3D', '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D'],
  ['EEAB', '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB'],
  ['902A', '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000520400005303986540510.005802BR5913Fulano de Tal6008BRASILIA62130509PEDIDO1236304902A'],
  ['7EC0', '00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63047EC0'],
] as const;

describe('crc16CcittFalse', () => {
  it('gives the check value 0x29B1 for "123456789"', () => {
    expect(crc16CcittFalse(new TextEncoder().encode('123456789'))).toBe(0x29b1);
    expect(crc16Hex('123456789')).toBe('29B1');
  });

  it('returns the initial value for no bytes and pads to 4 hex digits', () => {
    expect(crc16CcittFalse(new Uint8Array())).toBe(0xffff);
    expect(crc16Hex('')).toBe('FFFF');
    for (const text of ['', 'a', 'A', '0', 'pix', '\u0000']) expect(crc16Hex(text)).toMatch(/^[0-9A-F]{4}$/);
  });

  it.each(VECTORS)('reproduces the BR Code CRC %s over everything up to and including "6304"', (crc, code) => {
    expect(code.slice(-8, -4)).toBe('6304');
    expect(crc16Hex(code.slice(0, -4))).toBe(crc);
  });

  it('hashes the UTF-8 bytes of the text', () => {
    expect(crc16Hex('São')).toBe(crc16CcittFalse(Uint8Array.from([0x53, 0xc3, 0xa3, 0x6f])).toString(16).toUpperCase().padStart(4, '0'));
    expect(crc16Hex('São')).not.toBe(crc16CcittFalse(Uint8Array.from([0x53, 0xe3, 0x6f])).toString(16).toUpperCase().padStart(4, '0'));
  });

  it('leaves a zero remainder when the message is followed by its own CRC (big-endian)', () => {
    // An unreflected CRC with xorout 0 divides message‖crc exactly: an independent check of the arithmetic.
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const crc = crc16CcittFalse(bytes);
        expect(crc).toBeGreaterThanOrEqual(0);
        expect(crc).toBeLessThanOrEqual(0xffff);
        expect(crc16CcittFalse(Uint8Array.from([...bytes, crc >> 8, crc & 0xff]))).toBe(0);
      }),
    );
  });

  it('detects every single-byte change', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (bytes, at, flip) => {
        const changed = Uint8Array.from(bytes);
        const index = at % changed.length;
        changed[index] = (changed[index] ?? 0) ^ flip;
        expect(crc16CcittFalse(changed)).not.toBe(crc16CcittFalse(bytes));
      }),
    );
  });
});
