import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveTwoFactorKeys, hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode, openTotpSecret, sealTotpSecret } from './two-factor-crypto.ts';

describe('TOTP seeds at rest', () => {
  const keys = deriveTwoFactorKeys(randomBytes(32));
  const secret = randomBytes(20);

  it('seal with a fresh nonce each time and open only with the same key and operator', () => {
    const sealed = sealTotpSecret(keys.seal, 7n, secret);
    expect(sealed).toHaveLength(49);
    expect(sealTotpSecret(keys.seal, 7n, secret).equals(sealed)).toBe(false);
    expect(openTotpSecret(keys.seal, 7n, sealed)).toEqual(secret);
    // Copied onto another operator, opened with another key, or altered: refused, never a wrong seed.
    expect(() => openTotpSecret(keys.seal, 8n, sealed)).toThrow();
    expect(() => openTotpSecret(deriveTwoFactorKeys(randomBytes(32)).seal, 7n, sealed)).toThrow();
    const altered = Buffer.from(sealed);
    altered[45]! ^= 1;
    expect(() => openTotpSecret(keys.seal, 7n, altered)).toThrow();
    expect(() => openTotpSecret(keys.seal, 7n, Buffer.concat([Buffer.from([2]), sealed.subarray(1)]))).toThrow('unknown sealed TOTP secret version');
  });

  it('derive two different keys from one master key, the same every time', () => {
    const master = randomBytes(32);
    expect(deriveTwoFactorKeys(master)).toEqual(deriveTwoFactorKeys(master));
    expect(keys.seal.equals(keys.recovery)).toBe(false);
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of 16 Crockford base32 characters (80 bits)', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('read as typed: any case, spaces and dashes, O for 0, I and L for 1', () => {
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS');
    expect(normaliseRecoveryCode(' o1lI 2345 6789 ABCD ')).toBe('011123456789ABCD');
    for (const bad of ['', 'ABCD-EFGH-JKMN-PQR', 'ABCD-EFGH-JKMN-PQRST', 'ABCD-EFGH-JKMN-PQRU', 'ÁBCD-EFGH-JKMN-PQRS']) expect(normaliseRecoveryCode(bad)).toBeUndefined();
  });

  it('hash under a key and per operator', () => {
    const key = randomBytes(32);
    const hash = hashRecoveryCode(key, 1n, 'ABCDEFGHJKMNPQRS');
    expect(hash).toHaveLength(32);
    expect(hashRecoveryCode(key, 1n, 'ABCDEFGHJKMNPQRS')).toEqual(hash);
    expect(hashRecoveryCode(key, 2n, 'ABCDEFGHJKMNPQRS')).not.toEqual(hash);
    expect(hashRecoveryCode(randomBytes(32), 1n, 'ABCDEFGHJKMNPQRS')).not.toEqual(hash);
  });
});
