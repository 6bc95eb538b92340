import { z } from 'zod';

export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_BODY_MAX = 20_000;
export const MESSAGE_ACCOUNTS_MAX = 1000;

/** Who a broadcast goes to: every real member, one VIP level, an agent's whole team, or listed accounts. */
export const BroadcastAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('vip'), rank: z.number().int().min(0).max(100) }),
  z.object({ kind: z.literal('team'), agentAccount: z.string().trim().min(1).max(64) }),
  z.object({ kind: z.literal('accounts'), accounts: z.array(z.string().trim().min(1).max(64)).min(1).max(MESSAGE_ACCOUNTS_MAX) }),
]);
export type BroadcastAudience = z.infer<typeof BroadcastAudienceSchema>;

export const BroadcastDraftSchema = z.object({
  audience: BroadcastAudienceSchema,
  title: z.string().trim().min(1).max(MESSAGE_TITLE_MAX),
  bodyHtml: z.string().min(1).max(MESSAGE_BODY_MAX),
});
export type BroadcastDraft = z.infer<typeof BroadcastDraftSchema>;

/** The compose screen's preview: the body as the members will get it, and how many will. */
export const BroadcastPreviewSchema = z.object({ bodyHtml: z.string(), audienceCount: z.number().int() });
export type BroadcastPreview = z.infer<typeof BroadcastPreviewSchema>;

export const BroadcastSendSchema = BroadcastDraftSchema.extend({
  requestId: z.string().uuid(),
  /** Absent or null: now. Otherwise a future time; the job sends it then. */
  sendAt: z.string().datetime({ offset: true }).nullable().optional(),
});
export type BroadcastSend = z.infer<typeof BroadcastSendSchema>;

export const BroadcastStatusSchema = z.enum(['scheduled', 'sent', 'cancelled']);
export const BroadcastSchema = z.object({
  id: z.string(),
  audience: BroadcastAudienceSchema,
  title: z.string(),
  bodyHtml: z.string(),
  status: BroadcastStatusSchema,
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  delivered: z.number().int(),
  read: z.number().int(),
  createdBy: z.string(),
});
export type Broadcast = z.infer<typeof BroadcastSchema>;
export const BroadcastListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const BroadcastListSchema = z.object({ broadcasts: z.array(BroadcastSchema), total: z.number().int(), page: z.number().int() });
export type BroadcastList = z.infer<typeof BroadcastListSchema>;
export const BroadcastParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
