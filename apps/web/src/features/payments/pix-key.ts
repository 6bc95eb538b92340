import { normalizeBrMobile, normalizeCpf, type PixKeyType } from '@app/contracts';

/** DICT's limit for an e-mail key. */
const EMAIL_KEY_MAX = 77;
/** The server's rule (a narrow subset of what DICT accepts), so the hint never passes what it refuses. */
const EMAIL = /^[a-z0-9_%+-]+(?:\.[a-z0-9_%+-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EVP = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/;

/**
 * A PIX key in the form DICT stores it (CPF digits, +55 mobile, lower-case e-mail, hyphenated
 * EVP), or null when it cannot be a key of that type. A hint for the member before the server's
 * own check (payments.pix_key_invalid, and that a CPF key is the member's own).
 */
export function normalizePixKey(keyType: PixKeyType, input: string): string | null {
  const value = input.trim();
  switch (keyType) {
    case 'cpf':
      return normalizeCpf(value);
    case 'phone':
      return normalizeBrMobile(value);
    case 'email': {
      const email = value.toLowerCase();
      return email.length <= EMAIL_KEY_MAX && EMAIL.test(email) ? email : null;
    }
    case 'evp': {
      const evp = value.toLowerCase();
      if (!EVP.test(evp)) return null;
      // Some banks show the random key without hyphens: put them back where DICT has them.
      const hex = evp.replace(/-/g, '');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    }
  }
}

/** The keyboard a phone should open for each key type. */
export function pixKeyInputMode(keyType: PixKeyType): 'numeric' | 'tel' | 'email' | 'text' {
  return keyType === 'cpf' ? 'numeric' : keyType === 'phone' ? 'tel' : keyType === 'email' ? 'email' : 'text';
}
