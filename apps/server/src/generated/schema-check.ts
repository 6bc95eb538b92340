import type { Selectable } from 'kysely';
import type { Database } from '../database.ts';
import type { GeneratedTables, GeneratedViews, JsonValue } from './schema.ts';

/**
 * The modules' hand-written table types against the generated schema (schema.ts), checked by the
 * type check: `npm run typecheck` fails here, naming the table and column, when a module's type
 * lacks a column, has one the table lacks, reads a column as another type, or types a nullable
 * column as never null (or the other way). Enum-like columns may be narrower than the database's
 * text, and JSON columns may name their shape: both are allowed by reading "assignable to".
 */
type ColumnProblem<Hand, Table, Column extends PropertyKey> = Column extends keyof Table
  ? Column extends keyof Hand
    ? [Hand[Column]] extends [Table[Column]] | LeftToTheReader<Hand[Column], Table[Column]>
      ? null extends Table[Column]
        ? null extends Hand[Column]
          ? never
          : `${Column & string}: nullable in the table, never null in the type`
        : never
      : `${Column & string}: the type differs from the table's`
    : `${Column & string}: a column of the table missing from the type`
  : `${Column & string}: not a column of the table`;

/** A JSON column the module reads as `unknown` (and narrows where it uses it) matches any JSON. */
type LeftToTheReader<Hand, Column> = unknown extends Hand ? ([NonNullable<Column>] extends [JsonValue] ? [Hand] : never) : never;

type TableProblems<Hand, Table> = {
  [Column in keyof Hand | keyof Table]: ColumnProblem<Hand, Table, Column>;
}[keyof Hand | keyof Table];

/** A view's columns are nullable to the catalogue: its type is checked for names and types only. */
type ViewColumnProblem<Hand, View, Column extends PropertyKey> = Column extends keyof View
  ? Column extends keyof Hand
    ? [NonNullable<Hand[Column]>] extends [NonNullable<View[Column]>]
      ? never
      : `${Column & string}: the type differs from the view's`
    : `${Column & string}: a column of the view missing from the type`
  : `${Column & string}: not a column of the view`;

type ViewProblems<Hand, View> = {
  [Column in keyof Hand | keyof View]: ViewColumnProblem<Hand, View, Column>;
}[keyof Hand | keyof View];

type Named<Name extends PropertyKey, Problem> = [Problem] extends [never] ? never : `${Name & string}.${Problem & string}`;

type SchemaProblemsMap = {
  [Name in keyof Database]: Name extends keyof GeneratedTables
    ? Named<Name, TableProblems<Selectable<Database[Name]>, GeneratedTables[Name]>>
    : Name extends keyof GeneratedViews
      ? Named<Name, ViewProblems<Selectable<Database[Name]>, GeneratedViews[Name]>>
      : `${Name}: neither a table nor a view of the migrated schema`;
};
type SchemaProblems = SchemaProblemsMap[keyof Database];

// An empty object fits only when there is no problem; otherwise the error lists them as missing keys.
export const schemaMatchesModules: Record<SchemaProblems, never> = {};
