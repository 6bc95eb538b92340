import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import { support } from './support.tables.ts';

/** An operator is online while their chat screen beats (every 20 s); a minute of silence is offline. */
export const ONLINE_WINDOW_SECONDS = 60;

export async function beat(db: DbExecutor, operatorId: bigint, displayName: string): Promise<void> {
  await support(db)
    .insertInto('support_operator_presence')
    .values({ operator_id: operatorId, display_name: displayName })
    .onConflict((oc) => oc.column('operator_id').doUpdateSet({ display_name: displayName, last_seen_at: sql<Date>`now()` as never }))
    .execute();
}

/** Marks the operator offline at once (they left the chat screen or logged out). */
export async function leave(db: DbExecutor, operatorId: bigint): Promise<void> {
  await support(db).updateTable('support_operator_presence').set({ last_seen_at: sql<Date>`'-infinity'::timestamptz` as never }).where('operator_id', '=', operatorId).execute();
}

export async function online(db: DbExecutor): Promise<{ id: bigint; name: string }[]> {
  const rows = await support(db)
    .selectFrom('support_operator_presence')
    .select(['operator_id', 'display_name'])
    .where(sql<boolean>`last_seen_at > now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS})`)
    .orderBy('display_name')
    .execute();
  return rows.map((row) => ({ id: row.operator_id, name: row.display_name }));
}

export async function anyOnline(db: DbExecutor): Promise<boolean> {
  const row = await support(db).selectFrom('support_operator_presence').select('operator_id').where(sql<boolean>`last_seen_at > now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS})`).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function namesOf(db: DbExecutor, ids: readonly bigint[]): Promise<Map<bigint, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await support(db).selectFrom('support_operator_presence').select(['operator_id', 'display_name']).where('operator_id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.operator_id, row.display_name]));
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** A visitor behind the captcha: 32 random bytes (node:crypto) are their token; only its hash is kept. */
export async function createVisitor(db: DbExecutor, input: { name: string | null; contact: string | null }): Promise<{ id: bigint; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const row = await support(db).insertInto('support_visitor').values({ token_hash: hashToken(token), name: input.name, contact: input.contact }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, token };
}

export async function visitorOf(db: DbExecutor, token: string): Promise<bigint | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return (await support(db).selectFrom('support_visitor').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirst())?.id;
}

export async function visitorsOf(db: DbExecutor, ids: readonly bigint[]): Promise<Map<bigint, { name: string | null; contact: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await support(db).selectFrom('support_visitor').select(['id', 'name', 'contact']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, contact: row.contact }]));
}
