import { describe, expect, it } from 'vitest';
import { normalizePixKey, type PixKeyType } from './pix-keys.ts';

const TYPES: PixKeyType[] = ['cpf', 'phone', 'email', 'evp'];

describe('normalizePixKey', () => {
  it.each([
    ['cpf', '529.982.247-25', '52998224725'],
    ['cpf', '111.444.777-35', '11144477735'],
    ['cpf', ' 123.456.789-09 ', '12345678909'],
    ['cpf', '00000000191', '00000000191'],
    ['phone', '(11) 96123-4567', '+5511961234567'],
    ['phone', '+55 11 96123-4567', '+5511961234567'],
    ['phone', '+5511961234567', '+5511961234567'],
    ['phone', '11961234567', '+5511961234567'],
    ['phone', '+55 (21) 99876-5432', '+5521998765432'],
    ['email', 'Fulano.De.Tal@Example.COM', 'fulano.de.tal@example.com'],
    ['email', '  jogador+pix@sub.example.com.br ', 'jogador+pix@sub.example.com.br'],
    ['email', `${'a'.repeat(65)}@example.com`, `${'a'.repeat(65)}@example.com`],
    ['evp', '123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
    ['evp', ' 9d36b84f-c70b-478f-b95c-12729b90ca25 ', '9d36b84f-c70b-478f-b95c-12729b90ca25'],
  ] as const)('%s %j → %s', (type, raw, key) => {
    expect(normalizePixKey(type, raw)).toEqual({ ok: true, key });
  });

  it.each([
    ['cpf', '111.111.111-11'],
    ['cpf', '529.982.247-24'],
    ['cpf', '5299822472'],
    ['cpf', '529982247250'],
    ['cpf', '\uff15\uff12\uff19\uff19\uff18\uff12\uff12\uff14\uff17\uff12\uff15'], // full-width digits
    ['cpf', '\u0665\u0662\u0669\u0669\u0668\u0662\u0662\u0664\u0667\u0662\u0665'], // Arabic-Indic digits
    ['phone', '(11) 3123-4567'],
    ['phone', '(23) 96123-4567'],
    ['phone', '(10) 96123-4567'],
    ['phone', '+1 11 96123-4567'],
    ['phone', '11 96123-4567 ext 2'],
    ['phone', '+55 11 96123-456'],
    ['email', `${'a'.repeat(66)}@example.com`],
    ['email', 'fulano@example'],
    ['email', 'fulano@@example.com'],
    ['email', '.fulano@example.com'],
    ['email', 'fulano..tal@example.com'],
    ['email', 'fulano@-example.com'],
    ['email', 'fulano@example.c0m'],
    ['email', '"fulano"@example.com'],
    ['email', 'fulano tal@example.com'],
    ['email', 'fulano@example.com\nBcc: other@example.com'],
    ['evp', '123e4567e12b12d1a456426655440000'],
    ['evp', '{123e4567-e12b-12d1-a456-426655440000}'],
    ['evp', '123e4567-e12b-12d1-a456-42665544000g'],
    ['evp', '123e4567-e12b-12d1-a456-4266554400000'],
  ] as const)('refuses %s %j', (type, raw) => {
    const result = normalizePixKey(type, raw);
    expect(result.ok).toBe(false);
  });

  describe('hostile values give { ok: false } for every type', () => {
    const hostile: Array<[string, string]> = [
      ['empty', ''],
      ['blank', '   \t\n'],
      ['1000 characters', '1'.repeat(1_000)],
      ['1000-character e-mail', `${'a'.repeat(988)}@example.com`],
      ['SQL', "' OR 1=1 --"],
      ['SQL in an e-mail', "x'; DROP TABLE wallet_account;--@example.com"],
      ['SQL after a CPF', "52998224725'; --"],
      ['HTML', '<script>alert(1)</script>'],
      ['HTML in an e-mail', '<img src=x onerror=alert(1)>@example.com'],
      ['HTML after an e-mail', 'fulano@example.com<script>'],
      ['NUL byte', 'fulano\u0000@example.com'],
      ['zero-width space', 'fulano\u200b@example.com'],
      ['Cyrillic lookalike', 'p\u0430ypal@example.com'],
      ['Kelvin sign (lower-cases to ASCII k)', '\u212Aelvin@example.com'],
      ['full-width at sign', 'fulano\uff20example.com'],
      ['right-to-left override', 'fulano@\u202Emoc.elpmaxe'],
      ['Cyrillic e in a UUID', '123\u04354567-e12b-12d1-a456-426655440000'],
      ['lone surrogate', '\ud800'],
    ];
    for (const type of TYPES) {
      it.each(hostile)(`${type}: %s`, (_label, raw) => {
        const result = normalizePixKey(type, raw);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.reason).toEqual(expect.any(String));
      });
    }
  });

  it('accepts the Kelvin-sign e-mail only when typed in ASCII', () => {
    expect(normalizePixKey('email', 'Kelvin@example.com')).toEqual({ ok: true, key: 'kelvin@example.com' });
  });

  it('refuses an unknown key type and non-string input without throwing', () => {
    expect(normalizePixKey('cnpj' as PixKeyType, '11222333000181').ok).toBe(false);
    expect(normalizePixKey('email', undefined as unknown as string).ok).toBe(false);
    expect(normalizePixKey('cpf', 52998224725 as unknown as string).ok).toBe(false);
  });
});
