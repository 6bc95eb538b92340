import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * The module's tables (migration 0089) for its own queries, viewed through `support(executor)`
 * like the other modules' own tables (they are not in the app-wide Database type).
 */
export interface SupportTables {
  support_visitor: { id: Generated<bigint>; token_hash: Buffer; name: string | null; contact: string | null; created_at: Generated<Date> };
  support_conversation: {
    id: Generated<bigint>;
    member_id: bigint | null;
    visitor_id: bigint | null;
    status: Generated<string>;
    operator_id: bigint | null;
    created_at: Generated<Date>;
    queued_at: Generated<Date>;
    assigned_at: Stamp | null;
    first_response_at: Stamp | null;
    closed_at: Stamp | null;
    closed_by: bigint | null;
    last_message_id: Generated<bigint>;
    party_read_id: Generated<bigint>;
    operator_read_id: Generated<bigint>;
  };
  support_image: { id: string; conversation_id: bigint; content_type: string; bytes: Buffer; created_at: Generated<Date> };
  support_message: { id: Generated<bigint>; conversation_id: bigint; sender: string; operator_id: bigint | null; client_id: string; body: string | null; image_id: string | null; created_at: Generated<Date> };
  support_canned_reply: { id: Generated<bigint>; shortcut: string; body: string; updated_by: bigint; updated_at: Generated<Date> };
  support_operator_presence: { operator_id: bigint; display_name: string; last_seen_at: Generated<Date> };
}

/** The executor (pool or transaction) typed for the module's tables. */
export const support = (executor: DbExecutor) => executor as unknown as Kysely<SupportTables>;

export interface ConversationRow {
  id: bigint;
  member_id: bigint | null;
  visitor_id: bigint | null;
  status: 'waiting' | 'assigned' | 'closed';
  operator_id: bigint | null;
  created_at: Date;
  queued_at: Date;
  assigned_at: Date | null;
  first_response_at: Date | null;
  closed_at: Date | null;
  closed_by: bigint | null;
  last_message_id: bigint;
  party_read_id: bigint;
  operator_read_id: bigint;
}

export interface MessageRow {
  id: bigint;
  conversation_id: bigint;
  sender: 'party' | 'operator';
  operator_id: bigint | null;
  client_id: string;
  body: string | null;
  image_id: string | null;
  created_at: Date;
}

/** Who is on the member's side of a conversation: a member, or a visitor behind the captcha. */
export type Party = { kind: 'member'; memberId: bigint } | { kind: 'visitor'; visitorId: bigint };
