import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/database.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * SQL snapshots of a module's hot queries (after Immich's): each query as the module's repository
 * sends it and which index serves each table, in `<module>/__sql__/<name>.sql` beside the module.
 * A change to a query or to the indexes it relies on shows in review as a diff of that file; a
 * query that would scan a whole table says `seq scan` there. After an intended change run
 * `npx vitest run <the module's sql-snapshots.test.ts> -u` and commit the files (CI never writes).
 *
 * The plan is asked with sequential scans discouraged, because on the test's empty tables the
 * planner would rightly scan everything; what is recorded is whether an index can serve the query
 * (a shape PostgreSQL 15 and 18 agree on), not the costs of a particular data set.
 */
export type HotQueries = Record<string, (db: Kysely<Database>) => Promise<unknown>>;

/** A period the figures queries take: November 2026 on the operator's calendar. */
export const SNAPSHOT_PERIOD = { from: '2026-11-01', to: '2026-11-28', timeZone: 'America/Sao_Paulo' };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Function Name'?: string;
  Plans?: PlanNode[];
}

/** Each table the plan reads and how: the index it uses, or a sequential scan. */
function accessPaths(node: PlanNode, out: string[] = []): string[] {
  const type = node['Node Type'];
  if (node['Relation Name']) {
    const how = type === 'Seq Scan' ? 'seq scan' : type === 'Bitmap Heap Scan' ? 'bitmap heap' : node['Index Name'] ? `index ${node['Index Name']}` : type.toLowerCase();
    out.push(`${node['Relation Name']}: ${how}`);
  } else if (type === 'Bitmap Index Scan' && node['Index Name']) {
    out.push(`  bitmap index ${node['Index Name']}`);
  } else if (type === 'Function Scan' && node['Function Name']) {
    out.push(`${node['Function Name']}(): function scan`);
  }
  for (const child of node.Plans ?? []) accessPaths(child, out);
  return out;
}

/**
 * A partition is shown as its parent and a partition's index as the parent's index, and the same
 * access repeated for several partitions (an Append) is shown once: which months exist depends on
 * the day the test runs, the access path does not (docs/scaling.md, "Partitions").
 */
function foldPartitions(lines: string[], parentOf: ReadonlyMap<string, string>): string[] {
  const named = lines.map((line) =>
    line
      .replace(/^([a-z_0-9]+):/, (whole, name: string) => (parentOf.has(name) ? `${parentOf.get(name)} (partitioned):` : whole))
      .replace(/index ([a-z_0-9]+)/, (whole, name: string) => (parentOf.has(name) ? `index ${parentOf.get(name)}` : whole)),
  );
  const blocks: string[] = [];
  for (const line of named) {
    if (line.startsWith(' ') && blocks.length > 0) blocks[blocks.length - 1] += `\n${line}`;
    else blocks.push(line);
  }
  return blocks.filter((block, index) => block !== blocks[index - 1]).flatMap((block) => block.split('\n'));
}

/** Kysely writes a query on one line; a line per clause reads better in a diff. */
function layout(sqlText: string): string {
  return sqlText
    .replace(/\s+/g, ' ')
    .replace(/ (from|inner join|left join|cross join|where|group by|order by|limit|offset|union all|having|returning|on conflict|window) /g, '\n$1 ')
    .trim();
}

/** Registers one test per hot query; `moduleDir` is the module's folder (import.meta.dirname). */
export function describeHotQueries(moduleDir: string, queries: HotQueries) {
  let pool: pg.Pool;
  let captured: CompiledQuery[] = [];
  let db: Kysely<Database>;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 1 });
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') captured.push(event.query);
      },
    });
  });

  afterAll(async () => {
    await db.destroy();
  });

  async function planOf(query: CompiledQuery): Promise<string[]> {
    const client = await pool.connect();
    try {
      await client.query('set enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json, costs off) ${query.sql}`, [...query.parameters]);
      const { rows: partitions } = await client.query<{ child: string; parent: string }>(
        'select c.relname as child, p.relname as parent from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent',
      );
      return foldPartitions(accessPaths(rows[0]!['QUERY PLAN'][0].Plan), new Map(partitions.map((row) => [row.child, row.parent])));
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
  }

  describe('hot queries (SQL snapshots)', () => {
    for (const [name, run] of Object.entries(queries)) {
      it(name, async () => {
        captured = [];
        await run(db);
        expect(captured.length).toBeGreaterThan(0);
        const parts: string[] = [];
        for (const [index, query] of captured.entries()) {
          const plan = await planOf(query);
          const title = `-- ${name}${captured.length > 1 ? ` (query ${index + 1} of ${captured.length})` : ''}`;
          parts.push([title, `${layout(query.sql)};`, '-- tables read:', ...plan.map((line) => `--   ${line}`)].join('\n'));
        }
        await expect(`${parts.join('\n\n')}\n`).toMatchFileSnapshot(path.join(moduleDir, '__sql__', `${name}.sql`));
      });
    }
  });
}
