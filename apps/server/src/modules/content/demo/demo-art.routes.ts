import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@app/kernel';
import { LanguageSchema } from '@app/contracts';
import { demoArtSvg } from './demo-art.ts';
import { DEMO_ART } from './demo-art-pieces.ts';

const FILE = /^([a-z]+)-([a-z]{2})\.svg$/;

/** /media/content/<slug>-<language>.svg: the demo banners' and teasers' artwork. */
export function demoArtRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/content/:file',
      { schema: { hide: true, params: z.object({ file: z.string().max(40).regex(FILE) }) } },
      async (request, reply) => {
        const [, slug, languageCode] = FILE.exec(request.params.file) ?? [];
        const piece = DEMO_ART.find((candidate) => candidate.slug === slug);
        const language = LanguageSchema.safeParse(languageCode);
        if (!piece || !language.success) throw new AppError('route.not_found', 'no such demo art');
        reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
        return reply.send(demoArtSvg(piece, language.data));
      },
    );
  };
}
