import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-time passwords: HOTP (RFC 4226) and TOTP (RFC 6238) on node:crypto, with the parameters
 * every authenticator app understands: HMAC-SHA1, 6 digits, 30-second steps
 * (brazil-compliance.md §6; ASVS 6.5.5 asks that a TOTP live no longer than 30 s). Pure code: the
 * server verifies with it and tests compute codes with it.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

export type OtpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** RFC 4226 §5.3: HMAC of the 8-byte big-endian counter, dynamic truncation, modulo 10^digits. */
export function hotp(secret: Uint8Array, counter: number | bigint, options: { digits?: number; algorithm?: OtpAlgorithm } = {}): string {
  const digits = options.digits ?? TOTP_DIGITS;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(options.algorithm ?? 'sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 time step (T0 = 0) that `timeMs` falls in. */
export function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for the step `timeMs` falls in (or for `step` directly). */
export function totp(secret: Uint8Array, at: { timeMs: number } | { step: number }, options: { digits?: number; algorithm?: OtpAlgorithm } = {}): string {
  return hotp(secret, 'step' in at ? at.step : totpStep(at.timeMs), options);
}

/**
 * The step whose code `code` is, among the current step and `window` steps either side (clock
 * drift), skipping steps at or before `usedUpTo`: a code, once accepted, never works again, nor
 * does an older one. Undefined when none matches. Every candidate is compared, in constant time.
 */
export function matchTotpStep(secret: Uint8Array, code: string, timeMs: number, options: { window?: number; usedUpTo?: number | null } = {}): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const window = options.window ?? 1;
  const current = totpStep(timeMs);
  let matched: number | undefined;
  for (let step = current - window; step <= current + window; step += 1) {
    const isEqual = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code));
    if (isEqual && matched === undefined && (options.usedUpTo === null || options.usedUpTo === undefined || step > options.usedUpTo)) matched = step;
  }
  return matched;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: what otpauth:// URIs and "enter this key" screens use. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Accepts lower case, spaces and padding, as people type keys; throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * The Key URI authenticator apps read from a QR code: otpauth://totp/Issuer:label?secret=…
 * (the issuer both in the label and as a parameter, as the format recommends).
 */
export function otpauthUri(input: { issuer: string; label: string; secret: Uint8Array }): string {
  const issuer = encodeURIComponent(input.issuer);
  const query = `secret=${base32Encode(input.secret)}&issuer=${issuer}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`;
  return `otpauth://totp/${issuer}:${encodeURIComponent(input.label)}?${query}`;
}

/** The secret of an otpauth:// URI (tests and scripts that play the authenticator app). */
export function secretOfOtpauthUri(uri: string): Buffer {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error('no secret in the otpauth URI');
  return base32Decode(secret);
}
