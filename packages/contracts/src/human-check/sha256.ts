/**
 * SHA-256 (FIPS 180-4) in plain TypeScript, synchronous, for browsers and Node alike.
 *
 * Why not WebCrypto: `crypto.subtle.digest` is asynchronous, so a proof-of-work search that
 * awaits it once per attempt spends most of its time in promise plumbing (roughly 10–50× slower
 * than this loop for short inputs). The proof-of-work solver instead hashes many inputs that
 * share one long prefix, so `createPrefixHasher` compresses the prefix once and each attempt
 * pays only for the last block or two.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL_STATE = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;

/**
 * One compression round over `block[offset..offset+64)`, updating `state` in place. `w` is a
 * caller-owned 64-word scratch array so the hot loop allocates nothing. All arithmetic stays in
 * int32 (`| 0`) so V8 and other engines keep it on the fast small-integer path.
 */
function compress(state: Int32Array, w: Int32Array, block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const w15 = w[i - 15]!;
    const w2 = w[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const sigma1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choose = (e & f) ^ (~e & g);
    const t1 = (h + sigma1 + choose + K[i]! + w[i]!) | 0;
    const sigma0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + sigma0 + majority) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

function writeDigest(state: Int32Array, out: Uint8Array): void {
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    out[i * 4] = word >>> 24;
    out[i * 4 + 1] = (word >>> 16) & 0xff;
    out[i * 4 + 2] = (word >>> 8) & 0xff;
    out[i * 4 + 3] = word & 0xff;
  }
}

/**
 * Writes the 0x80 terminator, zero fill and 64-bit big-endian bit length after `used` message
 * bytes at the start of `tail`; answers how many bytes (64 or 128) the padded tail occupies.
 */
function pad(tail: Uint8Array, used: number, totalBytes: number): number {
  const paddedLength = used + 9 <= BLOCK_BYTES ? BLOCK_BYTES : 2 * BLOCK_BYTES;
  tail[used] = 0x80;
  tail.fill(0, used + 1, paddedLength - 8);
  // Bit length as two 32-bit halves: JavaScript bitwise operators only see 32 bits.
  const highBits = Math.floor(totalBytes / 0x20000000);
  const lowBits = (totalBytes * 8) >>> 0;
  for (let i = 0; i < 4; i++) {
    tail[paddedLength - 8 + i] = (highBits >>> (24 - i * 8)) & 0xff;
    tail[paddedLength - 4 + i] = (lowBits >>> (24 - i * 8)) & 0xff;
  }
  return paddedLength;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string (lone surrogates become U+FFFD, as in every TextEncoder). */
export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** SHA-256 of raw bytes. */
export function sha256(message: Uint8Array): Uint8Array {
  const state = INITIAL_STATE.slice();
  const w = new Int32Array(64);
  const fullBlocks = Math.floor(message.length / BLOCK_BYTES);
  for (let block = 0; block < fullBlocks; block++) compress(state, w, message, block * BLOCK_BYTES);
  const tail = new Uint8Array(2 * BLOCK_BYTES);
  const used = message.length - fullBlocks * BLOCK_BYTES;
  tail.set(message.subarray(fullBlocks * BLOCK_BYTES));
  const paddedLength = pad(tail, used, message.length);
  for (let offset = 0; offset < paddedLength; offset += BLOCK_BYTES) compress(state, w, tail, offset);
  const digest = new Uint8Array(DIGEST_BYTES);
  writeDigest(state, digest);
  return digest;
}

/** SHA-256 of the UTF-8 encoding of `text`. */
export function sha256Utf8(text: string): Uint8Array {
  return sha256(utf8Bytes(text));
}

/** Lower-case hexadecimal, the form test vectors and logs use. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Hashes `prefix ‖ suffix` for many suffixes that share one prefix. The prefix's complete
 * 64-byte blocks are compressed once (the "midstate"); each call then copies the few leftover
 * prefix bytes, appends the suffix, pads and compresses one or two blocks. The returned function
 * writes the digest into `out` (32 bytes) and allocates nothing, which is what makes a
 * proof-of-work search fast in a browser.
 */
export function createPrefixHasher(prefix: Uint8Array): (suffix: Uint8Array, suffixLength: number, out: Uint8Array) => void {
  const midstate = INITIAL_STATE.slice();
  const w = new Int32Array(64);
  const fullBlocks = Math.floor(prefix.length / BLOCK_BYTES);
  for (let block = 0; block < fullBlocks; block++) compress(midstate, w, prefix, block * BLOCK_BYTES);
  const leftover = prefix.slice(fullBlocks * BLOCK_BYTES);
  const state = new Int32Array(8);
  // Leftover (< 64) + suffix + 9 padding bytes must fit two blocks; longer suffixes take the slow path.
  const maxFastSuffix = 2 * BLOCK_BYTES - 9 - leftover.length;
  const tail = new Uint8Array(2 * BLOCK_BYTES);
  tail.set(leftover);

  return (suffix, suffixLength, out) => {
    if (suffixLength > maxFastSuffix) {
      const whole = new Uint8Array(prefix.length + suffixLength);
      whole.set(prefix);
      whole.set(suffix.subarray(0, suffixLength), prefix.length);
      out.set(sha256(whole));
      return;
    }
    state.set(midstate);
    // A plain loop rather than set(subarray()): no view object per attempt.
    for (let i = 0; i < suffixLength; i++) tail[leftover.length + i] = suffix[i]!;
    const paddedLength = pad(tail, leftover.length + suffixLength, prefix.length + suffixLength);
    compress(state, w, tail, 0);
    if (paddedLength > BLOCK_BYTES) compress(state, w, tail, BLOCK_BYTES);
    writeDigest(state, out);
  };
}
