import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../../test/test-database.ts';
import { testLogger } from '../../../test/test-context.ts';
import { loadConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db.ts';
import { createHttpApp, type HttpApp } from './app.ts';

/** The platform's error model, exercised through a route registered only for this test. */
describe('HTTP platform', () => {
  let app: HttpApp;
  let dbHandle: DbHandle;

  beforeAll(async () => {
    const url = await createTestDatabase();
    dbHandle = createDb({ connectionString: url, max: 2, logger: testLogger });
    app = await createHttpApp({ config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }), logger: testLogger, db: dbHandle.db });
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ name: z.string().min(1).max(20), count: z.number().int().min(0) }), response: { 200: z.object({ name: z.string() }) } } },
      async (request) => ({ name: request.body.name, leaked: 'not in the schema' }),
    );
    app.get('/api/test/crash', async () => {
      throw new Error('database password is hunter2');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dbHandle.close();
  });

  it('answers healthz ok while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('turns a schema violation into 400 validation.failed with field details', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '', count: -1 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation.failed');
    const paths = body.error.details.fields.map((field: { path: string }) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['body.name', 'body.count']));
  });

  it('answers malformed, empty, oversized and wrongly typed bodies with 4xx, never 500', async () => {
    const cases = [
      { payload: '{"name": "a", ', headers: { 'content-type': 'application/json' }, code: 'request.malformed', status: 400 },
      { payload: '', headers: { 'content-type': 'application/json' }, code: 'request.malformed', status: 400 },
      { payload: 'name=a', headers: { 'content-type': 'application/x-www-form-urlencoded' }, code: 'request.unsupported_media_type', status: 415 },
      { payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 }), headers: { 'content-type': 'application/json' }, code: 'request.too_large', status: 413 },
      { payload: JSON.stringify({ name: { $ne: null }, count: '1; drop table x' }), headers: { 'content-type': 'application/json' }, code: 'validation.failed', status: 400 },
      { payload: JSON.stringify({ name: 'a'.repeat(21), count: 1 }), headers: { 'content-type': 'application/json' }, code: 'validation.failed', status: 400 },
    ];
    for (const testCase of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: testCase.payload, headers: testCase.headers });
      expect(response.statusCode, testCase.code).toBe(testCase.status);
      expect(response.json().error.code).toBe(testCase.code);
    }
  });

  it('refuses NUL characters in bodies and URLs with 400, before they reach PostgreSQL', async () => {
    const body = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'a\u0000b', count: 1 } });
    expect(body.statusCode).toBe(400);
    expect(body.json().error).toMatchObject({ code: 'validation.failed', details: { fields: [{ path: 'body.name' }] } });
    const url = await app.inject({ method: 'GET', url: '/api/system/status?x=%00' });
    expect(url.statusCode).toBe(400);
  });

  it('refuses prototype poisoning in JSON bodies', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: '{"name":"a","count":1,"__proto__":{"admin":true}}', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
  });

  it('strips fields the response schema does not declare', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ana', count: 1 } });
    expect(response.json()).toEqual({ name: 'ana' });
  });

  it('hides the cause of an unexpected failure', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'system.internal', message: 'internal error' } });
    expect(response.body).not.toMatch(/hunter2|at .*\.ts/);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/nothing/here?x=<script>' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('route.not_found');
  });

  it('keeps a well-formed request id from the edge and replaces a hostile one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'edge-12345678' } });
    expect(kept.headers['x-request-id']).toBe('edge-12345678');
    const replaced = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': '<script>alert(1)</script>' } });
    expect(replaced.headers['x-request-id']).not.toContain('<');
  });

  it('publishes the OpenAPI document and the reference page', async () => {
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json().openapi).toMatch(/^3\./);
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBeLessThan(400);
  });

  it('exposes Prometheus metrics including request latency', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('http_request_duration_seconds');
    expect(response.body).toContain('process_cpu_seconds_total');
  });
});

describe('healthz without a database', () => {
  it('answers 503 unavailable when the database does not answer', async () => {
    const dead = createDb({ connectionString: 'postgres://nobody:nothing@127.0.0.1:1/none', max: 1, logger: testLogger });
    const app = await createHttpApp({ config: loadConfig({ NODE_ENV: 'test' }), logger: testLogger, db: dead.db });
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await app.close();
    await dead.close();
  });
});
