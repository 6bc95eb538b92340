import { z } from 'zod';
import { CaptchaAnswerSchema } from './registration.ts';

/** Customer-service chat (issue 26, spec §1/§2 chat room, §7 CBS_launchChat): the player side. */
/** Characters; at most 4 bytes each, a message always fits one NOTIFY payload (8000 bytes). */
export const SUPPORT_TEXT_MAX = 1000;
export const SUPPORT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SUPPORT_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Typing indicators: a side sends `typing` at most this often; the other side hides it after TTL. */
export const SUPPORT_TYPING_THROTTLE_MS = 2000;
export const SUPPORT_TYPING_TTL_MS = 5000;
/** The header a visitor's requests carry their chat token in. */
export const SUPPORT_VISITOR_HEADER = 'x-support-visitor';

export const SupportIdSchema = z.string().regex(/^[1-9]\d{0,17}$/);
export const SupportClientIdSchema = z.string().uuid();
export const SupportSenderSchema = z.enum(['party', 'operator']);
export const SupportStatusSchema = z.enum(['waiting', 'assigned', 'closed']);

export const SupportMessageSchema = z.object({
  id: SupportIdSchema,
  conversationId: SupportIdSchema,
  sender: SupportSenderSchema,
  /** The operator's name for operator messages (null for the member's own). */
  senderName: z.string().nullable(),
  clientId: z.string(),
  body: z.string().nullable(),
  /** The image's id, or null: GET /api/support/images/:id (player) or /api/backoffice/support/images/:id (console). */
  imageId: z.string().nullable(),
  at: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportConversationSchema = z.object({
  id: SupportIdSchema,
  status: SupportStatusSchema,
  operatorName: z.string().nullable(),
  /** Read receipts: the last message id each side has seen. */
  partyReadId: z.string(),
  operatorReadId: z.string(),
  createdAt: z.string(),
});
export type SupportConversation = z.infer<typeof SupportConversationSchema>;

/** GET /api/support/chat: the open (or latest) conversation and its messages after `after`. */
export const SupportChatSchema = z.object({
  conversation: SupportConversationSchema.nullable(),
  messages: z.array(SupportMessageSchema),
  /** No operator on duty now: the member may still write and is answered later. */
  operatorsOnline: z.boolean(),
});
export type SupportChat = z.infer<typeof SupportChatSchema>;
export const SupportChatQuerySchema = z.object({ after: z.string().regex(/^\d{1,18}$/).optional() });

export const SupportSendSchema = z.object({
  clientId: SupportClientIdSchema,
  body: z.string().max(SUPPORT_TEXT_MAX * 2).optional(),
  /** An image uploaded by POST /api/support/images (its id). */
  imageId: z.string().uuid().optional(),
});
export type SupportSend = z.infer<typeof SupportSendSchema>;
export const SupportSentSchema = z.object({ message: SupportMessageSchema, conversation: SupportConversationSchema, replayed: z.boolean() });
export const SupportImageRefSchema = z.object({ id: z.string().uuid(), contentType: z.enum(SUPPORT_IMAGE_TYPES) });
export const SupportReadSchema = z.object({ lastReadId: SupportIdSchema });

/** A visitor behind the captcha: their token opens their own conversations only. */
export const SupportVisitorStartSchema = z.object({
  captcha: CaptchaAnswerSchema,
  name: z.string().trim().max(60).optional(),
  contact: z.string().trim().max(120).optional(),
});
export const SupportVisitorSchema = z.object({ token: z.string() });

/** Realtime (/ws) messages of the chat; both sides get them (see realtime.ts for the audiences). */
export const SupportWsMessageSchemas = [
  /** A new message in a conversation (to the party and to the assigned operator, or every operator while queued). */
  z.object({ type: z.literal('support.message'), message: SupportMessageSchema }),
  /** The other side is typing (ephemeral, throttled). */
  z.object({ type: z.literal('support.typing'), conversationId: SupportIdSchema, sender: SupportSenderSchema }),
  /** The other side read up to `lastReadId`. */
  z.object({ type: z.literal('support.read'), conversationId: SupportIdSchema, sender: SupportSenderSchema, lastReadId: SupportIdSchema }),
  /** The conversation changed state (queued, taken, transferred, closed). */
  z.object({ type: z.literal('support.conversation'), conversationId: SupportIdSchema, status: SupportStatusSchema, operatorId: z.string().nullable() }),
] as const;
