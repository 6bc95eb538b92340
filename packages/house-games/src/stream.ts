/**
 * The provably fair random stream, independent of where the HMAC is computed: the server feeds it
 * node:crypto blocks, the browser's verifier WebCrypto blocks, and both get the same draws.
 *
 * Block `cursor` (0, 1, 2, …) of a round is HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor"),
 * 32 bytes read as eight big-endian uint32 values. Integers in [0, n) use rejection sampling
 * (see the server's fairness/provably-fair.ts for the full scheme).
 */
export interface RandomStream {
  /** The next big-endian uint32 of the stream. */
  nextUint32(): number;
  /** An exactly uniform integer in [0, n), by rejection sampling; 1 ≤ n ≤ 2^32. */
  nextInt(n: number): number;
  /** uint32 / 2^32 in [0, 1); for display and generic use, never for integer outcomes. */
  nextFloat(): number;
  /** How many uint32 draws the round consumed, rejected ones included. */
  readonly drawsUsed: number;
}

const TWO_POW_32 = 2 ** 32;

/** The HMAC message of block `cursor` of a round. */
export function blockMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

/** A stream over 32-byte blocks, asked for in cursor order 0, 1, 2, … */
export function createBlockStream(blockAt: (cursor: number) => Uint8Array): RandomStream {
  let block: Uint8Array = new Uint8Array(0);
  let cursor = 0;
  let offset = 32;
  let drawsUsed = 0;

  function nextUint32(): number {
    if (offset === 32) {
      block = blockAt(cursor);
      cursor += 1;
      offset = 0;
    }
    const value = ((block[offset]! << 24) | (block[offset + 1]! << 16) | (block[offset + 2]! << 8) | block[offset + 3]!) >>> 0;
    offset += 4;
    drawsUsed += 1;
    return value;
  }

  return {
    nextUint32,
    nextInt(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`nextInt range must be an integer in [1, 2^32], got ${n}`);
      const limit = TWO_POW_32 - (TWO_POW_32 % n);
      for (;;) {
        const value = nextUint32();
        if (value < limit) return value % n;
      }
    },
    nextFloat(): number {
      return nextUint32() / TWO_POW_32;
    },
    get drawsUsed() {
      return drawsUsed;
    },
  };
}
