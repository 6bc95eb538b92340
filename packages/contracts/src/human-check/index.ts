export {
  MAX_DIFFICULTY_BITS,
  expectedAttempts,
  leadingZeroBits,
  solveChallenge,
  type SolveChallengeOptions,
} from './proof-of-work-solver.ts';
export { createPrefixHasher, sha256, sha256Utf8, toHex, utf8Bytes } from './sha256.ts';
