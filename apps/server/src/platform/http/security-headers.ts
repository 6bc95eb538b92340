import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

type Policy = Record<string, string[]>;

/**
 * The Content-Security-Policy of each site, the one place to widen when a page needs a new
 * source. No site allows inline or eval'd script: both index.html files load only the bundle.
 * Styles may be inline (React style props, the games' canvases size themselves), which cannot
 * run code. Vendor games open in frames from their own https origins.
 */
function sitePolicy(imageOrigin: string | undefined, frameAncestors: string): Policy {
  const images = ["'self'", 'data:', 'blob:', ...(imageOrigin ? [imageOrigin] : [])];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': images,
    'media-src': images,
    'font-src': ["'self'", 'data:'],
    // 'self' covers ws:// and wss:// of the same host (/ws).
    'connect-src': ["'self'"],
    'frame-src': ["'self'", 'https:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [frameAncestors],
  };
}

/** Swagger UI styles itself inline and draws data: images; its scripts are files like ours. */
const DOCS_POLICY: Policy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function serialise(policy: Policy): string {
  return Object.entries(policy)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The origin of IMAGE_CDN_BASE when it is another server (a path is this server: 'self'). */
function originOf(base: string): string | undefined {
  return /^https?:\/\//.test(base) ? new URL(base).origin : undefined;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries: its request id, no MIME sniffing, the referrer policy, the
 * site's CSP (the player site, the console under /admin which no page may frame, the API docs),
 * and HSTS when the request came over HTTPS (directly or through a trusted proxy's
 * X-Forwarded-Proto) — never over plain HTTP, where it means nothing. Returned as a function
 * because the router's own refusals (frameworkErrors) bypass the onSend hooks and call it too.
 */
export function securityHeaders(config: Config) {
  const imageOrigin = originOf(config.imageBase);
  const player = serialise(sitePolicy(imageOrigin, "'self'"));
  const consoleSite = serialise(sitePolicy(imageOrigin, "'none'"));
  const docs = serialise(DOCS_POLICY);
  const servedBy = config.scale.nodeName;
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
    const pathname = request.url.split('?')[0] ?? '/';
    const policy = pathname === '/api/docs' || pathname.startsWith('/api/docs/') ? docs : pathname === '/admin' || pathname.startsWith('/admin/') ? consoleSite : player;
    // A route that serves untrusted bytes (uploaded SVGs, the sandbox game page) sets a stricter one.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (servedBy) reply.header('x-served-by', servedBy);
  };
}
