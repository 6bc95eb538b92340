import { describe, expect, it } from 'vitest';
import { conforms, conformsAsText } from './json-schema.ts';
import { problemWith } from './oracle.ts';

/** The fuzzer's judges, checked on their own: a checker that never complains proves nothing. */
describe('fuzz oracle', () => {
  const json = 'application/json; charset=utf-8';
  const answer = (status: number, body: unknown, contentType = json) => ({ status, contentType, body: JSON.stringify(body) });

  it('accepts the documented app error shape with the status its code maps to', () => {
    expect(problemWith(answer(400, { error: { code: 'validation.failed', message: 'the request is invalid', details: { fields: [] } } }), false)).toBeUndefined();
    expect(problemWith(answer(401, { error: { code: 'auth.required', message: 'log in' } }), false)).toBeUndefined();
    expect(problemWith(answer(200, { anything: true }), false)).toBeUndefined();
  });

  it('refuses 5xx, unknown codes, wrong statuses, extra keys and non-JSON errors', () => {
    expect(problemWith(answer(500, { error: { code: 'system.internal', message: 'internal error' } }), false)).toMatch(/server error/);
    expect(problemWith(answer(503, { error: { code: 'system.unavailable', message: 'later' } }), false)).toMatch(/server error/);
    expect(problemWith(answer(400, { error: { code: 'no.such_code', message: 'x' } }), false)).toMatch(/unknown error code/);
    expect(problemWith(answer(404, { error: { code: 'validation.failed', message: 'x' } }), false)).toMatch(/its table says 400/);
    expect(problemWith(answer(400, { error: { code: 'validation.failed', message: 'x', stack: 'at …' } }), false)).toMatch(/not \{ code, message, details\? \}/);
    expect(problemWith(answer(400, { message: 'Bad Request', statusCode: 400 }), false)).toMatch(/not \{ error \}/);
    expect(problemWith({ status: 404, contentType: 'text/html', body: '<h1>Not found</h1>' }, false)).toMatch(/answered as text\/html/);
  });

  it('judges the provider API by its own protocol', () => {
    expect(problemWith(answer(402, { error: { code: 'INSUFFICIENT_FUNDS', message: 'no' }, balance: '1.00' }), true)).toBeUndefined();
    expect(problemWith(answer(400, { error: { code: 'validation.failed', message: 'x' } }), true)).toMatch(/unknown provider error code/);
    expect(problemWith(answer(400, { error: { code: 'INVALID_SIGNATURE', message: 'x' } }), true)).toMatch(/the protocol says 401/);
  });

  it('judges values as the schemas do, text parameters after coercion', () => {
    const amount = { type: 'string', pattern: '^\\d{1,9}\\.\\d{2}$' };
    expect(conforms(amount, '10.00')).toBe(true);
    expect(conforms(amount, '10')).toBe(false);
    const body = { type: 'object', properties: { amount, note: { type: 'string', maxLength: 3 } }, required: ['amount'], additionalProperties: false };
    expect(conforms(body, { amount: '1.00' })).toBe(true);
    expect(conforms(body, { note: 'a' })).toBe(false);
    expect(conforms(body, { amount: '1.00', extra: 1 })).toBe(false);
    expect(conforms(body, { amount: '1.00', note: 'abcd' })).toBe(false);
    expect(conformsAsText({ type: 'integer', minimum: 1, maximum: 100 }, '20')).toBe(true);
    expect(conformsAsText({ type: 'integer', minimum: 1, maximum: 100 }, 'x')).toBe(false);
  });
});
