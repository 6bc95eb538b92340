import { describe, expect, it } from 'vitest';
import { crashPointFromDigest, formatCrashPoint, msToReach, multiplierAt } from '@app/house-games';
import { crashPoint, generateChain, isInChain, sha256Hex } from './hash-chain.ts';

describe('crash hash chain', () => {
  it('plays the chain backwards: each game hash is the pre-image of the one before, ending at the published hash', () => {
    const chain = generateChain(50, 'f'.repeat(64));
    expect(chain.hashes).toHaveLength(50);
    expect(sha256Hex(chain.hashes[0]!)).toBe(chain.terminatingHash);
    for (let i = 1; i < chain.hashes.length; i += 1) expect(sha256Hex(chain.hashes[i]!)).toBe(chain.hashes[i - 1]);
    expect(chain.hashes.at(-1)).toBe('f'.repeat(64));
    expect(isInChain(chain.hashes[17]!, 17, chain.terminatingHash)).toBe(true);
    expect(isInChain(chain.hashes[17]!, 16, chain.terminatingHash)).toBe(false);
  });

  it('derives crash points with a 1 % edge: P(point ≥ m) ≈ 0.99 / m over 10^5 rounds', () => {
    const chain = generateChain(100_000, 'a'.repeat(64));
    const points = chain.hashes.map((hash) => crashPoint(hash, 'published-salt'));
    for (const target of [101n, 200n, 1000n]) {
      const share = points.filter((point) => point >= target).length / points.length;
      const expected = 99 / Number(target);
      // 4 standard errors of a binomial share.
      expect(Math.abs(share - expected)).toBeLessThan(4 * Math.sqrt((expected * (1 - expected)) / points.length));
    }
    // Everything below 1.01× shows as 1.00×: 1 − 0.99 / 1.01 ≈ 1.98 % of rounds.
    expect(points.filter((point) => point === 100n).length / points.length).toBeCloseTo(1 - 0.99 / 1.01, 2);
  });

  it('reads 52 bits, never returns below 1.00×, and the curve reaches each point when it says', () => {
    expect(crashPointFromDigest(new Uint8Array(32))).toBe(100n);
    expect(crashPointFromDigest(new Uint8Array(32).fill(255))).toBeGreaterThan(10n ** 15n);
    expect(formatCrashPoint(237n)).toBe('2.37');
    for (const point of [100n, 150n, 237n, 1000n, 100_000n]) expect(multiplierAt(msToReach(point)) * 100).toBeGreaterThanOrEqual(Number(point) - 1e-9);
    expect(multiplierAt(0)).toBe(1);
  });
});
