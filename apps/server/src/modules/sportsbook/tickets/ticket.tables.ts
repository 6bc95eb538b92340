import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A leg's result as the feed settled its outcome (a cancellation: a full void). */
export interface LegFeedResult {
  result: 'won' | 'lost';
  voidFactor: 0 | 0.5 | 1;
  deadHeatFactor: string;
}

/** Migration 0077's (and 0078's settlement columns) tables, typed for the ticket repository only (the book reads its own with SQL). */
export type SportsbookTicketTables = {
  sportsbook_ticket: {
    id: Generated<bigint>;
    member_id: bigint;
    request_id: string;
    bet_type: string;
    system_sizes: number[] | null;
    system_preset: string | null;
    stake_mode: string;
    stake_cents: bigint;
    total_stake_cents: bigint;
    bet_count: number;
    odds_policy: string;
    max_payout_cents: bigint;
    potential_return_cents: bigint;
    is_live: Generated<boolean>;
    status: string;
    refusal_code: string | null;
    bet_transaction_id: string | null;
    provider_bet_id: bigint | null;
    created_at: Timestamp;
    accepted_at: NullableTimestamp;
    decided_at: NullableTimestamp;
    updated_at: Timestamp;
    settle_status: string | null;
    return_cents: bigint | null;
    settle_transaction_id: string | null;
    settled_at: NullableTimestamp;
    needs_resettlement: Generated<boolean>;
    review_reason: string | null;
    /** Migration 0079: the number of the settlement in force (or of the last one, once reversed); 0 before any. */
    settle_n: Generated<number>;
    /** Migration 0080 (cash-out): what cash-outs paid so far, and the share of the ticket still in play (null: all of it). */
    cashed_out_cents: Generated<bigint>;
    remaining_share_num: string | null;
    remaining_share_den: string | null;
  };
  sportsbook_ticket_leg: {
    ticket_id: bigint;
    leg_index: number;
    event_id: string;
    market_key: string;
    outcome_id: string;
    slip_odds: bigint;
    locked_odds: bigint;
    odds_version: bigint;
    result: ColumnType<LegFeedResult | null, string | null | undefined, string | null>;
    result_seq: bigint | null;
  };
  /** Migration 0079: every settlement of a ticket, and what reversed it (settlement.repository.ts reads and writes it in SQL). */
  sportsbook_ticket_settlement: {
    ticket_id: bigint;
    n: number;
    status: string;
    return_cents: bigint;
    win_transaction_id: string;
    paid_at: NullableTimestamp;
    caused_by_seq: bigint | null;
    reversal_transaction_id: string | null;
    reversed_by_seq: bigint | null;
    reversed_at: NullableTimestamp;
    created_at: Timestamp;
  };
  sportsbook_settlement_cursor: {
    id: Generated<number>;
    last_seq: bigint;
    updated_at: Timestamp;
  };
  sportsbook_ticket_setting: {
    id: Generated<number>;
    min_stake_cents: bigint;
    max_stake_cents: bigint;
    max_payout_cents: bigint;
    market_liability_cents: bigint;
    event_liability_cents: bigint;
    live_delay_ms: number;
    updated_at: Timestamp;
  };
};

export function ticketTables(db: DbExecutor): Kysely<SportsbookTicketTables> {
  return db.withTables<SportsbookTicketTables>() as unknown as Kysely<SportsbookTicketTables>;
}
