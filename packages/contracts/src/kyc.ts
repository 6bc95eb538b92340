import { z } from 'zod';

/**
 * Identity verification (issue 27, brazil-compliance §2.2, docs/kyc.md). The member sends an
 * identity document and a selfie (PNG, JPEG or PDF by content, ≤ 10 MB each); a verification
 * provider and then an operator decide. The first withdrawal, and any above the threshold in
 * settings (payments.withdrawal.kycRequiredAbove), need the state `verified`.
 */
export const KYC_STATES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export const KycStateSchema = z.enum(KYC_STATES);
export type KycState = z.infer<typeof KycStateSchema>;

export const KYC_DOCUMENT_TYPES = ['rg', 'cnh', 'passport'] as const;
export const KycDocumentTypeSchema = z.enum(KYC_DOCUMENT_TYPES);
export type KycDocumentType = z.infer<typeof KycDocumentTypeSchema>;

export const KYC_SLOTS = ['document_front', 'document_back', 'selfie'] as const;
export const KycSlotSchema = z.enum(KYC_SLOTS);
export type KycSlot = z.infer<typeof KycSlotSchema>;

/** The files a document type needs: RG and CNH have two sides; a passport its photo page only. */
export function kycSlotsFor(type: KycDocumentType): KycSlot[] {
  return type === 'passport' ? ['document_front', 'selfie'] : ['document_front', 'document_back', 'selfie'];
}

/** Why a submission was refused: shown to the member, translated (kyc:reasons.<code>). */
export const KYC_REJECT_REASONS = ['document_unreadable', 'document_invalid', 'selfie_mismatch', 'data_mismatch', 'document_expired', 'other'] as const;
export const KycRejectReasonSchema = z.enum(KYC_REJECT_REASONS);
export type KycRejectReason = z.infer<typeof KycRejectReasonSchema>;

export const KYC_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const KYC_FILE_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type KycFileType = (typeof KYC_FILE_TYPES)[number];

export const KycDraftFileSchema = z.object({ slot: KycSlotSchema, fileName: z.string(), contentType: z.enum(KYC_FILE_TYPES), size: z.number().int(), uploadedAt: z.string() });
export type KycDraftFile = z.infer<typeof KycDraftFileSchema>;

/** The member's KYC page: the state, the files waiting to be sent, and the last refusal's reason. */
export const KycStatusSchema = z.object({
  state: KycStateSchema,
  documentType: KycDocumentTypeSchema.nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: KycRejectReasonSchema.nullable(),
  /** The operator's own words with a refusal (optional), shown as written. */
  rejectNote: z.string().nullable(),
  draft: z.array(KycDraftFileSchema),
  /** Above this a withdrawal needs a verified identity (as is the first one). */
  withdrawalThreshold: z.string(),
});
export type KycStatus = z.infer<typeof KycStatusSchema>;

export const KycSlotParamsSchema = z.object({ slot: KycSlotSchema });
/** The browser's file name, for the operator only (cleaned; never the type, never a path). */
export const KycUploadQuerySchema = z.object({ name: z.string().max(1000).optional() });
export const KycSubmitSchema = z.object({ documentType: KycDocumentTypeSchema });

/** Back office: the queue and one submission. */
export const KycQueueItemSchema = z.object({
  id: z.string(),
  member: z.string(),
  documentType: KycDocumentTypeSchema,
  status: z.enum(['pending', 'verified', 'rejected']),
  providerDecision: z.enum(['approve', 'reject', 'review']).nullable(),
  submittedAt: z.string(),
});
export type KycQueueItem = z.infer<typeof KycQueueItemSchema>;
export const KycQueueSchema = z.object({ content: z.array(KycQueueItemSchema), total: z.number().int() });
export type KycQueue = z.infer<typeof KycQueueSchema>;
export const KycQueueQuerySchema = z.object({ status: z.enum(['pending', 'verified', 'rejected']).default('pending'), member: z.string().trim().max(64).optional() });

export const KycSubmissionSchema = KycQueueItemSchema.extend({
  payeeName: z.string().nullable(),
  birthday: z.string().nullable(),
  rejectReason: KycRejectReasonSchema.nullable(),
  rejectNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  files: z.array(z.object({ id: z.string(), slot: KycSlotSchema, fileName: z.string(), contentType: z.enum(KYC_FILE_TYPES), size: z.number().int() })),
});
export type KycSubmission = z.infer<typeof KycSubmissionSchema>;

export const KycDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('reject'), reason: KycRejectReasonSchema, note: z.string().trim().max(500).optional() }),
]);
export type KycDecision = z.infer<typeof KycDecisionSchema>;
