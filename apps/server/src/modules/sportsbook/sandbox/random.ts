import { createHash } from 'node:crypto';

/**
 * A deterministic random stream: SHA-256 of (seed, label, counter), 48 bits a draw. The seed
 * itself comes from node:crypto (sandbox-feed.ts) unless a test fixes it; a label per fixture
 * makes each fixture's script independent of the others and of the order they are generated in.
 */
export interface Random {
  /** [0, 1) */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A Poisson draw with the given mean (inversion; means here are small). */
  poisson(mean: number): number;
}

export function randomStream(seed: string, label: string): Random {
  let counter = 0;
  let buffer: Buffer = Buffer.alloc(0);
  let offset = 0;
  const next = (): number => {
    if (offset + 6 > buffer.length) {
      buffer = createHash('sha256').update(`${seed}\u0000${label}\u0000${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const value = buffer.readUIntBE(offset, 6) / 2 ** 48;
    offset += 6;
    return value;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    poisson(mean) {
      const limit = Math.exp(-mean);
      let count = 0;
      let product = next();
      while (product > limit && count < 1000) {
        count += 1;
        product *= next();
      }
      return count;
    },
  };
}
