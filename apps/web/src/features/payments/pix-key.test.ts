import { describe, expect, it } from 'vitest';
import { normalizePixKey } from './pix-key.ts';

describe('PIX key hints', () => {
  it('accepts each key type as people type it and returns the form DICT stores', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('phone', '(11) 96123-4567')).toBe('+5511961234567');
    expect(normalizePixKey('phone', '+55 11 96123-4567')).toBe('+5511961234567');
    expect(normalizePixKey('email', ' Maria.Silva@Exemplo.com.br ')).toBe('maria.silva@exemplo.com.br');
    expect(normalizePixKey('evp', '123E4567-E89B-12D3-A456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
    expect(normalizePixKey('evp', '123e4567e89b12d3a456426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
  });

  it('refuses what cannot be a key of the chosen type', () => {
    expect(normalizePixKey('cpf', '529.982.247-26')).toBeNull();
    expect(normalizePixKey('cpf', '111.111.111-11')).toBeNull();
    expect(normalizePixKey('phone', '(11) 3123-4567')).toBeNull();
    expect(normalizePixKey('phone', '+1 415 555 0100')).toBeNull();
    expect(normalizePixKey('email', 'maria@')).toBeNull();
    expect(normalizePixKey('email', `${'a'.repeat(70)}@exemplo.com`)).toBeNull();
    expect(normalizePixKey('evp', '123e4567-e89b')).toBeNull();
    // A CPF typed under "random key" is not silently accepted as one.
    expect(normalizePixKey('evp', '52998224725')).toBeNull();
  });
});
