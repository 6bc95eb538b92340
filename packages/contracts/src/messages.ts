import { z } from 'zod';

/**
 * Platform messages (issue 26, spec §1, §2 messageV2, §7 CSP_unreadCount). A message is a
 * broadcast an operator sent, an operator's reply (feedback), or a system message. System messages
 * carry a template and its parameters, rendered in the member's language by the client
 * (i18n `messages:system.<template>`), so one stored row reads right in PT and EN.
 */
export const MESSAGE_KINDS = ['broadcast', 'operator', 'system', 'feedback'] as const;
export const MessageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKindSchema>;

export const SYSTEM_MESSAGE_TEMPLATES = ['deposit_credited', 'withdrawal_paid', 'withdrawal_refused', 'bonus_granted', 'contract_offered', 'kyc_verified', 'kyc_rejected', 'deposit_returned'] as const;
export const SystemMessageTemplateSchema = z.enum(SYSTEM_MESSAGE_TEMPLATES);
export type SystemMessageTemplate = z.infer<typeof SystemMessageTemplateSchema>;

/** One message in the member's list: title and body, or (system) a template with its parameters. */
export const MessageSchema = z.object({
  id: z.string(),
  kind: MessageKindSchema,
  title: z.string().nullable(),
  /** Sanitised by the server's allow-list when it was written; render as is. */
  bodyHtml: z.string().nullable(),
  template: SystemMessageTemplateSchema.nullable(),
  params: z.record(z.string(), z.string()).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

export const MESSAGES_PAGE_SIZE = 20;
export const MessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  order: z.enum(['newest', 'unread']).default('newest'),
});
export const MessageListSchema = z.object({ messages: z.array(MessageSchema), total: z.number().int(), unread: z.number().int(), page: z.number().int() });
export type MessageList = z.infer<typeof MessageListSchema>;

export const MessageParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
export const MessageUnreadSchema = z.object({ unread: z.number().int().min(0) });
export type MessageUnread = z.infer<typeof MessageUnreadSchema>;
