import { SUPPORT_VISITOR_HEADER, SupportChatSchema, SupportImageRefSchema, SupportVisitorSchema, type SupportSend } from '@app/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../shared/api-client.ts';
import { getToken } from '../../../shared/session-token.ts';

/** A visitor's chat token lives in this tab's storage (members use their session instead). */
const VISITOR_KEY = 'support.visitor';
export const visitorToken = (): string | null => {
  try {
    return window.localStorage.getItem(VISITOR_KEY);
  } catch {
    return null;
  }
};
export const rememberVisitor = (token: string | null) => {
  try {
    if (token === null) window.localStorage.removeItem(VISITOR_KEY);
    else window.localStorage.setItem(VISITOR_KEY, token);
  } catch {
    // Private mode without storage: the chat lasts as long as the page.
  }
};

/** A member's requests carry their session; a visitor's carry the chat token (never both). */
function party(): { token?: null; headers?: Record<string, string> } {
  if (getToken() !== null) return {};
  const visitor = visitorToken();
  return { token: null, headers: visitor ? { [SUPPORT_VISITOR_HEADER]: visitor } : {} };
}

export const supportKeys = { chat: (who: string) => ['support', who, 'chat'] as const };

export const fetchChat = (after?: string, signal?: AbortSignal) => apiRequest(`/api/support/chat${after ? `?after=${after}` : ''}`, { schema: SupportChatSchema, signal, ...party() });

export const sendMessage = (input: SupportSend) => apiRequest('/api/support/messages', { method: 'POST', body: input, schema: SupportChatSchema.extend({ replayed: z.boolean() }), ...party() });

export const uploadImage = (file: Blob) => apiRequest('/api/support/images', { method: 'POST', raw: { data: file, contentType: 'application/octet-stream' }, schema: SupportImageRefSchema, ...party() });

export const markRead = (lastReadId: string) => apiRequest<void>('/api/support/read', { method: 'POST', body: { lastReadId }, ...party() });

export const sendTyping = () => apiRequest<void>('/api/support/typing', { method: 'POST', ...party() });

export const fetchImage = (id: string, signal?: AbortSignal) => apiRequest<Blob>(`/api/support/images/${id}`, { blob: true, signal, ...party() });

export const startVisitor = (input: { captcha: { id: string; answer: string }; name?: string; contact?: string }) =>
  apiRequest('/api/support/visitors', { method: 'POST', body: input, schema: SupportVisitorSchema, token: null });
