import { crc16Hex } from './crc16.ts';

/**
 * PIX BR Code ("Pix Copia e Cola"): the EMV QRCPS-MPM payload behind every Pix QR code.
 * A flat run of TLV fields, `ID(2) + LEN(2, decimal byte count) + VALUE`, closed by a
 * CRC-16/CCITT-FALSE in field 63 (brazil-compliance.md §4). Pure string work, no I/O.
 *
 * Real deposits use the PSP's dynamic `pixCopiaECola`; static codes are for demos and tests.
 */

/** The Pix merchant-account GUI; the parser compares it case-insensitively (some PSPs upper-case it). */
export const PIX_GUI = 'br.gov.bcb.pix';

/** A TLV value carries its length in two decimal digits. */
const MAX_VALUE_BYTES = 99;
const MAX_NAME_LENGTH = 25;
const MAX_CITY_LENGTH = 15;
/** No QR code carries more than 2,953 bytes (version 40, level L); anything longer is not a BR Code. */
const MAX_CODE_LENGTH = 2953;
const STATIC_TXID = /^(?:[A-Za-z0-9]{1,25}|\*\*\*)$/;
const NO_TXID = '***';
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
/** The amount as the parser accepts it: EMV allows up to 13 characters and at most 2 decimals. */
const AMOUNT_FIELD = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

const ID = {
  payloadFormat: '00',
  initiationMethod: '01',
  merchantAccount: '26',
  merchantCategory: '52',
  currency: '53',
  amount: '54',
  country: '58',
  name: '59',
  city: '60',
  additionalData: '62',
  crc: '63',
} as const;

const ACCOUNT_ID = { gui: '00', key: '01', description: '02', url: '25' } as const;
const ADDITIONAL_ID = { txid: '05' } as const;
/** The templates whose values are themselves TLV runs, parsed into `children`. */
const TEMPLATE_IDS: ReadonlySet<string> = new Set([ID.merchantAccount, ID.additionalData]);

export interface StaticBrCodeInput {
  /** A DICT key (CPF digits, +55 phone, e-mail, EVP UUID); see normalizePixKey. Written as is. */
  key: string;
  /** Reduced to printable ASCII and cut to 25 characters. */
  name: string;
  /** Reduced to printable ASCII and cut to 15 characters. */
  city: string;
  /** Positive centavos; omitted means the payer types the amount. */
  amountCents?: bigint;
  /** Up to 25 letters and digits; omitted means `***` (no identifier). */
  txid?: string;
  /** Free text shown to the payer (field 26-02), reduced to printable ASCII. */
  description?: string;
}

export interface DynamicBrCodeInput {
  /** The PSP's payload location (`location` in the cob response), without `https://`. */
  url: string;
  name: string;
  city: string;
  amountCents?: bigint;
}

export interface BrCodeField {
  id: string;
  value: string;
  /** The nested fields of templates 26 and 62. */
  children?: BrCodeField[];
}

export interface ParsedBrCode {
  ok: true;
  /** Every top-level field in order, including unknown ones (the CRC covers them too). */
  fields: BrCodeField[];
  merchantAccount: { gui: string; key?: string; url?: string; description?: string };
  amountCents?: bigint;
  name: string;
  city: string;
  /** As written; `***` means the code carries no identifier. */
  txid?: string;
  /** 'dynamic' when the account holds a URL (field 26-25), 'static' when it holds a key. */
  initiation: 'static' | 'dynamic';
}

export type ParseBrCodeResult = ParsedBrCode | { ok: false; reason: string };

/** Builds a static code around a DICT key. Throws an Error naming the field when a value does not fit. */
export function buildStaticBrCode(input: StaticBrCodeInput): string {
  const txid = input.txid ?? NO_TXID;
  if (!STATIC_TXID.test(txid)) throw new Error('PIX txid must be 1-25 letters or digits, or "***"');
  const key = requireAsciiToken('key', input.key);
  const description = input.description === undefined ? '' : sanitizeBrCodeText(input.description, MAX_VALUE_BYTES);
  const account =
    tlv('26-00', ACCOUNT_ID.gui, PIX_GUI) +
    tlv('26-01 (key)', ACCOUNT_ID.key, key) +
    (description === '' ? '' : tlv('26-02 (description)', ACCOUNT_ID.description, description));
  return assemble({ initiation: undefined, account, amountCents: input.amountCents, name: input.name, city: input.city, txid });
}

