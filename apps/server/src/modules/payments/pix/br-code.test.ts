import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDynamicBrCode,
  buildStaticBrCode,
  formatBrCodeAmount,
  parseBrCode,
  sanitizeBrCodeText,
  type ParseBrCodeResult,
  type ParsedBrCode,
} from './br-code.ts';
import { crc16Hex } from './crc16.ts';

// Verified vectors, brazil-compliance.md §4. The three bacen/pix-api openapi.yaml examples
// (CRCs 7741, A441, 62C9) are only cited there, not reproduced in full, so they are not tested.
const KEY = '123e4567-e12b-12d1-a456-426655440000';
const BCB_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const GIST_DYNAMIC =
  '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB';
const STATIC_AMOUNT_TXID =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000520400005303986540510.005802BR5913Fulano de Tal6008BRASILIA62130509PEDIDO1236304902A';
const DYNAMIC_V2 =
  '00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63047EC0';

const tlv = (id: string, value: string) => id + value.length.toString().padStart(2, '0') + value;
/** Closes a payload with a correct CRC, so a test isolates the defect it is about. */
const withCrc = (payload: string) => `${payload}6304${crc16Hex(`${payload}6304`)}`;
const codeFrom = (fields: ReadonlyArray<readonly [string, string]>) => withCrc(fields.map(([id, value]) => tlv(id, value)).join(''));

const STATIC_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['00', '01'],
  ['26', tlv('00', 'br.gov.bcb.pix') + tlv('01', KEY)],
  ['52', '0000'],
  ['53', '986'],
  ['58', 'BR'],
  ['59', 'Fulano de Tal'],
  ['60', 'BRASILIA'],
  ['62', tlv('05', '***')],
];
const replaceField = (id: string, value: string) => STATIC_FIELDS.map(([fieldId, old]) => [fieldId, fieldId === id ? value : old] as const);
const withoutField = (id: string) => STATIC_FIELDS.filter(([fieldId]) => fieldId !== id);

function expectParsed(result: ParseBrCodeResult): ParsedBrCode {
  if (!result.ok) throw new Error(`expected a valid code, got: ${result.reason}`);
  return result;
}

function expectRejected(code: string, reason?: RegExp) {
  const result = parseBrCode(code);
  expect(result.ok).toBe(false);
  if (!result.ok && reason) expect(result.reason).toMatch(reason);
}

