import { sql } from 'kysely';
import { fromWireBalance, type PocketBalance, type WireBalance } from '../wallet/index.ts';
import { ProviderError, type ProviderErrorCode } from './provider.wire.ts';
import type { DbExecutor } from '../../platform/db.ts';

/** SQL only: the provider module's tables. */

/** The vendor's row as the access cache keeps it (allow-list networks as text, e.g. "10.0.0.0/8"). */
export async function findVendorRow(db: DbExecutor, vendorCode: string): Promise<{ secret: string; enabled: boolean; ip_allow: string[] | null } | undefined> {
  const result = await sql<{ secret: string; enabled: boolean; ip_allow: string[] | null }>`
    select secret, enabled, ip_allow::text[] as ip_allow from provider_vendor_secret where vendor_code = ${vendorCode}`.execute(db);
  return result.rows[0];
}

export async function upsertSession(db: DbExecutor, session: { vendorCode: string; memberId: bigint; demo: boolean; ttlMs: number }): Promise<void> {
  const expires = sql<Date>`now() + ${`${session.ttlMs} milliseconds`}::interval`;
  await db
    .insertInto('provider_player_session')
    .values({ vendor_code: session.vendorCode, member_id: session.memberId, demo: session.demo, expires_at: expires })
    .onConflict((conflict) => conflict.columns(['vendor_code', 'member_id']).doUpdateSet({ demo: session.demo, authenticated_at: sql`now()`, expires_at: expires }))
    .execute();
}

