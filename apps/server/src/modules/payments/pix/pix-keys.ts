import { normalizeBrMobile, normalizeCpf } from '@app/contracts';

/**
 * DICT key types we accept from players (brazil-compliance.md §4). CNPJ keys are absent on
 * purpose: players are people, identified by CPF.
 */
export type PixKeyType = 'cpf' | 'phone' | 'email' | 'evp';

export type NormalizePixKeyResult = { ok: true; key: string } | { ok: false; reason: string };

/** DICT's limit for e-mail keys. */
const MAX_EMAIL_LENGTH = 77;
/** Longer than any formatted key of any type; checked before any other work so no regex sees a huge string. */
const MAX_RAW_LENGTH = 100;
/**
 * A deliberately narrow subset of what DICT accepts: letters, digits and . _ % + - before the
 * '@' (no quotes, so nothing that reads as SQL or HTML), dot-separated hostname labels and an
 * alphabetic TLD after it. Every key this accepts, DICT accepts too.
 */
const EMAIL =
  /^[a-z0-9_%+-]+(?:\.[a-z0-9_%+-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** ASCII only before lower-casing: 'K' (U+212A KELVIN SIGN).toLowerCase() is a plain 'k'. */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/**
 * The canonical form DICT stores for a key the player typed: CPF as 11 digits, phone as
 * `+55DD9XXXXXXXX`, e-mail lower-cased, EVP as a lower-case UUID. Never throws.
 */
export function normalizePixKey(type: PixKeyType, raw: string): NormalizePixKeyResult {
  if (typeof raw !== 'string') return { ok: false, reason: 'key must be a string' };
  if (raw.length > MAX_RAW_LENGTH) return { ok: false, reason: 'key is too long' };
  const value = raw.trim();
  if (value === '') return { ok: false, reason: 'key is empty' };
  if (!PRINTABLE_ASCII.test(value)) return { ok: false, reason: 'key has characters outside printable ASCII' };

  switch (type) {
    case 'cpf': {
      const cpf = normalizeCpf(value);
      return cpf === null ? { ok: false, reason: 'not a valid CPF' } : { ok: true, key: cpf };
    }
    case 'phone': {
      const phone = normalizeBrMobile(value);
      return phone === null ? { ok: false, reason: 'not a Brazilian mobile number' } : { ok: true, key: phone };
    }
    case 'email': {
      const email = value.toLowerCase();
      if (email.length > MAX_EMAIL_LENGTH) return { ok: false, reason: `e-mail key longer than ${MAX_EMAIL_LENGTH} characters` };
      return EMAIL.test(email) ? { ok: true, key: email } : { ok: false, reason: 'not a valid e-mail address' };
    }
    case 'evp':
      return UUID.test(value) ? { ok: true, key: value.toLowerCase() } : { ok: false, reason: 'not a UUID' };
    default:
      return { ok: false, reason: 'unknown key type' };
  }
}
