import { sql } from 'kysely';
import type { ContentKind, Language } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';

/** One stored item, as the service works with it. */
export interface ContentRow {
  id: bigint;
  kind: ContentKind;
  language: Language | null;
  sortOrder: number;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
  body: Record<string, unknown>;
  updatedAt: Date;
  updatedBy: string | null;
}

export interface ContentWrite {
  kind: ContentKind;
  language: Language | null;
  sortOrder: number;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
  body: Record<string, unknown>;
  updatedBy: string;
}

const COLUMNS = ['id', 'kind', 'language', 'sort_order', 'starts_at', 'ends_at', 'enabled', 'body', 'updated_at', 'updated_by'] as const;

type StoredRow = {
  id: bigint;
  kind: ContentKind;
  language: Language | null;
  sort_order: number;
  starts_at: Date | null;
  ends_at: Date | null;
  enabled: boolean;
  body: Record<string, unknown>;
  updated_at: Date;
  updated_by: string | null;
};

function toRow(row: StoredRow): ContentRow {
  return {
    id: row.id,
    kind: row.kind,
    language: row.language,
    sortOrder: row.sort_order,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    enabled: row.enabled,
    body: row.body,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Every enabled item that has not ended: the site's working set, filtered by time on each read. */
export async function listLiveItems(db: DbExecutor, now: Date): Promise<ContentRow[]> {
  const rows = await db
    .selectFrom('content_item')
    .select(COLUMNS)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('kind')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

export async function listItems(db: DbExecutor, kind: ContentKind, language: Language | undefined): Promise<ContentRow[]> {
  let query = db.selectFrom('content_item').select(COLUMNS).where('kind', '=', kind);
  if (language) query = query.where((eb) => eb.or([eb('language', '=', language), eb('language', 'is', null)]));
  return (await query.orderBy('sort_order').orderBy('id').execute()).map(toRow);
}

export async function findItemForUpdate(db: DbExecutor, kind: ContentKind, id: bigint): Promise<ContentRow | undefined> {
  const row = await db.selectFrom('content_item').select(COLUMNS).where('kind', '=', kind).where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function insertItem(db: DbExecutor, item: ContentWrite, idempotencyKey: string | null = null): Promise<ContentRow | undefined> {
  const row = await db
    .insertInto('content_item')
    .values({
      kind: item.kind,
      language: item.language,
      sort_order: item.sortOrder,
      starts_at: item.startsAt,
      ends_at: item.endsAt,
      enabled: item.enabled,
      body: JSON.stringify(item.body),
      idempotency_key: idempotencyKey,
      updated_by: item.updatedBy,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function updateItem(db: DbExecutor, id: bigint, item: ContentWrite): Promise<ContentRow> {
  const row = await db
    .updateTable('content_item')
    .set({
      language: item.language,
      sort_order: item.sortOrder,
      starts_at: item.startsAt,
      ends_at: item.endsAt,
      enabled: item.enabled,
      body: JSON.stringify(item.body),
      updated_by: item.updatedBy,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export async function deleteItem(db: DbExecutor, id: bigint): Promise<void> {
  await db.deleteFrom('content_item').where('id', '=', id).execute();
}

/** Another enabled help article with this tag and language (the unique index would refuse it). */
export async function helpTagTaken(db: DbExecutor, tag: string, language: Language | null, exceptId: bigint | null): Promise<boolean> {
  let query = db
    .selectFrom('content_item')
    .select('id')
    .where('kind', '=', 'help')
    .where('enabled', '=', true)
    .where(sql<string>`body ->> 'tag'`, '=', tag)
    .where((eb) => (language === null ? eb('language', 'is', null) : eb('language', '=', language)));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function findByKey(db: DbExecutor, idempotencyKey: string): Promise<ContentRow | undefined> {
  const row = await db.selectFrom('content_item').select(COLUMNS).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row ? toRow(row) : undefined;
}
