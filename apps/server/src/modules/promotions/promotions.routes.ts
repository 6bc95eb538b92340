import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, formatCents } from '@app/kernel';
import {
  APPLICATION_IMAGE_MAX_BYTES,
  ApplicationImageRefSchema,
  ApplicationSubmitSchema,
  ClaimResultSchema,
  ContentLanguageQuerySchema,
  EnvelopeGrabSchema,
  ErrorResponseSchema,
  PlayerPromotionListSchema,
  RewardCentreSchema,
  RewardSchema,
  RewardSummarySchema,
} from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import { checkedImage, sendImage } from '../../platform/http/uploaded-image.ts';
import type { PlayerService } from './player.service.ts';
import type { RewardsService } from './rewards.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const Id = z.string().regex(/^[1-9]\d{0,17}$/, 'an id');
const PromotionParams = z.object({ id: Id });

/** Application images are private and short-lived in the browser's cache. */
export const IMAGE_MAX_AGE_S = 300;

/** /api/promotions (public list, the member's list, join, application) and /api/rewards (the reward centre). */
export function promotionsRoutes(deps: { player: PlayerService; rewards: RewardsService; requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['promotions'];
    const member = { preHandler: deps.requireMember };
    const real = { preHandler: deps.requireRealMember };

    app.get('/promotions', { schema: { tags, summary: 'Promotions now and coming soon (spec §2 /promotions)', querystring: ContentLanguageQuerySchema, response: { 200: PlayerPromotionListSchema, 400: ErrorResponseSchema } } }, async (request) =>
      deps.player.list(request.query.language, null),
    );

    app.get(
      '/promotions/mine',
      { ...member, schema: { tags, summary: 'Promotions with the member\'s state in each (spec §4)', security: bearer, querystring: ContentLanguageQuerySchema, response: { 200: PlayerPromotionListSchema, ...errors } } },
      async (request) => deps.player.list(request.query.language, currentMember(request).id),
    );

    app.post('/promotions/:id/join', { ...real, schema: { tags, summary: 'Join a promotion', security: bearer, params: PromotionParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await deps.player.join(BigInt(request.params.id), currentMember(request).id);
      return reply.code(204).send(null);
    });

    app.post(
      '/promotions/:id/grab',
      { ...real, schema: { tags, summary: 'Grab a share of a red envelope (one per member; paid at once)', security: bearer, params: PromotionParams, response: { 200: EnvelopeGrabSchema, ...errors } } },
      async (request) => {
        const grabbed = await deps.player.grab(BigInt(request.params.id), currentMember(request).id);
        return { amount: formatCents(grabbed.amount), created: grabbed.created };
      },
    );

    app.post(
      '/promotions/:id/application',
      { ...real, schema: { tags, summary: 'Send the application (comment ≤ 140 characters; images added before)', security: bearer, params: PromotionParams, body: ApplicationSubmitSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deps.player.submit(BigInt(request.params.id), currentMember(request).id, request.body.comment);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/promotions/:id/application/images/:imageId',
      { ...real, schema: { tags, summary: 'Remove an image from the draft application', security: bearer, params: PromotionParams.extend({ imageId: Id }), response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deps.player.removeImage(BigInt(request.params.id), currentMember(request).id, BigInt(request.params.imageId));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/promotions/application-images/:imageId',
      { ...member, schema: { tags, summary: 'One of the member\'s application images', security: bearer, params: z.object({ imageId: Id }) } },
      async (request, reply) => {
        const image = await deps.player.imageFor(currentMember(request).id, BigInt(request.params.imageId));
        if (!image) throw new AppError('promotions.not_found', 'no such image');
        return sendImage(reply, image, IMAGE_MAX_AGE_S);
      },
    );

    await app.register(async (plain) => {
      const uploads = plain.withTypeProvider<ZodTypeProvider>();
      // The image is the raw body, whatever type the browser declares: its first bytes decide.
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: APPLICATION_IMAGE_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));
      uploads.post(
        '/promotions/:id/application/images',
        { ...real, bodyLimit: APPLICATION_IMAGE_MAX_BYTES + 1, schema: { tags, summary: 'Add an image (PNG or JPEG by content, ≤ 5 MB, ≤ 3) to the draft application', security: bearer, params: PromotionParams, response: { 201: ApplicationImageRefSchema, ...errors } } },
        async (request, reply) => {
          const image = checkedImage(request.body, { maxBytes: APPLICATION_IMAGE_MAX_BYTES, invalid: 'promotions.image_invalid', tooLarge: 'promotions.image_too_large' });
          const ref = await deps.player.addImage(BigInt(request.params.id), currentMember(request).id, image);
          return reply.code(201).send({ id: ref.id.toString(), contentType: ref.contentType });
        },
      );
    });

    app.get('/rewards', { ...real, schema: { tags, summary: 'Reward centre: claimable rewards and history', security: bearer, querystring: ContentLanguageQuerySchema, response: { 200: RewardCentreSchema, ...errors } } }, async (request) =>
      deps.rewards.centre(currentMember(request).id, request.query.language),
    );

    app.get('/rewards/summary', { ...member, schema: { tags, summary: 'Badge counts and availablePromoCount (spec §3)', security: bearer, response: { 200: RewardSummarySchema, ...errors } } }, async (request) => {
      const memberId = currentMember(request).id;
      const [counts, promotions] = await Promise.all([deps.rewards.counts(memberId), deps.player.list('pt', memberId)]);
      return { ...counts, availablePromoCount: promotions.availablePromoCount };
    });

    app.post('/rewards/seen', { ...real, schema: { tags, summary: 'The reward centre was opened: clear its badge', security: bearer, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await deps.rewards.markSeen(currentMember(request).id);
      return reply.code(204).send(null);
    });

    app.post(
      '/rewards/:id/claim',
      { ...real, schema: { tags, summary: 'Claim one reward (idempotent: a repeat pays nothing more)', security: bearer, params: PromotionParams, querystring: ContentLanguageQuerySchema, response: { 200: RewardSchema, ...errors } } },
      async (request) => deps.rewards.claim(currentMember(request).id, BigInt(request.params.id), request.query.language),
    );

    app.post('/rewards/claim-all', { ...real, schema: { tags, summary: 'Claim every claimable reward', security: bearer, querystring: ContentLanguageQuerySchema, response: { 200: ClaimResultSchema, ...errors } } }, async (request) =>
      deps.rewards.claimAll(currentMember(request).id, request.query.language),
    );
  };
}
