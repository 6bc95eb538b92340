import type { ColumnType, Generated } from 'kysely';
import type { ContentKind, Language } from '@app/contracts';

export interface ContentItemTable {
  id: Generated<bigint>;
  kind: ContentKind;
  language: Language | null;
  sort_order: number;
  starts_at: Date | null;
  ends_at: Date | null;
  enabled: boolean;
  body: ColumnType<Record<string, unknown>, string, string>;
  idempotency_key: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface ContentTables {
  content_item: ContentItemTable;
}