export async function findSession(db: DbExecutor, vendorCode: string, memberId: bigint): Promise<{ demo: boolean; expired: boolean } | undefined> {
  const row = await db
    .selectFrom('provider_player_session')
    .select(['demo', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('vendor_code', '=', vendorCode)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row;
}

/** Whether a callback with this id was already answered (its replay gets the stored answer). */
export async function hasStoredAnswer(db: DbExecutor, vendorCode: string, action: 'bet' | 'win' | 'rollback', transactionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('provider_transaction')
    .select('id')
    .where('vendor_code', '=', vendorCode)
    .where('action', '=', action)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RequestLogRow {
  vendorCode: string | null;
  action: string | null;
  transactionId: string | null;
  statusCode: number;
  errorCode: string | null;
  durationMs: number;
  ip: string | null;
}

export async function insertRequestLogs(db: DbExecutor, rows: readonly RequestLogRow[]): Promise<void> {
  await db
    .insertInto('provider_request_log')
    .values(
      rows.map((row) => ({
        vendor_code: row.vendorCode,
        action: row.action,
        transaction_id: row.transactionId,
        status_code: row.statusCode,
        error_code: row.errorCode,
        duration_ms: row.durationMs.toFixed(3),
        ip: row.ip,
      })),
    )
    .execute();
}

/** Creates the vendor's secret row when missing (demo seed); an existing secret is kept. */
export async function ensureVendorSecret(db: DbExecutor, vendorCode: string, secret: string): Promise<boolean> {
  const row = await db
    .insertInto('provider_vendor_secret')
    .values({ vendor_code: vendorCode, secret })
    .onConflict((conflict) => conflict.column('vendor_code').doNothing())
    .returning('vendor_code')
    .executeTakeFirst();
  return row !== undefined;
}

/** One money callback as provider_money_callback takes it (see migration 0018). */
/** provider_money_callback's call (apps/server/sql/provider/provider_money_callback.sql). */
export interface MoneyCall {
  vendor: string;
  action: 'bet' | 'win' | 'rollback';
  transaction_id: string;
  member: string;
  round: string;
  game?: string;
  game_type?: string | null;
  /** sha256 hex of the request's content: a replay with other content is a conflict. */
  hash: string;
  /** Centavos (bet, win). */
  amount?: string;
  round_closed?: boolean;
  original_transaction_id?: string;
  /** Rollback: what it reverses, 'bet' (default) or 'win'. */
  original_action?: 'bet' | 'win';
}

export interface MoneyAnswer {
  balance: string;
  transactionId: string;
  operatorTransactionId: string;
  /** The member pockets the post changed (for the after-commit balance push). */
  balances: PocketBalance[];
}

/** A refusal raised by provider_refuse ('provider:<CODE>', SQLSTATE P0001) as its ProviderError. */
function refusalOf(code: string, detail: string | null | undefined, hint: string | null | undefined): ProviderError {
  return new ProviderError(code as ProviderErrorCode, detail || code, hint ? hint : undefined);
}

/**
 * Runs one money callback as one statement (its own transaction). A refusal raised by the
 * function ('provider:<CODE>', SQLSTATE P0001) becomes the ProviderError it names; the statement
 * rolled back everything it wrote.
 */
export async function moneyCallback(db: DbExecutor, call: MoneyCall & { op: unknown }, shard: number): Promise<MoneyAnswer> {
  let answer: { balance: string; transactionId: string; operatorTransactionId: string; balances: WireBalance[] };
  try {
    const result = await sql<{ r: typeof answer }>`select provider_money_callback(${JSON.stringify(call)}::jsonb, ${shard}) as r`.execute(db);
    answer = result.rows[0]!.r;
  } catch (error) {
    const refusal = error as { code?: string; message?: string; detail?: string; hint?: string };
    if (refusal.code === 'P0001' && refusal.message?.startsWith('provider:')) {
      throw refusalOf(refusal.message.slice('provider:'.length), refusal.detail, refusal.hint);
    }
    throw error;
  }
  return {
    balance: answer.balance,
    transactionId: answer.transactionId,
    operatorTransactionId: answer.operatorTransactionId,
    balances: answer.balances.map(fromWireBalance),
  };
}

/**
 * Many money callbacks in one statement (one transaction, one commit), in the given order; a
 * refusal of any of them fails the whole statement (the caller then sends them one by one).
 */
export async function moneyCallbacks(db: DbExecutor, calls: ReadonlyArray<MoneyCall & { op: unknown }>, shard: number): Promise<MoneyAnswer[]> {
  const result = await sql<{ r: { balance: string; transactionId: string; operatorTransactionId: string; balances: WireBalance[] } }>`
    select provider_money_callback(x.call, ${shard}) as r
    from jsonb_array_elements(${JSON.stringify(calls)}::jsonb) with ordinality as x (call, i)
    order by x.i`.execute(db);
  return result.rows.map(({ r }) => ({ balance: r.balance, transactionId: r.transactionId, operatorTransactionId: r.operatorTransactionId, balances: r.balances.map(fromWireBalance) }));
}

/**
 * Plain bets (provider_place_bets) or plain wins (provider_pay_wins) set-based: the answers of the
 * calls it took, by position in `calls`; the others are left for provider_money_callback. Throws
 * (SQLSTATE PB001) when something moved between its checks and its writes, having changed nothing.
 */
export async function takePlainCalls(db: DbExecutor, action: 'bet' | 'win', calls: ReadonlyArray<MoneyCall & { op: unknown }>, shard: number): Promise<Map<number, MoneyAnswer>> {
  type Answer = { balance: string; transactionId: string; operatorTransactionId: string; balances: WireBalance[] };
  const json = JSON.stringify(calls);
  const result = await (action === 'bet'
    ? sql<{ i: bigint; answer: Answer }>`select i, answer from provider_place_bets(${json}::jsonb, ${shard})`
    : sql<{ i: bigint; answer: Answer }>`select i, answer from provider_pay_wins(${json}::jsonb, ${shard})`
  ).execute(db);
  return new Map(
    result.rows.map(({ i, answer }) => [
      Number(i) - 1,
      { balance: answer.balance, transactionId: answer.transactionId, operatorTransactionId: answer.operatorTransactionId, balances: answer.balances.map(fromWireBalance) },
    ]),
  );
}

/**
 * Many money callbacks in one statement (one transaction, one commit), in the given order, each
 * answered alone: a refusal undoes only its own call and comes back as its ProviderError
 * (provider_money_callbacks runs each in a subtransaction). At most 64 calls (see the function).
 */
export async function moneyCallbackSet(db: DbExecutor, calls: ReadonlyArray<MoneyCall & { op: unknown }>, shard: number): Promise<Array<MoneyAnswer | ProviderError>> {
  type Row = { answer?: { balance: string; transactionId: string; operatorTransactionId: string; balances: WireBalance[] }; refused?: string; detail?: string | null; hint?: string | null };
  const result = await sql<{ r: Row }>`select r from provider_money_callbacks(${JSON.stringify(calls)}::jsonb, ${shard}) as r`.execute(db);
  return result.rows.map(({ r }) =>
    r.answer
      ? { balance: r.answer.balance, transactionId: r.answer.transactionId, operatorTransactionId: r.answer.operatorTransactionId, balances: r.answer.balances.map(fromWireBalance) }
      : refusalOf(r.refused ?? 'INTERNAL', r.detail, r.hint),
  );
}
