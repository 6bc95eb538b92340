import { z } from 'zod';
import { MoneySchema } from '../wallet.ts';
import { SupportClientIdSchema, SupportConversationSchema, SupportIdSchema, SupportMessageSchema, SupportStatusSchema, SUPPORT_TEXT_MAX } from '../support-chat.ts';

/** The console's customer-service chat (permission support.chat). */
export const SupportAdminConversationSchema = SupportConversationSchema.extend({
  operatorId: z.string().nullable(),
  /** The member's account, or the visitor's name/contact. */
  party: z.object({ kind: z.enum(['member', 'visitor']), account: z.string().nullable(), name: z.string().nullable(), contact: z.string().nullable() }),
  queuedAt: z.string(),
  lastMessageId: z.string(),
  /** Messages from the party the operators have not read yet. */
  unread: z.boolean(),
});
export type SupportAdminConversation = z.infer<typeof SupportAdminConversationSchema>;

export const SupportAdminListSchema = z.object({
  queue: z.array(SupportAdminConversationSchema),
  mine: z.array(SupportAdminConversationSchema),
});
export const SupportAdminParamsSchema = z.object({ id: SupportIdSchema });
export const SupportAdminThreadSchema = z.object({ conversation: SupportAdminConversationSchema, messages: z.array(SupportMessageSchema) });
export const SupportAdminThreadQuerySchema = z.object({ after: z.string().regex(/^\d{1,18}$/).optional() });
export const SupportAdminSendSchema = z.object({ clientId: SupportClientIdSchema, body: z.string().max(SUPPORT_TEXT_MAX * 2).optional(), imageId: z.string().uuid().optional() });
export const SupportAdminTransferSchema = z.object({ operatorId: SupportIdSchema });
export const SupportAdminOperatorsSchema = z.object({ operators: z.array(z.object({ id: z.string(), name: z.string() })) });

export const SupportAdminContextSchema = z.object({
  kind: z.enum(['member', 'visitor']),
  account: z.string().nullable(),
  balance: z.object({ cash: MoneySchema, bonus: MoneySchema }).nullable(),
  deposits: z.array(z.object({ id: z.string(), amount: MoneySchema, status: z.string(), at: z.string() })),
  withdrawals: z.array(z.object({ id: z.string(), amount: MoneySchema, status: z.string(), at: z.string() })),
});
export type SupportAdminContext = z.infer<typeof SupportAdminContextSchema>;

export const SupportCannedReplySchema = z.object({ id: z.string(), shortcut: z.string(), body: z.string(), updatedAt: z.string() });
export const SupportCannedRepliesSchema = z.object({ replies: z.array(SupportCannedReplySchema) });
export const SupportCannedReplyInputSchema = z.object({
  shortcut: z.string().trim().toLowerCase().regex(/^[a-z0-9_-]{1,30}$/, { message: 'support.shortcut_invalid' }),
  body: z.string().trim().min(1).max(SUPPORT_TEXT_MAX),
});

export const SupportReportQuerySchema = z.object({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const Durations = z.object({ avgSeconds: z.number().nullable(), p50Seconds: z.number().nullable(), p90Seconds: z.number().nullable() });
export const SupportReportSchema = z.object({
  days: z.array(z.object({ day: z.string(), conversations: z.number().int(), closed: z.number().int(), firstResponse: Durations, resolution: Durations })),
  total: z.object({ conversations: z.number().int(), closed: z.number().int(), firstResponse: Durations, resolution: Durations }),
});
export type SupportReport = z.infer<typeof SupportReportSchema>;
export const SupportStatusFilterSchema = SupportStatusSchema;
