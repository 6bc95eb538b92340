import fc from 'fast-check';
import { arbitraryOf, conforms, conformsAsText, type Hints, type JsonSchema } from './json-schema.ts';
import type { Operation, Parameter } from './operations.ts';

/**
 * A request before the caller's credentials are added: values per part, the body as a value or
 * as raw text (malformed JSON, a numeral JSON cannot hold), and what was done to it.
 */
export interface Draft {
  path: Record<string, string>;
  /** Percent-encoded already (raw bad encodings survive). */
  rawPath: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  /** Replaces the caller's Authorization header (a broken credential). */
  authorization?: string;
  /** Set by a mutation that no schema check can judge (malformed JSON, wrong media type, too large): always invalid. */
  brokenTransport?: boolean;
  mutation: string;
}

export type { Hints };

const HOSTILE_TEXT = [
  "' OR '1'='1",
  '1; DROP TABLE wallet_entry;--',
  '"; select pg_sleep(5); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'a\u0000b',
  '\u0000',
  '\u202Eevil\u202C',
  '𝕏😀👩‍👩‍👧',
  '\uD800',
  '\uFFFE\uFFFF',
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '9'.repeat(400),
  '-9223372036854775809',
  '1e309',
  '-1',
  '0x10',
  'NaN',
  'Infinity',
  ' ',
  '',
  'null',
  '__proto__',
  'constructor',
  'ñ'.repeat(300),
  'x\r\nSet-Cookie: a=1',
];

const HOSTILE_NUMBERS = [-1, 0, 1.5, 1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2];
/** Numerals written into the JSON text as they are: JSON.parse turns them into Infinity, 1e+400, lost precision. */
const RAW_NUMERALS = ['1e400', '-1e400', '9'.repeat(400), '-0', '1.00000000000000000000001', '123456789012345678901234567890'];
const MALFORMED_JSON = ['{"a":', "{'a':1}", '{"a":1}}', 'NaN', '[1,2', '{"a":"\\x00"}', '\u0000', '{"a":1,"a":2,', 'undefined', '{"__proto__":{"x":1}}'];
const WRONG_MEDIA_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'image/png'];
const BROKEN_AUTHORIZATION = ['Bearer ', 'Bearer x', `Bearer ${'A'.repeat(5000)}`, 'Basic YWRtaW46YWRtaW4=', 'bearer null', "Bearer ' OR 1=1 --", 'Bearer ../../../../etc/passwd', 'Token abc'];

/** Over the server's 1 MiB body limit (built once: the generator would otherwise build it per draft). */
const OVER_ONE_MIB = JSON.stringify({ padding: 'x'.repeat(1_100_000) });
const TEN_THOUSAND = 'x'.repeat(10_000);

/** Header values must be printable ASCII on the wire (Node refuses the rest before sending). */
const HEADER_SAFE = /^[\x20-\x7e]*$/;

const validDrafts = new WeakMap<Operation, fc.Arbitrary<Draft>>();

/** Requests the schemas accept (built once per operation: regular expressions are costly to compile into generators). */
export function validDraft(operation: Operation, hints: Hints): fc.Arbitrary<Draft> {
  let arbitrary = validDrafts.get(operation);
  if (!arbitrary) validDrafts.set(operation, (arbitrary = buildValidDraft(operation, hints)));
  return arbitrary;
}

function buildValidDraft(operation: Operation, hints: Hints): fc.Arbitrary<Draft> {
  const param = (parameter: Parameter) => {
    const generated = arbitraryOf(parameter.schema, hints).map(String);
    return fc.tuple(generated, fc.boolean(), fc.nat()).map(([value, useKnown, pick]) => {
      if (!useKnown) return value;
      const known = (hints[parameter.name] ?? []).filter((candidate) => conformsAsText(parameter.schema, candidate));
      return known.length ? known[pick % known.length]! : value;
    });
  };
  const optional = (parameter: Parameter) => (parameter.required ? param(parameter) : fc.option(param(parameter), { nil: undefined, freq: 2 }));
  // Header values must be printable ASCII: free-text headers (x-signature) get hex digits.
  const headerParam = (parameter: Parameter) => (parameter.schema.pattern || parameter.schema.enum ? param(parameter) : fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 64 }));
  const record = (parameters: Parameter[], of = optional) => fc.tuple(...parameters.map(of)).map((values) => Object.fromEntries(parameters.flatMap((parameter, index) => (values[index] === undefined ? [] : [[parameter.name, values[index]!]]))));
  return fc
    .record({
      path: record(operation.pathParams),
      query: record(operation.queryParams),
      headers: record(operation.headerParams, (parameter) => (parameter.required ? headerParam(parameter) : fc.option(headerParam(parameter), { nil: undefined, freq: 2 }))).map((values) => Object.fromEntries(Object.entries(values).filter(([, value]) => HEADER_SAFE.test(value)))),
      body: operation.body ? (operation.bodyRequired ? arbitraryOf(operation.body, hints) : fc.option(arbitraryOf(operation.body, hints), { nil: undefined, freq: 4 })) : fc.constant(undefined),
    })
    .map(({ path, query, headers, body }) => ({
      path,
      rawPath: {},
      query: Object.entries(query),
      headers,
      body,
      contentType: body === undefined ? undefined : 'application/json',
      mutation: 'none',
    }));
}

