import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { introspectSchema, renderSchemaTypes } from '../src/platform/schema-types.ts';
import { createTestDatabase } from './test-database.ts';

const CHECKED_IN = path.resolve(import.meta.dirname, '../src/generated/schema.ts');

describe('generated database types', () => {
  it('match the migrations (run `npm run db:types` and commit the file when this fails)', async () => {
    const url = await createTestDatabase();
    const rendered = renderSchemaTypes(await introspectSchema(url));
    expect(rendered).toBe(readFileSync(CHECKED_IN, 'utf8'));
  });

  it('type each kind of column as this app reads it', () => {
    const text = renderSchemaTypes([
      { table: 't', kind: 'table', column: 'money', type: 'int8', notNull: true, enumLabels: null },
      { table: 't', kind: 'table', column: 'chain', type: 'int8[]', notNull: true, enumLabels: null },
      { table: 't', kind: 'table', column: 'rate', type: 'numeric', notNull: false, enumLabels: null },
      { table: 't', kind: 'table', column: 'day', type: 'date', notNull: true, enumLabels: null },
      { table: 't', kind: 'table', column: 'body', type: 'jsonb', notNull: false, enumLabels: null },
      { table: 't', kind: 'table', column: 'state', type: 'state', notNull: true, enumLabels: ['open', 'closed'] },
      { table: 'v', kind: 'view', column: 'money', type: 'int8', notNull: false, enumLabels: null },
    ]);
    expect(text).toContain('money: bigint;');
    expect(text).toContain('chain: string[];');
    expect(text).toContain('rate: string | null;');
    expect(text).toContain('day: Date;');
    expect(text).toContain('body: JsonValue | null;');
    expect(text).toContain('state: "open" | "closed";');
    expect(text).toMatch(/GeneratedViews \{\n {2}v: \{\n {4}money: bigint \| null;/);
  });
});
