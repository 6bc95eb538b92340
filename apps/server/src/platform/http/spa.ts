import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { isConsolePath, isWebAppPath } from '@app/contracts';
import { AppError } from '@app/kernel';
import { sendError, sendNotFound } from './error-handler.ts';
import type { HttpApp } from './http-app.ts';

/** Paths that belong to the server; an unknown one is a JSON 404, never the SPA. */
const SERVER_PREFIXES = ['/api', '/provider', '/ws', '/metrics', '/healthz', '/assets', '/media', '/sandbox-vendor', '/sandbox-pix'];

/**
 * Serves the built player SPA. Hashed assets are cached for a year; index.html never is, so a
 * deploy reaches players on their next navigation. Any other GET outside the server's paths gets
 * index.html: 200 for a page of the app (WEB_APP_PATHS), 404 with the app's not-found page otherwise.
 */
export async function installSpa(app: HttpApp, distDir: string, adminDistDir?: string) {
  const indexFile = path.join(distDir, 'index.html');
  const adminIndexFile = adminDistDir ? path.join(adminDistDir, 'index.html') : undefined;
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found; run `npm run build -w @app/web`');
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each asset (scripts/vite-precompress.ts): sent by Accept-Encoding, with Vary.
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  if (adminDistDir) await installConsole(app, adminDistDir);

  // The root is a directory to the static plugin (which would answer 403): it is the SPA.
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isServerPath = SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    if (pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`)) {
      // A console page (CONSOLE_PATHS) or else its not-found page with 404; a missing console asset is a plain 404.
      if (adminDistDir && adminIndexFile && existsSync(adminIndexFile) && isPage && !path.extname(pathname)) {
        return reply
          .code(isConsolePath(pathname) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .header('x-frame-options', 'DENY')
          .sendFile('index.html', adminDistDir);
      }
      return sendNotFound(request, reply);
    }
    if (isServerPath || !isPage) return sendNotFound(request, reply);
    if (!existsSync(indexFile)) return sendError(reply, new AppError('system.unavailable', 'the web application has not been built'));
    // Every GET gets the app, whatever it accepts (link previews, robots); a path that is no page
    // of the app gets it with 404, and the app's router shows its not-found page there.
    return reply
      .code(isWebAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });
}

/** Where the operator console (apps/admin, built with base /admin/) is served. */
const CONSOLE_PREFIX = '/admin';

/**
 * The back-office console under /admin/: its hashed assets cached for a year, its index.html
 * never, and never framed by another page (clickjacking of operator actions).
 */
async function installConsole(app: HttpApp, adminDistDir: string) {
  if (!existsSync(path.join(adminDistDir, 'index.html'))) {
    app.log.warn({ adminDistDir }, 'console build not found; run `npm run build -w @app/admin`');
  }
  await app.register(fastifyStatic, {
    root: adminDistDir,
    prefix: `${CONSOLE_PREFIX}/`,
    decorateReply: false,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each asset (scripts/vite-precompress.ts): sent by Accept-Encoding, with Vary.
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (_request: unknown, reply: FastifyReply) => reply.header('cache-control', 'no-cache').header('x-frame-options', 'DENY').sendFile('index.html', adminDistDir);
  app.get(CONSOLE_PREFIX, { schema: { hide: true } }, (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`));
  app.get(`${CONSOLE_PREFIX}/`, { schema: { hide: true } }, sendIndex);
}
