import { z } from 'zod';
import { SystemStatusSchema } from './system.ts';

/** Messages the server pushes over /ws. Every message has a `type`; clients ignore unknown types. */
export const WsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), connectionId: z.string() }),
  z.object({ type: z.literal('system.status'), status: SystemStatusSchema }),
  z.object({ type: z.literal('system.settings_changed') }),
]);
export type WsServerMessage = z.infer<typeof WsServerMessageSchema>;
