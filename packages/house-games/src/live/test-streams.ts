import { createBlockStream, type RandomStream } from '../stream.ts';

/** A deterministic stand-in for the HMAC stream in tests: xorshift32 bytes per block. */
export function fakeStream(seed: number): RandomStream {
  return createBlockStream((cursor) => {
    const block = new Uint8Array(32);
    let x = (Math.imul(seed + 1, 2_654_435_761) ^ Math.imul(cursor + 1, 40_503)) >>> 0 || 1;
    for (let i = 0; i < block.length; i += 1) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      block[i] = x & 255;
    }
    return block;
  });
}

/** A stream whose nextInt(n) answers pick(n): to drive Fisher–Yates into a known order. */
export function scriptedStream(pick: (n: number) => number): RandomStream {
  return {
    nextUint32: () => 0,
    nextInt: pick,
    nextFloat: () => 0,
    drawsUsed: 0,
  };
}
