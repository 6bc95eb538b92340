import { describe, expect, it } from 'vitest';
import { createPrefixHasher, sha256, sha256Utf8, toHex, utf8Bytes } from './sha256.ts';

/** Deterministic test data (xorshift32), so a failure reproduces. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** Mixed ASCII, accented, CJK and astral characters: 1- to 4-byte UTF-8 sequences. */
function randomText(random: () => number, length: number): string {
  const pool = ['a', 'Z', '0', ':', ' ', 'é', 'ß', '✓', '中', '😀', '\u0000', "'"];
  let text = '';
  for (let i = 0; i < length; i++) text += pool[Math.floor(random() * pool.length)];
  return text;
}

/** WebCrypto is the reference here: it exists in browsers and Node alike, so this test stays isomorphic. */
async function referenceHex(bytes: Uint8Array): Promise<string> {
  // The copy gives WebCrypto's typings the plain ArrayBuffer-backed view they insist on.
  return toHex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(bytes))));
}

describe('sha256', () => {
  it('matches the FIPS 180-2 test vectors', () => {
    expect(toHex(sha256Utf8(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256Utf8('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256Utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(toHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('hashes the UTF-8 bytes of a string', () => {
    expect(toHex(sha256Utf8('é'))).toBe(toHex(sha256(new Uint8Array([0xc3, 0xa9]))));
    expect(Array.from(utf8Bytes('😀'))).toEqual([0xf0, 0x9f, 0x98, 0x80]);
  });

  it('agrees with WebCrypto around every padding boundary and on random text', async () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 31 + length) & 0xff);
      expect(toHex(sha256(bytes)), `length ${length}`).toBe(await referenceHex(bytes));
    }
    const random = createRandom(0x5eed);
    for (let i = 0; i < 200; i++) {
      const bytes = utf8Bytes(randomText(random, Math.floor(random() * 300)));
      expect(toHex(sha256(bytes))).toBe(await referenceHex(bytes));
    }
  });
});

describe('createPrefixHasher', () => {
  it('equals hashing prefix and suffix together, on the fast and the slow path', () => {
    const out = new Uint8Array(32);
    for (const prefixLength of [0, 1, 55, 56, 63, 64, 65, 100, 127, 128, 300]) {
      const prefix = utf8Bytes('p'.repeat(prefixLength));
      const hash = createPrefixHasher(prefix);
      for (const suffixLength of [0, 1, 8, 20, 55, 64, 119, 130]) {
        const suffix = utf8Bytes('s'.repeat(suffixLength));
        hash(suffix, suffix.length, out);
        const whole = new Uint8Array(prefix.length + suffix.length);
        whole.set(prefix);
        whole.set(suffix, prefix.length);
        expect(toHex(out), `${prefixLength}+${suffixLength}`).toBe(toHex(sha256(whole)));
      }
    }
  });

  it('uses only the first suffixLength bytes of a reused buffer', () => {
    const hash = createPrefixHasher(utf8Bytes('challenge:'));
    const buffer = utf8Bytes('12345678901234567890');
    const out = new Uint8Array(32);
    hash(buffer, 3, out);
    expect(toHex(out)).toBe(toHex(sha256Utf8('challenge:123')));
  });
});
