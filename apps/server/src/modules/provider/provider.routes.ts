import { isIP } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Logger } from '../../platform/logger.ts';
import type { RequestLog } from './request-log.ts';
import type { ProviderService } from './provider.service.ts';
import { isValidSignature } from './signature.ts';
import type { VendorAccessCache } from './vendor-access.ts';
import { parseCallback, serveCallback, toProviderError } from './provider.callbacks.ts';
import { PROVIDER_ACTIONS, ProviderError, ProviderErrorResponseSchema, REQUEST_SCHEMAS, RESPONSE_SCHEMAS } from './provider.wire.ts';

const BODY_LIMIT = 16 * 1024;
const VENDOR_CODE = /^[A-Za-z0-9_]{1,40}$/;

/** What the request log keeps of one callback (never the body). */
interface CallLog {
  vendorCode: string | null;
  action: string | null;
  transactionId: string | null;
  errorCode: string | null;
}
declare module 'fastify' {
  interface FastifyRequest {
    providerCall?: CallLog;
  }
}

/** request.ip as PostgreSQL inet accepts it (IPv4-mapped IPv6 unwrapped), or null. */
function clientIp(ip: string): string | null {
  const unwrapped = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  return isIP(unwrapped) ? unwrapped : null;
}

const ParamsSchema = z.object({ vendorCode: z.string() });
const errorResponses = { 400: ProviderErrorResponseSchema, 401: ProviderErrorResponseSchema, 402: ProviderErrorResponseSchema, 403: ProviderErrorResponseSchema, 404: ProviderErrorResponseSchema, 409: ProviderErrorResponseSchema, 500: ProviderErrorResponseSchema };

/**
 * POST /provider/v1/:vendorCode/:action. Encapsulated: the body is kept as the raw string (the
 * signature covers its exact bytes), parsed and validated only after the signature checks; the
 * zod schemas on the routes document the contract (OpenAPI) and are not used by Fastify here.
 */
export function providerRoutes(deps: { service: ProviderService; logger: Logger; requestLog: RequestLog; vendors: VendorAccessCache }): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    // Validation and serialization are ours (after the signature); the schemas are documentation.
    app.setValidatorCompiler(() => (data) => ({ value: data }));
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));

    app.setErrorHandler((error: FastifyError | ProviderError, request, reply) => {
      // The platform's input guards (a NUL byte in the path or query…) throw the app's AppError
      // before our handler runs; to a vendor any refusal of its input is INVALID_REQUEST.
      const wire = toProviderError(error);
      if (wire.code === 'INTERNAL') request.log.error({ err: error, module: 'provider' }, 'provider callback failed');
      if (request.providerCall) request.providerCall.errorCode = wire.code;
      else request.providerCall = { vendorCode: null, action: null, transactionId: null, errorCode: wire.code };
      return reply.code(wire.statusCode).send(wire.toWire());
    });

    // After the response, outside the money transaction, batched; a failed log write never fails a callback.
    app.addHook('onResponse', async (request, reply) => {
      const call = request.providerCall ?? { vendorCode: null, action: null, transactionId: null, errorCode: null };
      deps.requestLog.add({ ...call, statusCode: reply.statusCode, durationMs: reply.elapsedTime, ip: clientIp(request.ip) });
    });

    async function handle(request: FastifyRequest, reply: FastifyReply, vendorCode: string, action: string) {
      const call: CallLog = { vendorCode: VENDOR_CODE.test(vendorCode) ? vendorCode : null, action: action.slice(0, 20), transactionId: null, errorCode: null };
      request.providerCall = call;
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const access = call.vendorCode ? await deps.vendors.access(vendorCode, clientIp(request.ip)) : undefined;
      if (!access) throw new ProviderError('INVALID_SIGNATURE', 'unknown vendor');
      if (!access.enabled) throw new ProviderError('INVALID_SIGNATURE', 'this vendor is disabled');
      if (!access.ipAllowed) throw new ProviderError('INVALID_SIGNATURE', 'this address is not allowed for the vendor');
      if (!isValidSignature(access.secret, rawBody, request.headers['x-signature'])) throw new ProviderError('INVALID_SIGNATURE', 'bad or missing X-Signature');
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        // An unknown action is told before a body that is not JSON, as it always was.
        if (!(PROVIDER_ACTIONS as readonly string[]).includes(action)) throw new ProviderError('INVALID_REQUEST', 'unknown action');
        throw new ProviderError('INVALID_REQUEST', 'the body is not JSON');
      }
      // Next hops: parseCallback and serveCallback (provider.callbacks.ts), as the in-process handler.
      const callback = parseCallback(action, json);
      call.transactionId = callback.transactionId;
      return reply.code(200).send(await serveCallback(deps.service, vendorCode, callback));
    }

    for (const action of PROVIDER_ACTIONS) {
      app.post(
        `/v1/:vendorCode/${action}`,
        {
          schema: {
            tags: ['provider'],
            summary: `Seamless wallet: ${action}`,
            description: 'Signed with X-Signature = lowercase hex HMAC-SHA256 of the raw body with the vendor secret (docs/provider-integration.md).',
            headers: z.object({ 'x-signature': z.string() }),
            params: ParamsSchema,
            body: REQUEST_SCHEMAS[action],
            response: { 200: RESPONSE_SCHEMAS[action], ...errorResponses },
          },
        },
        async (request, reply) => handle(request, reply, request.params.vendorCode, action),
      );
    }
    // Unknown actions still get a signature check and the API's own error shape.
    app.post('/v1/:vendorCode/:action', { schema: { hide: true, params: z.object({ vendorCode: z.string(), action: z.string() }) } }, async (request, reply) =>
      handle(request, reply, request.params.vendorCode, request.params.action),
    );
  };
}
