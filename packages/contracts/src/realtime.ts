import { z } from 'zod';
import { SystemStatusSchema } from './system.ts';
import { MoneySchema } from './wallet.ts';
import { DepositStatusSchema, WithdrawalStatusSchema } from './payments.ts';
import { CrashPlayerSchema, CrashRoundViewSchema } from './crash.ts';

/** Topics a connection subscribes to for frequent public messages (only those who watch get them). */
export const WS_TOPICS = ['crash'] as const;
export type WsTopic = (typeof WS_TOPICS)[number];

/** Messages the server pushes over /ws. Every message has a `type`; clients ignore unknown types. */
export const WsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), connectionId: z.string() }),
  z.object({ type: z.literal('system.status'), status: SystemStatusSchema }),
  z.object({ type: z.literal('system.settings_changed') }),
  /** An operator changed site content (banners, notices, announcements, help…); re-read it. */
  z.object({ type: z.literal('content.changed') }),
  /** Answers the client's `auth` message: member events now reach this connection (or not). */
  z.object({ type: z.literal('auth.ok') }),
  z.object({ type: z.literal('auth.failed') }),
  /** After every committed change of the member's money; clients may also re-read the balance. */
  z.object({ type: z.literal('wallet.balance_changed'), cash: MoneySchema, bonus: MoneySchema }),
  /** The progressive jackpot pool's new amount (public; at most once a second). */
  z.object({ type: z.literal('jackpot.changed'), code: z.string(), amount: MoneySchema }),
  /** Topic crash: the round changed phase (betting opened, the multiplier started, it crashed). */
  z.object({ type: z.literal('crash.round'), round: CrashRoundViewSchema }),
  /** Topic crash: the multiplier now (every tick), with the server's clock (epoch ms) when sent. */
  z.object({ type: z.literal('crash.tick'), roundId: z.string(), multiplier: z.string(), elapsedMs: z.number(), at: z.number() }),
  /** Topic crash: a player joined the round or cashed out. */
  z.object({ type: z.literal('crash.player'), roundId: z.string(), player: CrashPlayerSchema }),
  /** One of the member's deposits changed state (paid, credited, expired…); re-read it. */
  z.object({ type: z.literal('payments.deposit_changed'), id: z.string(), status: DepositStatusSchema }),
  /** One of the member's withdrawals changed state (approved, paid, rejected…); re-read it. */
  z.object({ type: z.literal('payments.withdrawal_changed'), id: z.string(), status: WithdrawalStatusSchema }),
]);
export type WsServerMessage = z.infer<typeof WsServerMessageSchema>;

/** Messages a client sends over /ws. `auth` binds the connection to a member (null token: unbind). */
export const WsClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().max(200).nullable() }),
  /** Start or stop receiving a topic's messages (crash ticks are many: only watchers get them). */
  z.object({ type: z.literal('subscribe'), topic: z.enum(WS_TOPICS) }),
  z.object({ type: z.literal('unsubscribe'), topic: z.enum(WS_TOPICS) }),
]);
export type WsClientMessage = z.infer<typeof WsClientMessageSchema>;
