import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isAppError, type ErrorCode } from '@app/kernel';
import { isDatabaseUnavailable } from '../db.ts';
import type { HttpApp } from './http-app.ts';

/** Plain-English messages for errors raised by the framework rather than by our code. */
const FRAMEWORK_STATUS_CODES: Record<number, ErrorCode> = {
  400: 'request.malformed',
  403: 'auth.forbidden',
  404: 'route.not_found',
  405: 'route.method_not_allowed',
  413: 'request.too_large',
  415: 'request.unsupported_media_type',
  429: 'rate.limited',
};

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.code(error.status).send({
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  });
}

/**
 * Turns every failure into the wire shape `{ error: { code, message, details } }`. Nothing
 * returns a stack trace; only unexpected errors are logged at error level.
 */
export function installErrorHandling(app: HttpApp) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.expected) request.log.info({ code: appError.code }, appError.message);
    else request.log.error({ err: error, code: appError.code }, 'request failed');
    return sendError(reply, appError);
  });
}

/**
 * A path prefix served under another protocol's error model (the provider API's vendors expect
 * its own codes): `answer` gives the status and body for a request refused as malformed.
 */
export interface ForeignProtocol {
  prefix: string;
  answer(message: string): { status: number; body: unknown };
}

/**
 * Fastify's `frameworkErrors`: the router refuses a URL (a bad %-encoding, a path parameter over
 * maxParamLength) before any route, hook or error handler runs, and would otherwise write its own
 * body. Such a URL is malformed input: 400 in the wire shape of the protocol it was addressed to.
 */
export function answerFrameworkError(foreign: readonly ForeignProtocol[], setHeaders: (request: FastifyRequest, reply: FastifyReply) => void) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path segment is too long' : 'the URL is not validly encoded';
    request.log.info({ code: error.code }, message);
    // The router answers before any hook: the onSend headers are set here.
    setHeaders(request, reply);
    const protocol = foreign.find((candidate) => request.url.startsWith(candidate.prefix));
    if (protocol) {
      const { status, body } = protocol.answer(message);
      return reply.code(status).send(body);
    }
    return sendError(reply, new AppError(error.statusCode && error.statusCode >= 500 ? 'system.internal' : 'request.malformed', message));
  };
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, new AppError('route.not_found', `no route for ${request.method} ${request.url.split('?')[0]}`));
}

function toAppError(error: FastifyError): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError('validation.failed', 'the request is invalid', {
      fields: error.validation.map((issue) => ({
        path: [error.validationContext, ...pathSegments(issue.instancePath)].filter(Boolean).join('.'),
        message: issue.message ?? 'invalid',
        code: (issue.params as { issue?: { code?: string } } | undefined)?.issue?.code,
      })),
    });
  }
  if (isResponseSerializationError(error)) return new AppError('system.internal', 'internal error');
  // The database went away (restart, failover, network): a retryable 503, not a bug's 500.
  if (isDatabaseUnavailable(error)) return new AppError('system.unavailable', 'the service is temporarily unavailable; try again shortly');
  const status = error.statusCode ?? 500;
  if (status < 500) {
    return new AppError(FRAMEWORK_STATUS_CODES[status] ?? 'request.malformed', publicFrameworkMessage(error));
  }
  return new AppError('system.internal', 'internal error');
}

function pathSegments(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}

/** Framework messages for 4xx are safe to show (they describe the request, not the server). */
function publicFrameworkMessage(error: FastifyError): string {
  return error.message.length <= 200 ? error.message : `${error.message.slice(0, 200)}…`;
}
