import { z } from 'zod';

/** Spec §5: feedback content between a minimum and a maximum number of words; web and server count alike. */
export const FEEDBACK_MIN_WORDS = 5;
export const FEEDBACK_MAX_WORDS = 300;
export const FEEDBACK_MAX_CHARS = 5000;
export const FEEDBACK_CONTACT_MAX = 120;
/** Tickets a member may open per hour. */
export const FEEDBACK_PER_HOUR = 5;

export const FEEDBACK_QUESTION_TYPES = ['suggestion', 'complaint', 'payment', 'game', 'account', 'other'] as const;
export const FeedbackQuestionTypeSchema = z.enum(FEEDBACK_QUESTION_TYPES);
export type FeedbackQuestionType = z.infer<typeof FeedbackQuestionTypeSchema>;
export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;
export const FeedbackStatusSchema = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof FeedbackStatusSchema>;

/** Words as the member sees them: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

/**
 * PUT /wps/feedback (spec §7) as POST /api/feedback: question type, content description, contact.
 * The server checks the word limits itself (feedback.too_short / too_long with the limits).
 */
export const FeedbackInputSchema = z.object({
  /** The form's id for this submission: a double click or a retry answers the same ticket. */
  requestId: z.string().uuid(),
  questionType: FeedbackQuestionTypeSchema,
  content: z.string().max(FEEDBACK_MAX_CHARS),
  contact: z.string().trim().min(1).max(FEEDBACK_CONTACT_MAX),
});
/** The web form: the same fields with the word limits (messages are i18n keys of `feedback`). */
export const FeedbackFormSchema = FeedbackInputSchema.omit({ requestId: true }).extend({
  content: z
    .string()
    .max(FEEDBACK_MAX_CHARS, { message: 'errors.tooLong' })
    .refine((text) => countWords(text) >= FEEDBACK_MIN_WORDS, { message: 'errors.tooShort' })
    .refine((text) => countWords(text) <= FEEDBACK_MAX_WORDS, { message: 'errors.tooLong' }),
  contact: z.string().trim().min(1, { message: 'errors.contactRequired' }).max(FEEDBACK_CONTACT_MAX, { message: 'errors.contactTooLong' }),
});
export type FeedbackForm = z.infer<typeof FeedbackFormSchema>;
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;

export const FeedbackTicketSchema = z.object({
  id: z.string(),
  /** Human-friendly number shown to the member and the operator. */
  number: z.string(),
  questionType: FeedbackQuestionTypeSchema,
  content: z.string(),
  contact: z.string(),
  status: FeedbackStatusSchema,
  /** Operator replies only (internal notes never leave the console). */
  replies: z.array(z.object({ body: z.string(), at: z.string() })),
  createdAt: z.string(),
});
export type FeedbackTicket = z.infer<typeof FeedbackTicketSchema>;
export const FeedbackTicketListSchema = z.object({ tickets: z.array(FeedbackTicketSchema) });
export type FeedbackTicketList = z.infer<typeof FeedbackTicketListSchema>;