/** Builds a dynamic, single-use code (initiation method 12) pointing at the PSP's payload URL. */
export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  const url = requireAsciiToken('URL', input.url.replace(/^https:\/\//i, ''));
  if (url.includes('://')) throw new Error('PIX URL must be an https location written without "https://"');
  const account = tlv('26-00', ACCOUNT_ID.gui, PIX_GUI) + tlv('26-25 (URL)', ACCOUNT_ID.url, url);
  return assemble({ initiation: '12', account, amountCents: input.amountCents, name: input.name, city: input.city, txid: NO_TXID });
}

/**
 * Reduces free text to what a BR Code may carry: accents stripped (NFD, marks dropped),
 * whitespace runs become one space, anything outside printable ASCII is dropped, then trimmed
 * and cut to `maxLength`. 'São Paulo' → 'Sao Paulo'.
 */
export function sanitizeBrCodeText(value: string, maxLength: number): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/gu, ' ')
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .slice(0, maxLength)
    .trim();
}

/** 1000n → '10.00'. Throws unless 0 < centavos and the integer part has at most 10 digits. */
export function formatBrCodeAmount(amountCents: bigint): string {
  if (typeof amountCents !== 'bigint') throw new TypeError('PIX amount must be a bigint number of centavos');
  if (amountCents <= 0n) throw new Error('PIX amount must be positive');
  const reais = (amountCents / 100n).toString();
  if (reais.length > 10) throw new Error('PIX amount must have at most 10 integer digits');
  return `${reais}.${(amountCents % 100n).toString().padStart(2, '0')}`;
}

interface Assembly {
  initiation: '12' | undefined;
  account: string;
  amountCents: bigint | undefined;
  name: string;
  city: string;
  txid: string;
}

function assemble(parts: Assembly): string {
  const name = sanitizeBrCodeText(parts.name, MAX_NAME_LENGTH);
  const city = sanitizeBrCodeText(parts.city, MAX_CITY_LENGTH);
  if (name === '') throw new Error('PIX merchant name (field 59) is empty once reduced to ASCII');
  if (city === '') throw new Error('PIX merchant city (field 60) is empty once reduced to ASCII');
  const payload =
    tlv('00', ID.payloadFormat, '01') +
    (parts.initiation === undefined ? '' : tlv('01', ID.initiationMethod, parts.initiation)) +
    tlv('26 (merchant account)', ID.merchantAccount, parts.account) +
    tlv('52', ID.merchantCategory, '0000') +
    tlv('53', ID.currency, '986') +
    (parts.amountCents === undefined ? '' : tlv('54 (amount)', ID.amount, formatBrCodeAmount(parts.amountCents))) +
    tlv('58', ID.country, 'BR') +
    tlv('59 (name)', ID.name, name) +
    tlv('60 (city)', ID.city, city) +
    tlv('62 (additional data)', ID.additionalData, tlv('62-05 (txid)', ADDITIONAL_ID.txid, parts.txid)) +
    `${ID.crc}04`;
  return payload + crc16Hex(payload);
}

function tlv(label: string, id: string, value: string): string {
  // Values are ASCII by construction, so string length is the byte count.
  if (value.length > MAX_VALUE_BYTES) {
    throw new Error(`PIX field ${label} is ${value.length} bytes; a BR Code value holds at most ${MAX_VALUE_BYTES}`);
  }
  return id + value.length.toString().padStart(2, '0') + value;
}

/** Keys and URLs are identifiers: altering them would send money elsewhere, so refuse instead of cleaning. */
function requireAsciiToken(label: string, value: string): string {
  if (value === '' || !/^[\x21-\x7E]+$/.test(value)) {
    throw new Error(`PIX ${label} must be non-empty printable ASCII without spaces`);
  }
  return value;
}

/** Parses and checks a BR Code. Never throws: anything malformed or hostile comes back as `{ ok: false, reason }`. */
export function parseBrCode(code: string): ParseBrCodeResult {
  if (typeof code !== 'string' || code === '') return fail('empty code');
  if (code.length > MAX_CODE_LENGTH) return fail(`longer than ${MAX_CODE_LENGTH} characters`);
  if (!PRINTABLE_ASCII.test(code)) return fail('characters outside printable ASCII');

  const top = readTlvRun(code, true);
  if (typeof top === 'string') return fail(top);
  const crcField = top.at(-1);
  if (crcField?.id !== ID.crc) return fail('no CRC field (63) at the end');
  if (!/^[0-9A-Fa-f]{4}$/.test(crcField.value)) return fail('CRC field (63) is not 4 hex digits');
  if (crc16Hex(code.slice(0, -4)) !== crcField.value.toUpperCase()) return fail('CRC mismatch');

  const fields: BrCodeField[] = [];
  const byId = new Map<string, BrCodeField>();
  for (const field of top) {
    if (byId.has(field.id)) return fail(`duplicate field ${field.id}`);
    if (TEMPLATE_IDS.has(field.id)) {
      const children = readTlvRun(field.value, false);
      if (typeof children === 'string') return fail(`field ${field.id}: ${children}`);
      if (new Set(children.map((child) => child.id)).size !== children.length) return fail(`field ${field.id}: duplicate sub-field`);
      field.children = children;
    }
    byId.set(field.id, field);
    fields.push(field);
  }
  return interpret(fields, byId);
}