/** A valid request with one thing broken; whether it is still valid is judged afterwards (isInvalid). */
export function invalidDraft(operation: Operation, hints: Hints): fc.Arbitrary<Draft> {
  return validDraft(operation, hints).chain((draft) => fc.oneof(...mutationsFor(operation, draft)));
}

function mutationsFor(operation: Operation, draft: Draft): fc.Arbitrary<Draft>[] {
  const mutations: fc.Arbitrary<Draft>[] = [];
  const change = (mutation: string, patch: Partial<Draft>): Draft => ({ ...draft, ...patch, mutation });
  if (operation.body) {
    const body = draft.body ?? {};
    const nodes = nodesOf(operation.body, body, []);
    const leaves = nodes.filter((node) => node.path.length > 0);
    const requiredPaths = nodes.flatMap((node) => (isRecord(node.value) ? (node.schema.required ?? []).filter((name) => name in (node.value as object)).map((name) => [...node.path, name]) : []));
    if (requiredPaths.length) mutations.push(fc.constantFrom(...requiredPaths).map((path) => change(`body: ${path.join('.')} missing`, { body: withoutPath(body, path) })));
    if (leaves.length) {
      mutations.push(
        fc.tuple(fc.constantFrom(...leaves), fc.nat()).map(([node, pick]) => {
          const wrong = wrongTypeFor(node.schema);
          return change(`body: ${node.path.join('.')} of the wrong type`, { body: withPath(body, node.path, wrong[pick % wrong.length]) });
        }),
        fc.tuple(fc.constantFrom(...leaves), fc.constantFrom(...HOSTILE_TEXT, ...HOSTILE_NUMBERS)).map(([node, hostile]) => change(`body: ${node.path.join('.')} hostile`, { body: withPath(body, node.path, hostile) })),
        fc.tuple(fc.constantFrom(...leaves), fc.constantFrom(...RAW_NUMERALS)).map(([node, numeral]) => {
          const marker = `__fuzz_numeral_${node.path.length}__`;
          return change(`body: ${node.path.join('.')} = ${numeral.slice(0, 20)}`, { rawBody: JSON.stringify(withPath(body, node.path, marker)).replace(`"${marker}"`, numeral), body: undefined, brokenTransport: true });
        }),
      );
      const strings = leaves.filter((node) => typeof node.value === 'string');
      if (strings.length) {
        mutations.push(
          fc.tuple(fc.constantFrom(...strings), fc.constantFrom(1, 10_000)).map(([node, extra]) =>
            change(`body: ${node.path.join('.')} oversized`, { body: withPath(body, node.path, 'x'.repeat((node.schema.maxLength ?? 1000) + extra)) }),
          ),
        );
      }
    }
    mutations.push(
      fc.constantFrom<unknown>([], 'text', 42, null, true, [body]).map((replacement) => change('body: top level of the wrong type', { body: replacement })),
      fc.constant(change('body: extra fields', { rawBody: withExtraFields(body), body: undefined })),
      fc.constantFrom(...MALFORMED_JSON).map((text) => change('body: malformed JSON', { rawBody: text, body: undefined, brokenTransport: true })),
      // The provider API does not check the content type (docs/provider-integration.md), and a JSON
      // media type with a charset parameter is still JSON to the server (it reads UTF-8): there, the body alone decides.
      fc.constantFrom(...WRONG_MEDIA_TYPES).map((contentType) =>
        change(`body: sent as ${contentType}`, { rawBody: JSON.stringify(body), body: undefined, contentType, brokenTransport: !operation.isProvider && !contentType.startsWith('application/json') }),
      ),
      fc.constant(change('body: over 1 MiB', { rawBody: OVER_ONE_MIB, body: undefined, brokenTransport: true })),
    );
  }
  for (const parameter of operation.queryParams) {
    mutations.push(
      fc.constantFrom(...HOSTILE_TEXT, TEN_THOUSAND, ...wrongTypeFor(parameter.schema).map(String)).map((value) => change(`query: ${parameter.name} hostile`, { query: [...draft.query.filter(([name]) => name !== parameter.name), [parameter.name, value]] })),
      fc.constant(change(`query: ${parameter.name} twice`, { query: [...draft.query, [parameter.name, '1'], [parameter.name, '2']] })),
    );
    if (parameter.required) mutations.push(fc.constant(change(`query: ${parameter.name} missing`, { query: draft.query.filter(([name]) => name !== parameter.name) })));
  }
  for (const parameter of operation.pathParams) {
    mutations.push(
      fc.constantFrom(...HOSTILE_TEXT.filter(Boolean), 'x'.repeat(199), ...wrongTypeFor(parameter.schema).map(String).filter(Boolean)).map((value) => change(`path: ${parameter.name} hostile`, { path: { ...draft.path, [parameter.name]: value } })),
      fc.constantFrom('%E0%A4%A', '%00', '..%2F..%2F', '%FF%FE', 'x'.repeat(260)).map((raw) => change(`path: ${parameter.name} raw ${raw.slice(0, 12)}`, { rawPath: { [parameter.name]: raw } })),
    );
  }
  for (const parameter of operation.headerParams) {
    mutations.push(fc.constantFrom(...HOSTILE_TEXT.filter((text) => HEADER_SAFE.test(text)), 'x'.repeat(5000)).map((value) => change(`header: ${parameter.name} hostile`, { headers: { ...draft.headers, [parameter.name]: value } })));
  }
  if (operation.audience !== 'public' || operation.isProvider) {
    mutations.push(fc.constantFrom(...BROKEN_AUTHORIZATION).map((authorization) => change('header: broken Authorization', { authorization })));
  }
  if (mutations.length === 0) mutations.push(fc.constant(change('query: unknown parameter', { query: [...draft.query, ['__fuzz', "' OR 1=1"]] })));
  return mutations;
}

