import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * Issue 18: URLs the router refuses before any route runs (a bad %-encoding, a path parameter
 * over 200 characters) answer the documented error shape, never the framework's own body.
 */
describe('the HTTP edge refuses malformed URLs in the documented shape', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  const long = 'a'.repeat(201);

  it('answers a bad %-encoding or an over-long path parameter with 400 request.malformed', async () => {
    for (const url of ['/api/payments/deposits/%zz', '/api/payments/deposits/%E0%A4%A', `/api/payments/deposits/${long}`, '/api/%c0%af/x']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(Object.keys(body), url).toEqual(['error']);
      expect(body.error.code, url).toBe('request.malformed');
      expect(typeof body.error.message, url).toBe('string');
      expect(response.headers['x-request-id'], url).toBeDefined();
      expect(response.headers['content-security-policy'], url).toBeDefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers the provider protocol INVALID_REQUEST under /provider/', async () => {
    for (const url of ['/provider/v1/%zz/balance', `/provider/v1/${long}/balance`, `/provider/v1/DEMOVENDOR/${long}`]) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(body.error.code, url).toBe('INVALID_REQUEST');
      expect(typeof body.error.message, url).toBe('string');
    }
  });
});
