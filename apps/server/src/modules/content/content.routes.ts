import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@app/kernel';
import { APP_PLATFORMS, AppPlatformSchema, ContentLanguageQuerySchema, ErrorResponseSchema, HelpCentreSchema, SiteContentSchema, type AppDownload } from '@app/contracts';
import { qrSvg } from '../../platform/qr-svg.ts';
import { entityTag, type ContentService, type Rendered } from './content.service.ts';

/** Spec §2 side menu: the download codes have a 5-module margin. */
const APP_QR_MARGIN = 5;

/**
 * The site's content, public. Answers carry an entity tag and must be revalidated: a browser or
 * proxy keeps them and asks again with If-None-Match, and gets a 304 until an operator changes
 * something, so an edit shows on the next read without a restart or a stale window.
 */
export function contentRoutes(deps: { content: ContentService; appDownload: () => Promise<AppDownload> }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['content'];

    app.get(
      '/content/site',
      { schema: { tags, summary: 'Spec §3 public state: banners, notices, promotions, popups, announcements, help index', querystring: ContentLanguageQuerySchema, response: { 200: SiteContentSchema, 304: z.null(), 400: ErrorResponseSchema } } },
      async (request, reply) => sendRevalidated(request, reply, await deps.content.site(request.query.language)),
    );

    app.get(
      '/content/help',
      { schema: { tags, summary: 'Help centre articles (terms at /help#term)', querystring: ContentLanguageQuerySchema, response: { 200: HelpCentreSchema, 304: z.null(), 400: ErrorResponseSchema } } },
      async (request, reply) => sendRevalidated(request, reply, await deps.content.help(request.query.language)),
    );

    app.get(
      '/content/app-qr/:file',
      {
        schema: {
          tags,
          summary: 'QR code (SVG) of the configured app download address for ios, android or lite',
          params: z.object({ file: z.enum(APP_PLATFORMS.map((platform) => `${platform}.svg` as const)) }),
        },
      },
      async (request, reply) => {
        const platform = AppPlatformSchema.parse(request.params.file.replace(/\.svg$/, ''));
        const url = (await deps.appDownload())[platform];
        if (!url) throw new AppError('content.app_not_configured', `no ${platform} app is configured`);
        const etag = entityTag(url);
        reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, no-cache')
          .header('content-security-policy', "default-src 'none'")
          .header('etag', etag);
        if (matches(request, etag)) return reply.code(304).send();
        return reply.send(qrSvg(url, { title: url, margin: APP_QR_MARGIN }));
      },
    );
  };
}

function sendRevalidated<T>(request: FastifyRequest, reply: FastifyReply, rendered: Rendered<T>): T | null {
  reply.header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
  return sendRevalidatedBody(request, reply, rendered.value, rendered.etag);
}

function sendRevalidatedBody<T>(request: FastifyRequest, reply: FastifyReply, body: T, etag: string): T | null {
  reply.header('etag', etag);
  if (!matches(request, etag)) return body;
  reply.code(304);
  return null;
}

/** If-None-Match names this tag (weak or strong: the body is the same either way). */
function matches(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}` || tag.trim() === '*');
}
