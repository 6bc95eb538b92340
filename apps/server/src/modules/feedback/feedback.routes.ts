import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  FeedbackAdminTicketSchema,
  FeedbackAssignSchema,
  FeedbackCloseSchema,
  FeedbackEntryInputSchema,
  FeedbackInputSchema,
  FeedbackQueueQuerySchema,
  FeedbackQueueSchema,
  FeedbackTicketListSchema,
  FeedbackTicketParamsSchema,
  FeedbackTicketSchema,
  type OperatorPermission,
} from '@app/contracts';
import { currentMember } from '../accounts/index.ts';
import { currentOperator } from '../backoffice/index.ts';
import type { OperatorActor } from './feedback.ports.ts';
import type { FeedbackService } from './feedback.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 429: ErrorResponseSchema };

/** /api/feedback (spec §7 PUT /wps/feedback): open a ticket, list mine with the replies. */
export function feedbackRoutes(deps: { feedback: FeedbackService; requireMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['feedback'];
    const security = [{ bearer: [] }];
    const member = { preHandler: deps.requireMember };
    app.post('/feedback', { ...member, schema: { tags, summary: 'Opens a feedback ticket (question type, content within the word limits, contact); a replayed requestId answers the same ticket', security, body: FeedbackInputSchema, response: { 200: FeedbackTicketSchema, ...errors } } }, async (request) =>
      deps.feedback.submit(currentMember(request).id, request.body),
    );
    app.get('/feedback', { ...member, schema: { tags, summary: "The member's latest tickets with their status and replies", security, response: { 200: FeedbackTicketListSchema, ...errors } } }, async (request) => deps.feedback.mine(currentMember(request).id));
  };
}

/** /api/backoffice/feedback: the queue (status, assigned to me), a ticket, assign, internal notes, reply, close. */
export function feedbackAdminRoutes(deps: { feedback: FeedbackService; requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['backoffice'];
    const security = [{ operator: [] }];
    const handle = { preHandler: deps.requireOperator('feedback.handle') };
    const actorOf = (request: FastifyRequest): OperatorActor => {
      const operator = currentOperator(request);
      return { id: operator.id, username: operator.username, ip: request.ip };
    };
    const params = FeedbackTicketParamsSchema;

    app.get('/backoffice/feedback', { ...handle, schema: { tags, summary: 'Feedback tickets, open first then oldest first; by status, or assigned to me', security, querystring: FeedbackQueueQuerySchema, response: { 200: FeedbackQueueSchema, ...errors } } }, async (request) =>
      deps.feedback.queue(actorOf(request), { ...(request.query.status ? { status: request.query.status } : {}), mine: request.query.mine === 'true', page: request.query.page }),
    );
    app.get('/backoffice/feedback/:id', { ...handle, schema: { tags, summary: 'A ticket with its replies and internal notes', security, params, response: { 200: FeedbackAdminTicketSchema, ...errors } } }, async (request) => deps.feedback.ticket(BigInt(request.params.id)));
    app.post('/backoffice/feedback/:id/assign', { ...handle, schema: { tags, summary: 'Assigns the ticket to an operator (username), or unassigns it (null)', security, params, body: FeedbackAssignSchema, response: { 200: FeedbackAdminTicketSchema, ...errors } } }, async (request) =>
      deps.feedback.assign(actorOf(request), BigInt(request.params.id), request.body.username),
    );
    app.post('/backoffice/feedback/:id/notes', { ...handle, schema: { tags, summary: 'Adds an internal note (never shown to the member)', security, params, body: FeedbackEntryInputSchema, response: { 200: FeedbackAdminTicketSchema, ...errors } } }, async (request) =>
      deps.feedback.note(actorOf(request), BigInt(request.params.id), request.body),
    );
    app.post('/backoffice/feedback/:id/reply', { ...handle, schema: { tags, summary: 'Replies to the member: the reply arrives as a platform message; the ticket is answered', security, params, body: FeedbackEntryInputSchema, response: { 200: FeedbackAdminTicketSchema, ...errors } } }, async (request) =>
      deps.feedback.reply(actorOf(request), BigInt(request.params.id), request.body),
    );
    app.post('/backoffice/feedback/:id/close', { ...handle, schema: { tags, summary: 'Closes the ticket', security, params, body: FeedbackCloseSchema, response: { 200: FeedbackAdminTicketSchema, ...errors } } }, async (request) =>
      deps.feedback.close(actorOf(request), BigInt(request.params.id)),
    );
  };
}
