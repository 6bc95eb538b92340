import fc from 'fast-check';

/**
 * The part of JSON Schema (2020-12, as fastify-type-provider-zod writes the OpenAPI document)
 * that the server's request schemas use. Anything else is treated as "accepts anything".
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Longest free text generated for a field without its own maximum: long enough to matter, cheap to send. */
const FREE_TEXT_MAX = 60;
/** Collections stay small: the point is shape coverage, not volume. */
const COLLECTION_MAX = 4;
const INT32 = 2 ** 31 - 1;

const DAY_MS = 86_400_000;
const RECENT_DAY = fc.integer({ min: -120, max: 2 }).map((days) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * Values that exist on the fuzzed site, by field or parameter name. The lists grow during a run
 * (ids read from answers), so they are read when a value is drawn, not when the generator is built.
 */
export type Hints = Record<string, string[]>;

/**
 * Half the time a value the site has, when one fits the schema (requests then reach real
 * records), else the generated one.
 */
export function withHints(name: string, schema: JsonSchema, generated: fc.Arbitrary<unknown>, hints: Hints | undefined): fc.Arbitrary<unknown> {
  if (!hints) return generated;
  return fc.tuple(generated, fc.boolean(), fc.nat()).map(([value, useKnown, pick]) => {
    if (!useKnown) return value;
    const known = (hints[name] ?? []).filter((candidate) => conforms(schema, candidate));
    return known.length ? known[pick % known.length] : value;
  });
}

/** Generates values the schema accepts (when it can; a pattern it cannot honour yields a best effort). */
export function arbitraryOf(schema: JsonSchema, hints?: Hints, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, hints, depth)));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf), hints, depth);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, hints, depth)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({ min: lowerBound(schema) ?? -1e9, max: upperBound(schema) ?? 1e9, noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, hints, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? COLLECTION_MAX, COLLECTION_MAX)) });
    case 'object':
      return objectArbitrary(schema, hints, depth);
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, FREE_TEXT_MAX);
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    // stringMatching honours the pattern; lengths the pattern leaves open are filtered.
    const matching = fc.stringMatching(pattern).filter(fits);
    // A day pattern matches 2026-13-45 as well: real days near today are drawn too, so date
    // ranges (reports, records) also run, not only their refusals.
    if (pattern.test('2026-11-30')) return fc.oneof(matching, RECENT_DAY, RECENT_DAY);
    return matching;
  }
  const length = { minLength, maxLength: Math.min(maxLength, FREE_TEXT_MAX * 4) };
  // Mostly plain words; sometimes any Unicode (zod counts UTF-16 units, as `fits` does).
  return fc.oneof({ weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 '), ...length }) }, { weight: 1, arbitrary: fc.string({ unit: 'grapheme', ...length }) }).filter(fits);
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.ceil(lowerBound(schema) ?? -1e6);
  const max = Math.floor(upperBound(schema) ?? 1e9);
  if (min >= -INT32 && max <= INT32) return fc.integer({ min, max });
  return fc.bigInt({ min: BigInt(Math.max(min, Number.MIN_SAFE_INTEGER)), max: BigInt(Math.min(max, Number.MAX_SAFE_INTEGER)) }).map(Number);
}

function lowerBound(schema: JsonSchema): number | undefined {
  if (schema.exclusiveMinimum !== undefined) return schema.type === 'integer' ? schema.exclusiveMinimum + 1 : schema.exclusiveMinimum + 1e-6;
  return schema.minimum;
}

function upperBound(schema: JsonSchema): number | undefined {
  if (schema.exclusiveMaximum !== undefined) return schema.type === 'integer' ? schema.exclusiveMaximum - 1 : schema.exclusiveMaximum - 1e-6;
  return schema.maximum;
}

function objectArbitrary(schema: JsonSchema, hints: Hints | undefined, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0 && typeof schema.additionalProperties === 'object') {
    const key = schema.propertyNames ? (stringArbitrary(schema.propertyNames) as fc.Arbitrary<string>) : fc.string({ minLength: 1, maxLength: 12 });
    return fc.dictionary(key.filter((name) => name !== '__proto__'), arbitraryOf(schema.additionalProperties, hints, depth + 1), { maxKeys: COLLECTION_MAX });
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) model[name] = withHints(name, properties[name]!, arbitraryOf(properties[name]!, hints, depth + 1), hints);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}

/**
 * Whether `value` is accepted by the schema: the fuzzer's own judgement of "valid", so a mutation
 * that happens to stay valid (an extra field zod strips, free text that allows anything) is
 * counted with the valid requests, which may move money, and not with the invalid ones.
 */
export function conforms(schema: JsonSchema, value: unknown): boolean {
  if (schema.const !== undefined && !sameJson(schema.const, value)) return false;
  if (schema.enum && !schema.enum.some((option) => sameJson(option, value))) return false;
  if (schema.anyOf && !schema.anyOf.some((choice) => conforms(choice, value))) return false;
  if (schema.oneOf && schema.oneOf.filter((choice) => conforms(choice, value)).length !== 1) return false;
  if (schema.allOf && !schema.allOf.every((part) => conforms(part, value))) return false;
  if (schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.some((type) => conformsAs(type, schema, value));
}

function conformsAs(type: string, schema: JsonSchema, value: unknown): boolean {
  switch (type) {
    case 'string': {
      if (typeof value !== 'string') return false;
      const length = [...value].length;
      if (schema.minLength !== undefined && length < schema.minLength) return false;
      if (schema.maxLength !== undefined && length > schema.maxLength) return false;
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return false;
      if (schema.format === 'uuid' && !UUID.test(value)) return false;
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return false;
      return true;
    }
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (type === 'integer' && !Number.isInteger(value)) return false;
      if (schema.minimum !== undefined && value < schema.minimum) return false;
      if (schema.maximum !== undefined && value > schema.maximum) return false;
      if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
      if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
      return true;
    }
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array': {
      if (!Array.isArray(value)) return false;
      if (schema.minItems !== undefined && value.length < schema.minItems) return false;
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
      return schema.items ? value.every((item) => conforms(schema.items!, item)) : true;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      const properties = schema.properties ?? {};
      if ((schema.required ?? []).some((name) => record[name] === undefined)) return false;
      for (const [name, item] of Object.entries(record)) {
        if (item === undefined) continue;
        const declared = properties[name];
        if (declared) {
          if (!conforms(declared, item)) return false;
        } else if (schema.additionalProperties === false) {
          return false;
        } else if (typeof schema.additionalProperties === 'object') {
          if (schema.propertyNames && !conforms(schema.propertyNames, name)) return false;
          if (!conforms(schema.additionalProperties, item)) return false;
        }
      }
      return true;
    }
    default:
      return true;
  }
}

/**
 * A query, path or header value arrives as text; the server's schema coerces it to the
 * declared type first (z.coerce, or the string itself), and so does this check.
 */
export function conformsAsText(schema: JsonSchema, text: string | undefined): boolean {
  if (text === undefined) return true;
  const candidates: unknown[] = [text];
  // z.coerce.number() reads '' as 0 and '0x10' as 16: judged the same way, so "valid" errs wide.
  if (Number.isFinite(Number(text))) candidates.push(Number(text));
  if (text === 'true' || text === 'false') candidates.push(text === 'true');
  return candidates.some((candidate) => conforms(schema, candidate));
}

function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
