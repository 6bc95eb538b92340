import { AppError } from '@app/kernel';
import type { HttpApp } from './http-app.ts';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input would fail deep in a query
 * as a 500. Refuse it at the door instead, for every route at once: JSON bodies (parsed by
 * Fastify's own parser, which also rejects prototype poisoning) and URLs.
 */
export function installInputGuards(app: HttpApp) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, String(body), (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      const path = findNul(value, 'body');
      if (path) return done(nulError(path), undefined);
      done(null, value);
    });
  });

  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw nulError('url');
  });
}

function nulError(path: string) {
  return new AppError('validation.failed', 'text must not contain NUL characters', {
    fields: [{ path, message: 'nul_character', messageKey: 'invalid_characters' }],
  });
}

/** The path of the first string (or key) holding a NUL, or undefined. */
function findNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNul(value[index], `${path}.${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      const found = findNul(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}
