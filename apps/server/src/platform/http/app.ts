import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@app/contracts';
import type { Config } from '../config.ts';
import { isDatabaseReachable, type Db } from '../db.ts';
import type { Logger } from '../logger.ts';
import { answerFrameworkError, installErrorHandling, sendNotFound, type ForeignProtocol } from './error-handler.ts';
import { installAuthenticationFirst } from './auth-first.ts';
import type { HttpApp } from './http-app.ts';
import { installInputGuards } from './input-guards.ts';
import { installMetrics } from './metrics.ts';
import { installOpsAccess } from './ops-access.ts';
import { securityHeaders } from './security-headers.ts';
import { installSpa } from './spa.ts';

export type { HttpApp };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The Fastify instance with the platform concerns every route relies on: zod validation and
 * serialization, the error model, OpenAPI, metrics and health. Modules add their routes after.
 */
export async function createHttpApp(deps: {
  config: Config;
  logger: Logger;
  db: Db;
  /** Serve the built SPA from here (unknown HTML paths get index.html); omitted in API-only tests. */
  webDistDir?: string;
  /** Serve the built operator console under /admin/ (apps/admin/dist). */
  adminDistDir?: string;
  /** Prefixes answering malformed URLs in their own protocol's error shape (the provider API). */
  foreignProtocols?: readonly ForeignProtocol[];
}): Promise<HttpApp> {
  const setSecurityHeaders = securityHeaders(deps.config);
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // Trust exactly the configured number of proxy hops: X-Forwarded-For beyond them is client-controlled.
    trustProxy: (_address: string, hop: number) => hop < deps.config.trustProxyHops,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // A request id from our own edge is kept so logs can be joined; anything else is replaced.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError(deps.foreignProtocols ?? [], setSecurityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installInputGuards(app);
  installOpsAccess(app, deps.config);
  installAuthenticationFirst(app);

  app.addHook('onSend', async (request, reply) => setSecurityHeaders(request, reply));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Betting platform API',
        version: '0.1.0',
        description: 'Player, agent and operator API. Amounts are decimal strings with two places; errors are `{ error: { code, message, details } }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, operator: { type: 'http', scheme: 'bearer', description: 'Back-office operator session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  installMetrics(app);

  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } },
    async (_request, reply) => {
      const ok = await isDatabaseReachable(deps.db);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
    },
  );

  if (deps.webDistDir) await installSpa(app, deps.webDistDir, deps.adminDistDir);
  else app.setNotFoundHandler(sendNotFound);
  return app;
}
