import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testLogger, type TestContext } from '../../../test/test-context.ts';
import { precompressDir } from '../../../../../scripts/vite-precompress.ts';
import { createHttpApp, type HttpApp } from './app.ts';

const BIG_SCRIPT = Array.from({ length: 2000 }, (_, index) => `export const value${index} = ${index};`).join('\n');

function distWith(html: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'big-5678.js'), BIG_SCRIPT);
  precompressDir(dir);
  return dir;
}

/** The player SPA at the root and the operator console under /admin/, each with its own index.html. */
describe('serving the two single-page apps', () => {
  let ctx: TestContext;
  let app: HttpApp;
  beforeAll(async () => {
    ctx = await createTestContext();
    app = await createHttpApp({ config: ctx.config, logger: testLogger, db: ctx.core.db, webDistDir: distWith('<p>player</p>'), adminDistDir: distWith('<p>console</p>') });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });
  const html = { accept: 'text/html' };

  it('answers the console for /admin/ and every console route, the player site elsewhere', async () => {
    expect((await app.inject({ url: '/admin' })).headers.location).toBe('/admin/');
    const root = await app.inject({ url: '/admin/', headers: html });
    expect(root.body).toBe('<p>console</p>');
    expect(root.headers['x-frame-options']).toBe('DENY');
    expect((await app.inject({ url: '/admin/payments/withdrawals', headers: html })).body).toBe('<p>console</p>');
    expect((await app.inject({ url: '/wallet', headers: html })).body).toBe('<p>player</p>');
    expect((await app.inject({ url: '/', headers: html })).body).toBe('<p>player</p>');
  });

  it('answers a console path that is no console page with the console (its not-found page) and status 404', async () => {
    for (const url of ['/admin/members/12', '/admin/payments/withdrawals', '/admin/', '/admin/settings/site/']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<p>console</p>');
    }
    for (const url of ['/admin/no-such-page', '/admin/members/12/x', '/admin/Members']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe('<p>console</p>');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('serves hashed console assets for a year and answers a missing one with a JSON 404', async () => {
    const asset = await app.inject({ url: '/admin/assets/app-1234.js' });
    expect(asset.statusCode, asset.body).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ url: '/admin/assets/missing.js', headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBeDefined();
  });

  it('serves the player app to a plain GET of one of its pages, with no Accept header (link previews, robots)', async () => {
    for (const url of ['/login', '/register?ref=AB12', '/slot/HOUSE/fruit-1', '/vnLottery', '/promotions/']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<p>player</p>');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a path that is no page of the app with the app (its not-found page) and status 404', async () => {
    for (const [url, headers] of [['/no-such-page', html], ['/Login', {}], ['/slot/HOUSE', html], ['/robots.txt', {}], ['/wallet', html]] as const) {
      const response = await app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe('<p>player</p>');
      expect(response.headers['content-type'], url).toContain('text/html');
    }
  });

  it('keeps JSON 404s for server paths and for methods other than GET', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['GET', '/provider/v1/x'], ['GET', '/metrics/x'], ['GET', '/ws/x'], ['POST', '/login'], ['GET', '/assets/missing.js']] as const) {
      const response = await app.inject({ method, url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, `${method} ${url}`).toBe('route.not_found');
    }
  });

  it('sends a hashed asset precompressed by Accept-Encoding (brotli, then gzip), cached for a year and varying by encoding', async () => {
    const brotli = await app.inject({ url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    const gzip = await app.inject({ url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ url: '/assets/big-5678.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    const console = await app.inject({ url: '/admin/assets/big-5678.js', headers: { 'accept-encoding': 'br' } });
    expect(console.headers['content-encoding']).toBe('br');
    expect(console.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('precompresses only text files worth it at build time', () => {
    const dir = distWith('<p>x</p>');
    expect(existsSync(path.join(dir, 'assets', 'big-5678.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'big-5678.js.gz'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'app-1234.js.br'))).toBe(false);
  });
});