/**
 * Whether the server must refuse the draft before its handler runs: a part the schemas do not
 * accept, a transport the server does not take, or a broken credential on a route that needs one.
 */
export function isInvalid(operation: Operation, draft: Draft): boolean {
  if (draft.brokenTransport) return true;
  if (Object.keys(draft.rawPath).length) return true;
  if (draft.authorization !== undefined && operation.audience !== 'public') return true;
  const partInvalid = (parameters: Parameter[], value: (name: string) => string | undefined) => parameters.some((parameter) => (value(parameter.name) === undefined ? parameter.required : !conformsAsText(parameter.schema, value(parameter.name))));
  if (partInvalid(operation.pathParams, (name) => draft.path[name])) return true;
  if (partInvalid(operation.headerParams, (name) => draft.headers[name])) return true;
  const queryValues = new Map<string, string[]>();
  for (const [name, value] of draft.query) queryValues.set(name, [...(queryValues.get(name) ?? []), value]);
  // A repeated parameter arrives as an array, which no declared (scalar) parameter accepts.
  if (operation.queryParams.some((parameter) => (queryValues.get(parameter.name)?.length ?? 0) > 1)) return true;
  if (partInvalid(operation.queryParams, (name) => queryValues.get(name)?.[0])) return true;
  if (operation.body && draft.rawBody === undefined) {
    if (draft.body === undefined) return operation.bodyRequired;
    return !conforms(operation.body, draft.body);
  }
  if (operation.body && draft.rawBody !== undefined) {
    try {
      return !conforms(operation.body, JSON.parse(draft.rawBody));
    } catch {
      return true;
    }
  }
  return false;
}

interface Node {
  path: string[];
  schema: JsonSchema;
  value: unknown;
}

/** Every value in the body with the schema that governs it (the first matching branch of a union). */
function nodesOf(schema: JsonSchema, value: unknown, path: string[]): Node[] {
  const branch = (schema.anyOf ?? schema.oneOf)?.find((choice) => conforms(choice, value));
  const effective = branch ? { ...schema, ...branch } : schema;
  const nodes: Node[] = [{ path, schema: effective, value }];
  if (isRecord(value)) {
    for (const [name, item] of Object.entries(value)) {
      const child = effective.properties?.[name] ?? (typeof effective.additionalProperties === 'object' ? effective.additionalProperties : {});
      nodes.push(...nodesOf(child, item, [...path, name]));
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nodes.push(...nodesOf(effective.items ?? {}, item, [...path, String(index)])));
  }
  return nodes;
}

function wrongTypeFor(schema: JsonSchema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return [123, true, null, [], {}, ['a']];
    case 'integer':
    case 'number':
      return ['12', 'abc', 1.5, true, null, [], {}];
    case 'boolean':
      return ['true', 1, null, 'yes'];
    case 'array':
      return ['a', {}, 1, null];
    case 'object':
      return ['a', [], 1, null];
    default:
      return [[[[[]]]], { nested: { deeper: [1, '2', null] } }];
  }
}

function withExtraFields(body: unknown): string {
  const extra = '"isAdmin":true,"balance":"999999999.99","memberId":"1","role":"owner","constructor":{"prototype":{"isAdmin":true}}';
  if (isRecord(body)) {
    const text = JSON.stringify(body);
    return text === '{}' ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`;
  }
  return `{${extra}}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withPath(root: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(root)) return root.map((item, index) => (String(index) === head ? withPath(item, rest, replacement) : item));
  const record = isRecord(root) ? root : {};
  return { ...record, [head]: withPath(record[head], rest, replacement) };
}

function withoutPath(root: unknown, path: string[]): unknown {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (Array.isArray(root)) return root.filter((_, index) => String(index) !== head);
    const { [head]: _removed, ...others } = (root ?? {}) as Record<string, unknown>;
    return others;
  }
  if (Array.isArray(root)) return root.map((item, index) => (String(index) === head ? withoutPath(item, rest) : item));
  const record = isRecord(root) ? root : {};
  return { ...record, [head]: withoutPath(record[head], rest) };
}
