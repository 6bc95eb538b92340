import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** 160 bits: RFC 4226's recommended seed length (the reference asks for at least 160). */
export const TOTP_SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;

const SEALED_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface TwoFactorKeys {
  /** AES-256-GCM key for TOTP seeds. */
  seal: Buffer;
  /** HMAC-SHA256 key for recovery-code hashes. */
  recovery: Buffer;
}

/** Two independent keys from one master key (HKDF-SHA256), so neither use weakens the other. */
export function deriveTwoFactorKeys(master: Buffer): TwoFactorKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, 'backoffice-two-factor', info, 32));
  return { seal: derive('totp-seed-seal-v1'), recovery: derive('recovery-code-hash-v1') };
}

const operatorLabel = (operatorId: bigint) => Buffer.from(`backoffice-operator:${operatorId}`);

/** version ‖ nonce ‖ tag ‖ ciphertext; the operator id is authenticated, not stored. */
export function sealTotpSecret(key: Buffer, operatorId: bigint, secret: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(operatorLabel(operatorId));
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  return Buffer.concat([Buffer.from([SEALED_VERSION]), nonce, cipher.getAuthTag(), ciphertext]);
}

/** Throws when the key is not the one that sealed it or the bytes were altered. */
export function openTotpSecret(key: Buffer, operatorId: bigint, sealed: Buffer): Buffer {
  if (sealed[0] !== SEALED_VERSION) throw new Error('unknown sealed TOTP secret version');
  const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
  const tag = sealed.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(operatorLabel(operatorId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

/** Crockford's base32: no I, L, O or U, so codes read aloud or handwritten survive. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Ten codes of 80 random bits each, as XXXX-XXXX-XXXX-XXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    let bits = 0n;
    for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
    let code = '';
    for (let index = 15; index >= 0; index -= 1) code += CROCKFORD[Number((bits >> BigInt(index * 5)) & 31n)];
    return code.match(/.{4}/g)!.join('-');
  });
}

/** The 16 characters of a typed code (any case, spaces and dashes, O for 0, I or L for 1); undefined when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | undefined {
  const code = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return code.length === 16 && [...code].every((char) => CROCKFORD.includes(char)) ? code : undefined;
}

/** Keyed, so a copy of the table alone does not let anyone test guesses. */
export function hashRecoveryCode(key: Buffer, operatorId: bigint, normalisedCode: string): Buffer {
  return createHmac('sha256', key).update(`${operatorId}:${normalisedCode}`).digest();
}
