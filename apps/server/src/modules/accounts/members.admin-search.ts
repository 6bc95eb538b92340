import { isIP } from 'node:net';

/**
 * What the back office's one search box looks for, worked out from the text alone (pure). Every
 * look-up it plans is an index range: exact, or a prefix under the "C" collation, or an address
 * range through inet's <<=; nothing scans the members table.
 */
export interface SearchPlan {
  /** Account names and e-mails (lower case): `prefix` = LIKE 'value%', else equality. */
  account?: Lookup;
  email?: Lookup;
  /** CPF digits. */
  cpf?: Lookup;
  /** Stored mobiles are +55 and 11 digits; each candidate is one way to read the digits typed. */
  mobiles: Lookup[];
  /** An address or CIDR block, matched with <<= against login and registration addresses. */
  network?: string;
}

export interface Lookup {
  value: string;
  prefix: boolean;
}

/** Prefix search starts at 3 characters; shorter text matches exactly. */
const MIN_PREFIX = 3;
const ACCOUNT_MAX = 32;
const EMAIL_MAX = 254;
/** Phone and CPF punctuation: "529.982.247-25", "(11) 96123-4567", "+55 11 96123 4567". */
const PHONE_OR_CPF = /^[\d\s.\-()/+]+$/;
const PARTIAL_IPV4 = /^\d{1,3}(\.\d{1,3}){0,2}\.?$/;

export function planSearch(raw: string): SearchPlan {
  const q = raw.trim();
  const plan: SearchPlan = { mobiles: [] };
  if (q.length === 0) return plan;
  const lower = q.toLowerCase();
  // Control characters never belong to an account or an address: no text look-up at all.
  const printable = !/[\p{Cc}\p{Cf}]/u.test(q);

  if (printable && !/\s/.test(lower)) {
    if (lower.length <= ACCOUNT_MAX) plan.account = { value: lower, prefix: lower.length >= MIN_PREFIX };
    if (lower.length <= EMAIL_MAX) plan.email = { value: lower, prefix: lower.length >= MIN_PREFIX };
  }

  if (PHONE_OR_CPF.test(q)) {
    const digits = q.replace(/\D/g, '');
    if (digits.length > 0) {
      const prefix = digits.length >= MIN_PREFIX;
      if (digits.length <= 11) plan.cpf = { value: digits, prefix: prefix && digits.length < 11 };
      // +55 DDD NNNNNNNNN: typed with or without the country code.
      if (digits.length <= 11) plan.mobiles.push({ value: `+55${digits}`, prefix: prefix && digits.length < 11 });
      if (digits.startsWith('55') && digits.length <= 13) plan.mobiles.push({ value: `+${digits}`, prefix: prefix && digits.length < 13 });
    }
  }

  plan.network = networkOf(q);
  return plan;
}

/** An address (exact), a CIDR block, or whole leading IPv4 octets ("10.1." = 10.1.0.0/16). */
export function networkOf(q: string): string | undefined {
  const version = isIP(q);
  if (version === 4) return `${q}/32`;
  if (version === 6) return `${q}/128`;
  const slash = q.indexOf('/');
  if (slash > 0) {
    const address = q.slice(0, slash);
    const bits = q.slice(slash + 1);
    const addressVersion = isIP(address);
    if (addressVersion === 0 || !/^\d{1,3}$/.test(bits)) return undefined;
    const length = Number(bits);
    if (length > (addressVersion === 4 ? 32 : 128)) return undefined;
    return `${address}/${length}`;
  }
  if (PARTIAL_IPV4.test(q) && q.includes('.')) {
    const octets = q.split('.').filter((part) => part !== '');
    if (octets.some((octet) => Number(octet) > 255)) return undefined;
    const padded = [...octets, '0', '0', '0', '0'].slice(0, 4);
    return `${padded.join('.')}/${octets.length * 8}`;
  }
  return undefined;
}

/** LIKE's wildcards and escape taken literally (the default escape character is the backslash). */
export function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, '\\$&')}%`;
}
