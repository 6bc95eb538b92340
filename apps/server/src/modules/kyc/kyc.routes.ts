import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  KYC_MAX_FILE_BYTES,
  KycDecisionSchema,
  KycDraftFileSchema,
  KycQueueQuerySchema,
  KycQueueSchema,
  KycSlotParamsSchema,
  KycStatusSchema,
  KycSubmissionSchema,
  KycSubmitSchema,
  KycUploadQuerySchema,
  type OperatorPermission,
} from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { checkedDocument, sendImage } from '../../platform/http/uploaded-image.ts';
import { currentMember } from '../accounts/index.ts';
import { currentOperator } from '../backoffice/index.ts';
import type { KycPorts } from './kyc.ports.ts';
import * as repo from './kyc.repository.ts';
import type { KycActor, KycService } from './kyc.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema };
const bearer = [{ bearer: [] }];
const QUEUE_LIMIT = 100;

/** /api/kyc: the member's state, the draft's files (raw body, PNG/JPEG/PDF by content, ≤ 10 MB) and the submission. */
export function kycRoutes(deps: { service: KycService; requireRealMember: preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['kyc'];
    const real = { preHandler: deps.requireRealMember };
    app.get('/kyc', { ...real, schema: { tags, summary: 'My identity verification: state, last refusal, files waiting to be sent', security: bearer, response: { 200: KycStatusSchema, ...errors } } }, async (request) =>
      deps.service.status(currentMember(request).id),
    );
    app.delete(
      '/kyc/files/:slot',
      { ...real, schema: { tags, summary: 'Remove a file not sent yet', security: bearer, params: KycSlotParamsSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deps.service.removeDraft(currentMember(request).id, request.params.slot);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/kyc/submit',
      { ...real, schema: { tags, summary: 'Send the document and selfie for verification (once; then pending)', security: bearer, body: KycSubmitSchema, response: { 200: KycStatusSchema, ...errors } } },
      async (request) => deps.service.submit(currentMember(request).id, request.body.documentType),
    );

    await app.register(async (plain) => {
      const uploads = plain.withTypeProvider<ZodTypeProvider>();
      // The file is the raw body, whatever type the browser declares: its first bytes decide.
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: KYC_MAX_FILE_BYTES + 1 }, (_request, body, done) => done(null, body));
      uploads.put(
        '/kyc/files/:slot',
        {
          ...real,
          bodyLimit: KYC_MAX_FILE_BYTES + 1,
          schema: { tags, summary: 'Put a file of the draft (PNG, JPEG or PDF by content, ≤ 10 MB); ?name= the file name, for the reviewer only', security: bearer, params: KycSlotParamsSchema, querystring: KycUploadQuerySchema, response: { 201: KycDraftFileSchema, ...errors } },
        },
        async (request, reply) => {
          const file = checkedDocument(request.body, { maxBytes: KYC_MAX_FILE_BYTES, invalid: 'kyc.file_invalid', tooLarge: 'kyc.file_too_large', empty: 'kyc.file_empty' });
          const saved = await deps.service.upload(currentMember(request).id, request.params.slot, { ...file, name: request.query.name });
          return reply.code(201).send(saved);
        },
      );
    });
  };
}

/** /api/backoffice/kyc: the review queue, one submission with its files, the decision (kyc.review, audited). */
export function kycAdminRoutes(deps: { db: Db; service: KycService; ports: Pick<KycPorts, 'accountNamesOf' | 'memberIdOf' | 'declaredIdentityOf'>; requireOperator: (permission?: OperatorPermission) => preHandlerAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    const review = { preHandler: deps.requireOperator('kyc.review') };
    const tags = ['back-office: kyc'];
    const security = [{ operator: [] }];
    const IdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
    const actorOf = (request: FastifyRequest): KycActor => ({ id: currentOperator(request).id, ip: request.ip });

    app.get('/backoffice/kyc/verifications', { ...review, schema: { tags, security, summary: 'Submissions by status (pending: oldest first)', querystring: KycQueueQuerySchema, response: { 200: KycQueueSchema, ...errors } } }, async (request) => {
      const { status, member } = request.query;
      const memberId = member ? await deps.ports.memberIdOf(member) : undefined;
      if (member && memberId === undefined) return { content: [], total: 0 };
      const { rows, total } = await repo.listQueue(deps.db, { status, memberId, limit: QUEUE_LIMIT });
      const names = await deps.ports.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      return {
        total,
        content: rows.map((row) => ({ id: row.id.toString(), member: names.get(row.member_id) ?? '', documentType: row.document_type, status: row.status, providerDecision: row.provider_decision, submittedAt: row.submitted_at.toISOString() })),
      };
    });

    app.get('/backoffice/kyc/verifications/:id', { ...review, schema: { tags, security, summary: 'One submission: the member’s declared name and birthday, the files', params: IdParams, response: { 200: KycSubmissionSchema, ...errors } } }, async (request) => {
      const row = await repo.findVerification(deps.db, BigInt(request.params.id));
      if (!row) throw new AppError('kyc.not_found', 'no such submission');
      const [names, identity, files] = await Promise.all([deps.ports.accountNamesOf([row.member_id]), deps.ports.declaredIdentityOf(row.member_id), repo.filesOf(deps.db, row.id)]);
      return {
        id: row.id.toString(),
        member: names.get(row.member_id) ?? '',
        documentType: row.document_type,
        status: row.status,
        providerDecision: row.provider_decision,
        submittedAt: row.submitted_at.toISOString(),
        payeeName: identity?.payeeName ?? null,
        birthday: identity?.birthday ?? null,
        rejectReason: row.reject_reason,
        rejectNote: row.reject_note,
        reviewedAt: row.reviewed_at?.toISOString() ?? null,
        files: files.map((file) => ({ id: file.id.toString(), slot: file.slot, fileName: file.file_name, contentType: file.content_type, size: file.size_bytes })),
      };
    });

    app.get('/backoffice/kyc/verifications/:id/files/:fileId', { ...review, schema: { tags, security, summary: 'One file, as what its bytes were sniffed to be', params: IdParams.extend({ fileId: z.string().regex(/^\d{1,18}$/) }) } }, async (request, reply) => {
      const file = await repo.fileOf(deps.db, BigInt(request.params.id), BigInt(request.params.fileId));
      if (!file) throw new AppError('kyc.file_not_found', 'no such file');
      return sendImage(reply, { contentType: file.content_type, bytes: file.bytes }, 0);
    });

    app.post(
      '/backoffice/kyc/verifications/:id/decision',
      { ...review, schema: { tags, security, summary: 'Approve, or reject with a reason the member sees (audited; the member is told)', params: IdParams, body: KycDecisionSchema, response: { 200: z.object({ id: z.string(), status: z.enum(['pending', 'verified', 'rejected']) }), ...errors } } },
      async (request) => {
        const decided = await deps.service.decide(BigInt(request.params.id), request.body, actorOf(request));
        return { id: decided.id.toString(), status: decided.status };
      },
    );
  };
}