describe('buildStaticBrCode / buildDynamicBrCode reproduce the verified vectors', () => {
  it('BCB manual static example, CRC 1D3D', () => {
    expect(buildStaticBrCode({ key: KEY, name: 'Fulano de Tal', city: 'BRASILIA' })).toBe(BCB_STATIC);
    expect(codeFrom(STATIC_FIELDS)).toBe(BCB_STATIC);
  });

  it('amount 10.00 and txid PEDIDO123, CRC 902A', () => {
    expect(buildStaticBrCode({ key: KEY, name: 'Fulano de Tal', city: 'BRASILIA', amountCents: 1000n, txid: 'PEDIDO123' })).toBe(STATIC_AMOUNT_TXID);
  });

  it('dynamic v2 example, CRC 7EC0', () => {
    const url = 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25';
    expect(buildDynamicBrCode({ url, name: 'Fulano de Tal', city: 'BRASILIA' })).toBe(DYNAMIC_V2);
    expect(buildDynamicBrCode({ url: `https://${url}`, name: 'Fulano de Tal', city: 'BRASILIA' })).toBe(DYNAMIC_V2);
  });

  it('the gist dynamic example (upper-case GUI), CRC EEAB, differs from ours only in the GUI case', () => {
    const ours = buildDynamicBrCode({ url: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99', name: 'EMPRESA', city: 'SAO PAULO' });
    expect(ours.slice(0, -4).replace('br.gov.bcb.pix', 'BR.GOV.BCB.PIX')).toBe(GIST_DYNAMIC.slice(0, -4));
    expect(crc16Hex(GIST_DYNAMIC.slice(0, -4))).toBe('EEAB');
  });
});

describe('parseBrCode reads the verified vectors', () => {
  it('BCB static example (1D3D)', () => {
    const parsed = expectParsed(parseBrCode(BCB_STATIC));
    expect(parsed).toMatchObject({
      merchantAccount: { gui: 'br.gov.bcb.pix', key: KEY },
      name: 'Fulano de Tal',
      city: 'BRASILIA',
      txid: '***',
      initiation: 'static',
    });
    expect(parsed.amountCents).toBeUndefined();
    expect(parsed.merchantAccount.url).toBeUndefined();
    expect(parsed.fields.map((field) => field.id)).toEqual(['00', '26', '52', '53', '58', '59', '60', '62', '63']);
    expect(parsed.fields[1]?.children).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '01', value: KEY },
    ]);
    expect(parsed.fields.at(-1)).toEqual({ id: '63', value: '1D3D' });
  });

  it('gist dynamic example (EEAB), GUI in upper case', () => {
    expect(expectParsed(parseBrCode(GIST_DYNAMIC))).toMatchObject({
      merchantAccount: { gui: 'BR.GOV.BCB.PIX', url: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99' },
      name: 'EMPRESA',
      city: 'SAO PAULO',
      txid: '***',
      initiation: 'dynamic',
    });
  });

  it('amount and txid (902A)', () => {
    expect(expectParsed(parseBrCode(STATIC_AMOUNT_TXID))).toMatchObject({ amountCents: 1000n, txid: 'PEDIDO123', initiation: 'static' });
  });

  it('dynamic v2 (7EC0)', () => {
    expect(expectParsed(parseBrCode(DYNAMIC_V2))).toMatchObject({
      merchantAccount: { url: 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25' },
      initiation: 'dynamic',
    });
  });

  it('keeps unknown fields, which the CRC covers too (like the Pix Automatico field 80)', () => {
    const automatic = '0014br.gov.bcb.pix2521pix.example.com/rec/1';
    const parsed = expectParsed(parseBrCode(codeFrom([...STATIC_FIELDS, ['80', automatic]])));
    expect(parsed.fields.find((field) => field.id === '80')).toEqual({ id: '80', value: automatic });
  });

  it('accepts a lower-case CRC and an EMV amount without cents', () => {
    expect(parseBrCode(BCB_STATIC.slice(0, -4) + '1d3d').ok).toBe(true);
    const fields = [...STATIC_FIELDS.slice(0, 4), ['54', '10'] as const, ...STATIC_FIELDS.slice(4)];
    expect(expectParsed(parseBrCode(codeFrom(fields))).amountCents).toBe(1000n);
    const fields5 = [...STATIC_FIELDS.slice(0, 4), ['54', '0.5'] as const, ...STATIC_FIELDS.slice(4)];
    expect(expectParsed(parseBrCode(codeFrom(fields5))).amountCents).toBe(50n);
  });
});

describe('builders refuse what does not fit', () => {
  const base = { key: KEY, name: 'Fulano de Tal', city: 'BRASILIA' };

  it('reduces name and city to printable ASCII and cuts them to 25 / 15 characters', () => {
    const code = buildStaticBrCode({ ...base, name: '  Jo\u00e3o  da Silva Ara\u00fajo Concei\u00e7\u00e3o Neto 🎲 ', city: 'S\u00e3o Jos\u00e9 dos Campos' });
    const parsed = expectParsed(parseBrCode(code));
    expect(parsed.name).toBe('Joao da Silva Araujo Conc');
    expect(parsed.city).toBe('Sao Jose dos Ca');
    // Decomposed input (NFD already) gives the same result as precomposed.
    expect(sanitizeBrCodeText('Sa\u0303o Paulo', 15)).toBe('Sao Paulo');
    expect(sanitizeBrCodeText('a\tb\nc\u00a0d\u0000e', 25)).toBe('a b c de');
    expect(sanitizeBrCodeText('Ærøskøbing 北京', 25)).toBe('rskbing');
  });

  it('refuses a name or city that is empty once reduced', () => {
    expect(() => buildStaticBrCode({ ...base, name: '北京' })).toThrow(/name \(field 59\)/);
    expect(() => buildStaticBrCode({ ...base, city: '   ' })).toThrow(/city \(field 60\)/);
  });

  it('formats amounts from centavos', () => {
    expect(formatBrCodeAmount(1n)).toBe('0.01');
    expect(formatBrCodeAmount(99n)).toBe('0.99');
    expect(formatBrCodeAmount(100n)).toBe('1.00');
    expect(formatBrCodeAmount(123_456n)).toBe('1234.56');
    expect(formatBrCodeAmount(999_999_999_999n)).toBe('9999999999.99');
  });

  it('refuses zero, negative and over-10-digit amounts', () => {
    expect(() => buildStaticBrCode({ ...base, amountCents: 0n })).toThrow(/positive/);
    expect(() => buildStaticBrCode({ ...base, amountCents: -100n })).toThrow(/positive/);
    expect(() => buildDynamicBrCode({ url: 'pix.example.com/x', name: 'A', city: 'B', amountCents: 1_000_000_000_000n })).toThrow(/10 integer digits/);
    expect(() => formatBrCodeAmount(10 as unknown as bigint)).toThrow(TypeError);
  });

  it('validates static txids: 1-25 letters or digits, or ***', () => {
    expect(() => buildStaticBrCode({ ...base, txid: 'A'.repeat(25) })).not.toThrow();
    expect(() => buildStaticBrCode({ ...base, txid: '***' })).not.toThrow();
    for (const txid of ['', 'A'.repeat(26), 'PEDIDO-123', 'pedido 1', '**', 'PEDIDO\u00c7', '<script>']) {
      expect(() => buildStaticBrCode({ ...base, txid }), txid).toThrow(/txid/);
    }
  });

  it('refuses a template over 99 bytes and names the field', () => {
    expect(() => buildStaticBrCode({ ...base, key: 'a'.repeat(78) })).toThrow(/field 26 .*99/);
    expect(() => buildStaticBrCode({ ...base, key: 'a'.repeat(100) })).toThrow(/field 26-01 \(key\) is 100 bytes/);
    expect(() => buildStaticBrCode({ ...base, description: 'x'.repeat(60) })).toThrow(/field 26/);
    expect(() => buildDynamicBrCode({ url: `pix.example.com/${'a'.repeat(62)}`, name: 'A', city: 'B' })).toThrow(/field 26/);
    expect(() => buildDynamicBrCode({ url: `pix.example.com/${'a'.repeat(61)}`, name: 'A', city: 'B' })).not.toThrow();
  });

  it('refuses keys and URLs that are not plain ASCII tokens instead of altering them', () => {
    for (const key of ['', 'a b@example.com', 'jos\u00e9@example.com', 'a\nb']) {
      expect(() => buildStaticBrCode({ ...base, key }), JSON.stringify(key)).toThrow(/key/);
    }
    expect(() => buildDynamicBrCode({ url: 'http://pix.example.com/qr', name: 'A', city: 'B' })).toThrow(/https/);
    expect(() => buildDynamicBrCode({ url: 'https://', name: 'A', city: 'B' })).toThrow(/URL/);
  });

  it('writes the description as field 26-02', () => {
    const parsed = expectParsed(parseBrCode(buildStaticBrCode({ ...base, description: 'Dep\u00f3sito #42' })));
    expect(parsed.merchantAccount.description).toBe('Deposito #42');
    expect(buildStaticBrCode({ ...base, description: '🎲' })).toBe(BCB_STATIC);
  });
});

describe('parseBrCode refuses hostile and malformed input without throwing', () => {
  it.each([
    ['empty string', '', /empty/],
    ['10 kB string', '0'.repeat(10_240), /longer/],
    ['10 kB of repeated fields', '000201'.repeat(1_707), /longer/],
    ['non-ASCII', BCB_STATIC.replace('Fulano', 'Fulanõ'), /ASCII/],
    ['a control character', BCB_STATIC.replace('Fulano', 'Fula\u0000o'), /ASCII/],
    ['an emoji', `${BCB_STATIC.slice(0, -8)}🎲${BCB_STATIC.slice(-8)}`, /ASCII/],
    ['CRC off by one', BCB_STATIC.slice(0, -4) + '1D3E', /CRC mismatch/],
    ['CRC not hex', BCB_STATIC.slice(0, -4) + '1D3G', /hex/],
    ['no CRC', BCB_STATIC.slice(0, -8), /no CRC/],
    ['CRC field too short', BCB_STATIC.slice(0, -8) + '63031D3', /length 04/],
    ['trailing garbage', `${BCB_STATIC}X`, /trailing/],
    ['trailing field', `${BCB_STATIC}0000`, /trailing/],
    ['length too long', BCB_STATIC.replace('5913Fulano', '5999Fulano'), /runs past the end/],
    ['length not digits', BCB_STATIC.replace('5913Fulano', '59x3Fulano'), /malformed/],
    ['truncated header', '000', /malformed/],
    ['truncated value', '00020', /runs past the end/],
    ['only the payload format', '000201', /no CRC/],
    ['whitespace', '   ', /malformed/],
  ])('%s', (_label, code, reason) => {
    expectRejected(code, reason);
  });

  it('refuses wrong lengths even when the CRC is recomputed', () => {
    // 5912 makes 59 one byte short, so the next header starts inside the name's last letter.
    expectRejected(withCrc(BCB_STATIC.slice(0, -8).replace('5913Fulano', '5912Fulano')), /malformed|field/);
    expectRejected(withCrc(BCB_STATIC.slice(0, -8).replace('62070503***', '62080503***')), /./);
    expectRejected(withCrc(BCB_STATIC.slice(0, -8).replace('0136123e', '0137123e')), /field 26/);
  });

  it.each([
    ['00', /field 00/],
    ['26', /merchant account/],
    ['52', /field 52/],
    ['53', /field 53/],
    ['58', /field 58/],
    ['59', /field 59/],
    ['60', /field 60/],
  ])('refuses a code without field %s', (id, reason) => {
    expectRejected(codeFrom(withoutField(id)), reason);
  });

  it('refuses wrong values in mandatory fields', () => {
    expectRejected(codeFrom(replaceField('00', '02')), /field 00/);
    expectRejected(codeFrom([...STATIC_FIELDS.slice(1, 2), STATIC_FIELDS[0]!, ...STATIC_FIELDS.slice(2)]), /first/);
    expectRejected(codeFrom(replaceField('53', '840')), /986/);
    expectRejected(codeFrom(replaceField('58', 'US')), /BR/);
    expectRejected(codeFrom(replaceField('52', '00a0')), /52/);
    expectRejected(codeFrom(replaceField('59', ' ')), /59/);
    expectRejected(codeFrom(replaceField('26', tlv('00', 'br.gov.bcb.pixx') + tlv('01', KEY))), /GUI/);
    expectRejected(codeFrom(replaceField('26', tlv('00', 'com.example') + tlv('01', KEY))), /GUI/);
    expectRejected(codeFrom(replaceField('26', tlv('01', KEY))), /GUI/);
    expectRejected(codeFrom(replaceField('26', tlv('00', 'br.gov.bcb.pix'))), /exactly one/);
    expectRejected(codeFrom(replaceField('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', KEY) + tlv('25', 'pix.example.com/x'))), /exactly one/);
    expectRejected(codeFrom(replaceField('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', ''))), /empty/);
    expectRejected(codeFrom(replaceField('26', `${tlv('00', 'br.gov.bcb.pix')}01`)), /field 26/);
    expectRejected(codeFrom(replaceField('62', '05')), /field 62/);
  });

  it('refuses bad amounts, initiation methods and duplicates', () => {
    const withAmount = (amount: string) => codeFrom([...STATIC_FIELDS.slice(0, 4), ['54', amount] as const, ...STATIC_FIELDS.slice(4)]);
    for (const amount of ['0.00', '0', '-1.00', '1,00', '1.001', '.50', '1e3', '12345678901.00', ' 1.00', '']) {
      expectRejected(withAmount(amount), /54/);
    }
    expectRejected(codeFrom([STATIC_FIELDS[0]!, ['01', '13'], ...STATIC_FIELDS.slice(1)]), /field 01/);
    expectRejected(codeFrom([STATIC_FIELDS[0]!, ['01', '12'], ...STATIC_FIELDS.slice(1)]), /single-use/);
    expect(parseBrCode(codeFrom([STATIC_FIELDS[0]!, ['01', '11'], ...STATIC_FIELDS.slice(1)])).ok).toBe(true);
    expectRejected(codeFrom([...STATIC_FIELDS, ['59', 'Outro Nome']]), /duplicate field 59/);
    expectRejected(codeFrom(replaceField('62', tlv('05', '***') + tlv('05', 'X'))), /duplicate sub-field/);
  });

  it('never throws on arbitrary strings (fuzz)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 400 }), fc.stringMatching(/^[0-9]{0,300}$/)), (code) => {
        expect(parseBrCode(code).ok).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never throws on mutated valid codes, and refuses every single-character change (fuzz)', () => {
    const codes = [BCB_STATIC, GIST_DYNAMIC, STATIC_AMOUNT_TXID, DYNAMIC_V2];
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.nat(),
        fc.constantFrom('replace', 'insert', 'delete'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        (code, at, operation, char) => {
          const index = at % code.length;
          const mutated =
            operation === 'delete'
              ? code.slice(0, index) + code.slice(index + 1)
              : code.slice(0, index) + char + code.slice(operation === 'replace' ? index + 1 : index);
          const result = parseBrCode(mutated);
          if (mutated !== code) expect(result.ok).toBe(false);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('never throws on well-framed TLV runs with a valid CRC (structure-aware fuzz)', () => {
    const field = fc.tuple(fc.stringMatching(/^[0-9]{2}$/), fc.string({ maxLength: 99 }).filter((value) => /^[\x20-\x7E]*$/.test(value)));
    const nested = fc.tuple(fc.constantFrom('26', '62'), fc.array(field, { maxLength: 4 }).map((children) => children.map(([id, value]) => tlv(id, value)).join('').slice(0, 99)));
    fc.assert(
      fc.property(fc.array(fc.oneof(field, nested), { maxLength: 12 }), (fields) => {
        const result = parseBrCode(codeFrom(fields));
        if (result.ok) {
          expect(result.merchantAccount.gui.toLowerCase()).toBe('br.gov.bcb.pix');
        } else {
          expect(typeof result.reason).toBe('string');
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('build → parse round trips', () => {
  const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
  const nameArb = text(40).filter((name) => sanitizeBrCodeText(name, 25) !== '');
  const cityArb = text(30).filter((city) => sanitizeBrCodeText(city, 15) !== '');
  const amountArb = fc.option(fc.bigInt({ min: 1n, max: 999_999_999_999n }), { nil: undefined });
  const keyArb = fc.oneof(
    fc.uuid(),
    fc.stringMatching(/^\+55[1-9]{2}9[0-9]{8}$/),
    fc.stringMatching(/^[0-9]{11}$/),
    fc.emailAddress().filter((email) => email.length <= 40 && /^[\x21-\x7E]+$/.test(email)),
  );

  it('static codes', () => {
    fc.assert(
      fc.property(
        keyArb,
        nameArb,
        cityArb,
        amountArb,
        fc.option(fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), fc.constant('***')), { nil: undefined }),
        fc.option(text(30), { nil: undefined }),
        (key, name, city, amountCents, txid, description) => {
          const code = buildStaticBrCode({ key, name, city, amountCents, txid, description });
          const parsed = expectParsed(parseBrCode(code));
          expect(parsed.initiation).toBe('static');
          expect(parsed.merchantAccount.key).toBe(key);
          expect(parsed.merchantAccount.url).toBeUndefined();
          const expectedDescription = description === undefined ? '' : sanitizeBrCodeText(description, 99);
          expect(parsed.merchantAccount.description).toBe(expectedDescription === '' ? undefined : expectedDescription);
          expect(parsed.name).toBe(sanitizeBrCodeText(name, 25));
          expect(parsed.city).toBe(sanitizeBrCodeText(city, 15));
          expect(parsed.amountCents).toBe(amountCents);
          expect(parsed.txid).toBe(txid ?? '***');
          expect(code).toMatch(/^[\x20-\x7E]+$/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('dynamic codes', () => {
    const urlArb = fc
      .webUrl({ validSchemes: ['https'] })
      .map((url) => url.replace(/^https:\/\//, ''))
      .filter((url) => url.length > 0 && url.length <= 77 && /^[\x21-\x7E]+$/.test(url) && !url.includes('://'));
    fc.assert(
      fc.property(urlArb, nameArb, cityArb, amountArb, (url, name, city, amountCents) => {
        const parsed = expectParsed(parseBrCode(buildDynamicBrCode({ url, name, city, amountCents })));
        expect(parsed).toMatchObject({ initiation: 'dynamic', merchantAccount: { gui: 'br.gov.bcb.pix', url }, txid: '***' });
        expect(parsed.fields[1]).toEqual({ id: '01', value: '12' });
        expect(parsed.amountCents).toBe(amountCents);
      }),
      { numRuns: 500 },
    );
  });
});
