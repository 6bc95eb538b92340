import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { testLogger } from '../../../test/test-context.ts';
import { loadConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db.ts';
import { createHttpApp, type HttpApp } from './app.ts';

const OPS_TOKEN = 'ops-token-0123456789abcdef0123456789';

function dist(html: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
}

/** Issue 18: CSP on both sites, HSTS over HTTPS, and /metrics and /api/docs closed in production. */
describe('production headers and operator-only endpoints', () => {
  let dbHandle: DbHandle;
  let production: HttpApp;
  let development: HttpApp;

  beforeAll(async () => {
    const url = await createTestDatabase();
    dbHandle = createDb({ connectionString: url, max: 2, logger: testLogger });
    const env = { DATABASE_URL: url, IMAGE_CDN_BASE: 'https://img.example-cdn.net/games/', TRUST_PROXY_HOPS: '1' };
    const productionConfig = loadConfig({ ...env, NODE_ENV: 'production', BACKOFFICE_TOTP_KEY: '3c9f1e7a0b5d2486'.repeat(4), PUBLIC_URL: 'https://bet.example.com', PAYMENTS_ALLOW_SANDBOX: 'true', OPS_TOKEN, OPS_ALLOWED_IPS: '10.0.0.7' });
    const sites = { webDistDir: dist('<p>player</p>'), adminDistDir: dist('<p>console</p>') };
    production = await createHttpApp({ config: productionConfig, logger: testLogger, db: dbHandle.db, ...sites });
    development = await createHttpApp({ config: loadConfig({ ...env, NODE_ENV: 'test' }), logger: testLogger, db: dbHandle.db, ...sites });
    production.get('/api/test/own-policy', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send('<svg/>'));
    await Promise.all([production.ready(), development.ready()]);
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
    await dbHandle?.close();
  });

  function directives(header: unknown): Map<string, string[]> {
    expect(typeof header).toBe('string');
    return new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name!, values]),
    );
  }

  it('sends a Content-Security-Policy without inline scripts on the player site, with the image CDN allowed', async () => {
    const page = await production.inject({ url: '/login' });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toContain('https://img.example-cdn.net');
    expect(csp.get('connect-src')).toContain("'self'");
    // The API's answers carry it too (a JSON body opened in a tab runs nothing either).
    expect(directives((await production.inject({ url: '/api/nope' })).headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it("keeps a route's own policy (uploaded SVGs, the sandbox game page set stricter ones)", async () => {
    const own = await production.inject({ url: '/api/test/own-policy' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it('sends the console a CSP that no page may frame', async () => {
    const page = await production.inject({ url: '/admin/' });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends HSTS only over HTTPS', async () => {
    const secure = await production.inject({ url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    const plain = await production.inject({ url: '/login' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses /metrics and /api/docs in production without the operator token or an allowed address', async () => {
    for (const url of ['/metrics', '/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const refused = await production.inject({ url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error.code, url).toBe('route.not_found');
      const wrongToken = await production.inject({ url, headers: { authorization: 'Bearer not-the-token' } });
      expect(wrongToken.statusCode, url).toBe(404);
      // One trusted hop: the proxy appended the real client; an allowed address before it is the client's claim.
      const forwardedFromAllowed = await production.inject({ url, headers: { 'x-forwarded-for': '10.0.0.7, 198.51.100.9' } });
      expect(forwardedFromAllowed.statusCode, `${url} spoofed`).toBe(404);
    }
    const withToken = await production.inject({ url: '/metrics', headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_request_duration_seconds');
    const docs = await production.inject({ url: '/api/docs/json', headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(docs.statusCode).toBe(200);
    const fromAllowed = await production.inject({ url: '/metrics', remoteAddress: '10.0.0.7' });
    expect(fromAllowed.statusCode).toBe(200);
  });

  it('keeps /metrics and /api/docs open outside production, the docs with their own relaxed CSP', async () => {
    expect((await development.inject({ url: '/metrics' })).statusCode).toBe(200);
    const docs = await development.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    // Swagger UI styles itself inline and shows data: images; its scripts are still files.
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
    expect(csp.get('img-src')).toContain('data:');
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});