function interpret(fields: BrCodeField[], byId: Map<string, BrCodeField>): ParseBrCodeResult {
  if (fields[0]?.id !== ID.payloadFormat || fields[0].value !== '01') return fail('field 00 must come first and be "01"');
  const initiationMethod = byId.get(ID.initiationMethod)?.value;
  if (initiationMethod !== undefined && initiationMethod !== '11' && initiationMethod !== '12') {
    return fail('field 01 must be "11" or "12"');
  }
  const account = sub(byId.get(ID.merchantAccount));
  if (account === undefined) return fail('missing merchant account (field 26)');
  const gui = account.get(ACCOUNT_ID.gui);
  if (gui === undefined || gui.toLowerCase() !== PIX_GUI) return fail(`field 26 GUI is not ${PIX_GUI}`);
  const key = account.get(ACCOUNT_ID.key);
  const url = account.get(ACCOUNT_ID.url);
  const description = account.get(ACCOUNT_ID.description);
  if ((key === undefined) === (url === undefined)) return fail('field 26 needs exactly one of a key (01) or a URL (25)');
  if (key === '' || url === '') return fail('field 26 key or URL is empty');
  if (initiationMethod === '12' && url === undefined) return fail('single-use code (01 = 12) without a URL');

  if (!/^\d{4}$/.test(byId.get(ID.merchantCategory)?.value ?? '')) return fail('field 52 (MCC) missing or not 4 digits');
  if (byId.get(ID.currency)?.value !== '986') return fail('field 53 (currency) must be 986');
  if (byId.get(ID.country)?.value !== 'BR') return fail('field 58 (country) must be BR');
  const name = byId.get(ID.name)?.value ?? '';
  const city = byId.get(ID.city)?.value ?? '';
  if (name.trim() === '') return fail('field 59 (name) missing or empty');
  if (city.trim() === '') return fail('field 60 (city) missing or empty');

  let amountCents: bigint | undefined;
  const amountField = byId.get(ID.amount);
  if (amountField !== undefined) {
    const match = AMOUNT_FIELD.exec(amountField.value);
    if (match === null) return fail('field 54 (amount) is not a decimal amount');
    amountCents = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
    if (amountCents === 0n) return fail('field 54 (amount) is zero');
  }

  let txid: string | undefined;
  const additional = byId.get(ID.additionalData);
  if (additional !== undefined) txid = sub(additional)?.get(ADDITIONAL_ID.txid);

  const merchantAccount: ParsedBrCode['merchantAccount'] = { gui };
  if (key !== undefined) merchantAccount.key = key;
  if (url !== undefined) merchantAccount.url = url;
  if (description !== undefined) merchantAccount.description = description;
  const parsed: ParsedBrCode = { ok: true, fields, merchantAccount, name, city, initiation: url === undefined ? 'static' : 'dynamic' };
  if (amountCents !== undefined) parsed.amountCents = amountCents;
  if (txid !== undefined) parsed.txid = txid;
  return parsed;
}

/**
 * Splits a TLV run, or returns why it cannot. At the top level the run must end exactly with
 * field 63 (length 04): anything after it is trailing data, not a field the CRC vouches for.
 */
function readTlvRun(text: string, isTopLevel: boolean): BrCodeField[] | string {
  const fields: BrCodeField[] = [];
  let position = 0;
  while (position < text.length) {
    const header = text.slice(position, position + 4);
    if (!/^\d{4}$/.test(header)) return `malformed field header at offset ${position}`;
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const end = position + 4 + length;
    if (end > text.length) return `field ${id} length ${length} runs past the end`;
    fields.push({ id, value: text.slice(position + 4, end) });
    position = end;
    if (isTopLevel && id === ID.crc) {
      if (length !== 4) return 'CRC field (63) must have length 04';
      if (position !== text.length) return 'trailing data after the CRC field';
    }
  }
  return fields;
}

function sub(field: BrCodeField | undefined): Map<string, string> | undefined {
  return field?.children === undefined ? undefined : new Map(field.children.map((child) => [child.id, child.value]));
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
