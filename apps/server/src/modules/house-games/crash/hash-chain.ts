import { createHash, createHmac, randomBytes } from 'node:crypto';
import { crashPointFromDigest } from '@app/house-games';

/**
 * The crash game's hash chain (see @app/house-games crash-point.ts for the scheme). generate()
 * builds the chain from a secret seed; games are played from the last generated hash backwards.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface HashChain {
  /** hashes[0] is played first; hashes[i + 1] hashes to hashes[i]. */
  hashes: string[];
  /** SHA-256 of hashes[0]: published before the first round. */
  terminatingHash: string;
}

/** A chain of `length` game hashes from a random (or given) seed. */
export function generateChain(length: number, seed = randomBytes(32).toString('hex')): HashChain {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('a chain needs at least one game');
  const generated = [seed];
  for (let i = 1; i < length; i += 1) generated.push(sha256Hex(generated[i - 1]!));
  const hashes = generated.reverse();
  return { hashes, terminatingHash: sha256Hex(hashes[0]!) };
}

export function crashPoint(gameHash: string, salt: string): bigint {
  return crashPointFromDigest(createHmac('sha256', gameHash).update(salt, 'utf8').digest());
}

/** Whether `gameHash` belongs to the chain: hashing it `position + 1` times gives the terminating hash. */
export function isInChain(gameHash: string, position: number, terminatingHash: string): boolean {
  let hash = gameHash;
  for (let i = 0; i <= position; i += 1) hash = sha256Hex(hash);
  return hash === terminatingHash;
}
