import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, otpauthUri, secretOfOtpauthUri, totp, totpStep } from './totp.ts';

const SHA1_SEED = Buffer.from('12345678901234567890');

describe('HOTP (RFC 4226 appendix D)', () => {
  it('gives the published values for counters 0–9', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SHA1_SEED, counter))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const seeds = {
    sha1: SHA1_SEED,
    sha256: Buffer.from('12345678901234567890123456789012'),
    sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
  } as const;
  const vectors: [number, Record<keyof typeof seeds, string>][] = [
    [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
    [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
    [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
    [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
    [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
    [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
  ];
  for (const [seconds, codes] of vectors) {
    it(`T = ${seconds}`, () => {
      for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
        expect(totp(seeds[algorithm], { timeMs: seconds * 1000 }, { digits: 8, algorithm })).toBe(codes[algorithm]);
      }
    });
  }

  it('uses 6 digits by default: the last six of the 8-digit value', () => {
    expect(totp(SHA1_SEED, { timeMs: 59_000 })).toBe('287082');
    expect(totpStep(59_000)).toBe(1);
    expect(totpStep(60_000)).toBe(2);
  });
});

describe('matchTotpStep', () => {
  const now = 1_700_000_015_000;
  const step = totpStep(now);
  const code = (at: number) => totp(SHA1_SEED, { step: at });

  it('accepts the current step and one either side, nothing further', () => {
    expect(matchTotpStep(SHA1_SEED, code(step), now)).toBe(step);
    expect(matchTotpStep(SHA1_SEED, code(step - 1), now)).toBe(step - 1);
    expect(matchTotpStep(SHA1_SEED, code(step + 1), now)).toBe(step + 1);
    expect(matchTotpStep(SHA1_SEED, code(step - 2), now)).toBeUndefined();
    expect(matchTotpStep(SHA1_SEED, code(step + 2), now)).toBeUndefined();
  });

  it('refuses a step at or before the last accepted one (no replay, no older code)', () => {
    expect(matchTotpStep(SHA1_SEED, code(step), now, { usedUpTo: step })).toBeUndefined();
    expect(matchTotpStep(SHA1_SEED, code(step - 1), now, { usedUpTo: step })).toBeUndefined();
    expect(matchTotpStep(SHA1_SEED, code(step + 1), now, { usedUpTo: step })).toBe(step + 1);
    expect(matchTotpStep(SHA1_SEED, code(step), now, { usedUpTo: null })).toBe(step);
  });

  it('refuses anything that is not six digits', () => {
    for (const bad of ['', '12345', '1234567', '12345a', ' 123456', '١٢٣٤٥٦']) expect(matchTotpStep(SHA1_SEED, bad, now)).toBeUndefined();
  });
});

describe('base32 and the otpauth URI', () => {
  it('round-trips RFC 4648 vectors without padding', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI']];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1')).toThrow('not base32');
  });

  it('names issuer and account, and carries a 160-bit secret as 32 base32 characters', () => {
    const secret = Buffer.alloc(20, 0xab);
    const uri = otpauthUri({ issuer: 'Bet Platform', label: 'admin', secret });
    expect(uri).toBe(`otpauth://totp/Bet%20Platform:admin?secret=${base32Encode(secret)}&issuer=Bet%20Platform&algorithm=SHA1&digits=6&period=30`);
    expect(base32Encode(secret)).toHaveLength(32);
    expect(secretOfOtpauthUri(uri)).toEqual(secret);
  });
});
