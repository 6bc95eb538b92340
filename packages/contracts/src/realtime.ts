import { z } from 'zod';
import { SystemStatusSchema } from './system.ts';
import { MoneySchema } from './wallet.ts';
import { DepositStatusSchema, WithdrawalStatusSchema } from './payments.ts';
import { CrashPlayerSchema, CrashRoundViewSchema } from './crash.ts';
import { SportsbookBookChangesSchema, SportsbookCashOutQuoteSchema } from './sportsbook.ts';
import { LIVE_TABLE_TOPIC_PATTERN, LiveWsMessageSchemas, type LiveTableTopic } from './live-tables.ts';
import { SupportWsMessageSchemas } from './support-chat.ts';

/** Topics a connection subscribes to for frequent public messages (only those who watch get them). */
export const WS_TOPICS = ['crash', 'sportsbook.live', 'live.lobby'] as const;
/** One event's page: `sportsbook.event:<event id>` (the book's event id pattern). */
export const SPORTSBOOK_EVENT_TOPIC_PATTERN = /^sportsbook\.event:[A-Za-z0-9_:.-]{1,120}$/;
export type SportsbookEventTopic = `sportsbook.event:${string}`;
export type WsTopic = (typeof WS_TOPICS)[number] | SportsbookEventTopic | LiveTableTopic;
export const sportsbookEventTopic = (eventId: string): SportsbookEventTopic => `sportsbook.event:${eventId}`;
/** A topic a client may name: a fixed one, or an event's (anything else is ignored by the server). */
export const WsTopicSchema = z.union([
  z.enum(WS_TOPICS),
  z.string().regex(SPORTSBOOK_EVENT_TOPIC_PATTERN).transform((topic) => topic as SportsbookEventTopic),
  /** One live table's page: `live.table:<table code>`. */
  z.string().regex(LIVE_TABLE_TOPIC_PATTERN).transform((topic) => topic as LiveTableTopic),
]);
/** How many topics one connection may hold at once; a subscribe beyond it is answered `subscribe.refused`. */
export const WS_MAX_TOPICS_PER_CONNECTION = 32;

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
  /**
   * Topics `sportsbook.event:<id>` (every market of that event) and `sportsbook.live` (every event's
   * state, main markets only): what changed in the book since the last message of the topic, batched
   * over a short window (see SportsbookBookChangesSchema). `topic` names the topic it was sent for.
   */
  SportsbookBookChangesSchema.extend({ type: z.literal('sportsbook.changes') }),
  /**
   * To the ticket's owner: the odds under some of the member's open tickets moved (or a leg was
   * suspended / reopened). `offers` holds a fresh quote for those the server priced (it may be
   * empty); re-read GET /api/sportsbook/tickets/:id/cash-out for any ticket id not in `offers`.
   */
  z.object({ type: z.literal('sportsbook.cashout_changed'), ticketIds: z.array(z.string()), offers: z.array(SportsbookCashOutQuoteSchema) }),
  /** Answers a subscribe the server did not take (unknown/hostile topic, or too many topics on this connection). */
  ...LiveWsMessageSchemas,
  /** Customer-service chat (support-chat.ts); `operator.auth` / `visitor.auth` bind a connection to a side. */
  ...SupportWsMessageSchemas,
  z.object({ type: z.enum(['operator.auth.ok', 'operator.auth.failed', 'visitor.auth.ok', 'visitor.auth.failed']) }),
  /** Platform messages: the member's unread count after a message arrived, was read or deleted (issue 26). */
  z.object({ type: z.literal('messages.unread'), unread: z.number().int().min(0) }),
  z.object({ type: z.literal('subscribe.refused'), topic: z.string(), reason: z.enum(['invalid_topic', 'too_many_topics']) }),
]);
export type WsServerMessage = z.infer<typeof WsServerMessageSchema>;

/** Messages a client sends over /ws. `auth` binds the connection to a member (null token: unbind). */
export const WsClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().max(200).nullable() }),
  /** Binds the connection to an operator (console session token): support events for operators reach it. */
  z.object({ type: z.literal('operator.auth'), token: z.string().max(200).nullable() }),
  /** Binds the connection to a chat visitor (their chat token): their conversation's events reach it. */
  z.object({ type: z.literal('visitor.auth'), token: z.string().max(200).nullable() }),
  /** Start or stop receiving a topic's messages (crash ticks are many: only watchers get them). */
  z.object({ type: z.literal('subscribe'), topic: WsTopicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: WsTopicSchema }),
]);
export type WsClientMessage = z.infer<typeof WsClientMessageSchema>;
