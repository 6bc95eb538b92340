import { z } from 'zod';
import { FeedbackQuestionTypeSchema, FeedbackStatusSchema } from '../feedback.ts';

export const FEEDBACK_REPLY_MAX = 5000;

export const FeedbackQueueQuerySchema = z.object({
  status: FeedbackStatusSchema.optional(),
  mine: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const FeedbackQueueItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  account: z.string(),
  questionType: FeedbackQuestionTypeSchema,
  status: FeedbackStatusSchema,
  assignedTo: z.string().nullable(),
  excerpt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackQueueItem = z.infer<typeof FeedbackQueueItemSchema>;
export const FeedbackQueueSchema = z.object({ tickets: z.array(FeedbackQueueItemSchema), total: z.number().int(), page: z.number().int() });
export type FeedbackQueue = z.infer<typeof FeedbackQueueSchema>;

export const FeedbackEntrySchema = z.object({ kind: z.enum(['reply', 'note']), by: z.string(), body: z.string(), at: z.string() });
export const FeedbackAdminTicketSchema = FeedbackQueueItemSchema.extend({
  content: z.string(),
  contact: z.string(),
  assignedToId: z.string().nullable(),
  entries: z.array(FeedbackEntrySchema),
});
export type FeedbackAdminTicket = z.infer<typeof FeedbackAdminTicketSchema>;

export const FeedbackTicketParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
/** An operator's username, or null to unassign. */
export const FeedbackAssignSchema = z.object({ requestId: z.string().uuid(), username: z.string().trim().min(1).max(64).nullable() });
export const FeedbackEntryInputSchema = z.object({ requestId: z.string().uuid(), body: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX) });
export const FeedbackCloseSchema = z.object({ requestId: z.string().uuid() });
