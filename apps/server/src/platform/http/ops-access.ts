import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@app/kernel';
import type { Config } from '../config.ts';
import type { HttpApp } from './http-app.ts';

function isOpsPath(pathname: string): boolean {
  return pathname === '/metrics' || pathname === '/api/docs' || pathname.startsWith('/api/docs/');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * /metrics (process and route internals) and /api/docs (the whole API surface) are for
 * operators. In production they answer only the OPS_TOKEN bearer or an address in
 * OPS_ALLOWED_IPS; anyone else gets the same 404 as an unknown path, so they are not advertised.
 */
export function installOpsAccess(app: HttpApp, config: Config) {
  if (!config.isProduction) return;
  const token = config.ops.token ? digest(`Bearer ${config.ops.token}`) : undefined;
  const allowed = new Set(config.ops.allowedIps);
  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isOpsPath(pathname)) return;
    if (allowed.has(request.ip)) return;
    const authorization = request.headers.authorization;
    // Compared as digests: equal length, constant time.
    if (token && typeof authorization === 'string' && timingSafeEqual(digest(authorization), token)) return;
    throw new AppError('route.not_found', `no route for ${request.method} ${pathname}`);
  });
}
