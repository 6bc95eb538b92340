/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, xorout 0): the checksum that
 * closes every PIX BR Code in field 63 (brazil-compliance.md §4).
 */

const POLYNOMIAL = 0x1021;
const encoder = new TextEncoder();

/** The CRC of raw bytes, 0 … 0xFFFF. */
export function crc16CcittFalse(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = (crc & 0x8000 ? (crc << 1) ^ POLYNOMIAL : crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The CRC of `text`'s UTF-8 bytes as 4 upper-case hex digits, as field 63 carries it ('123456789' → '29B1'). */
export function crc16Hex(text: string): string {
  return crc16CcittFalse(encoder.encode(text)).toString(16).toUpperCase().padStart(4, '0');
}
