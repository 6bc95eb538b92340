import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package ships it as an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** OWASP / ASVS argon2id parameters (brazil-compliance.md §6): ~10 ms per hash on this machine. */
const PARAMETERS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes run at once: on 2 cores a login burst would otherwise starve
 * every other request. Callers queue instead.
 */
const MAX_CONCURRENT = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, PARAMETERS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limited(() => verify(passwordHash, password).catch(() => false));
}
