import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/database.ts';
import { findSessionWithMember } from '../src/modules/accounts/session.repository.ts';
import { activeMembers, childrenPlay, teamPlay } from '../src/modules/agents/reports/figures.repository.ts';
import { favoritePage, recentPage } from '../src/modules/catalogue/player-games.repository.ts';
import { findSession, hasStoredAnswer } from '../src/modules/provider/provider.repository.ts';
import { pendingWithdrawals, playBy, windowOf } from '../src/modules/reports/reports.repository.ts';
import { listMemberEntries } from '../src/modules/wallet/member-ledger.repository.ts';
import { findMemberCash, findMemberPockets, listCashEntries } from '../src/modules/wallet/wallet.repository.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * SQL snapshots of the hot queries (after Immich's): each query as the repository sends it and
 * which index serves each table, in apps/server/test/sql/<name>.sql. A change to a query or to the
 * indexes it relies on shows in review as a diff of that file; a query that would scan a whole
 * table says `seq scan` there. Run `npx vitest run apps/server/test/sql-snapshots.test.ts -u`
 * after an intended change and commit the files.
 *
 * The plan is asked with sequential scans discouraged, because on the test's empty tables the
 * planner would rightly scan everything; what is recorded is whether an index can serve the query
 * (a shape PostgreSQL 15 and 18 agree on), not the costs of a particular data set.
 */
const SNAPSHOTS = path.resolve(import.meta.dirname, 'sql');
const period = { from: '2026-11-01', to: '2026-11-28', timeZone: 'America/Sao_Paulo' };

const HOT_QUERIES: Record<string, (db: Kysely<Database>) => Promise<unknown>> = {
  // Every authenticated request.
  'accounts-session-with-member': (db) => findSessionWithMember(db, Buffer.alloc(32)),
  // The header balance and every bet's pre-check.
  'wallet-member-pockets': (db) => findMemberPockets(db, 1n),
  'wallet-member-cash': (db) => findMemberCash(db, 1n),
  'wallet-cash-history': (db) => listCashEntries(db, { memberId: 1n, from: period.from, to: period.to, timeZone: period.timeZone, limit: 20, offset: 0 }),
  'wallet-member-ledger': (db) => listMemberEntries(db, { memberId: 1n, limit: 20, offset: 0 }),
  // Every vendor callback.
  'provider-session': (db) => findSession(db, 'BGS', 1n),
  'provider-stored-answer': (db) => hasStoredAnswer(db, 'BGS', 'bet', 'tx-1'),
  // The lobby's member lists.
  'catalogue-favorites-page': (db) => favoritePage(db, 1n, {}, 20, 0),
  'catalogue-recent-page': (db) => recentPage(db, 1n, 20, 0),
  // The agent centre's overview and team report.
  'agents-team-play-by-day': (db) => teamPlay(db, 1n, period, true),
  'agents-children-play': (db) => childrenPlay(db, 1n, period),
  'agents-active-members': (db) => activeMembers(db, 1n, period, 100n),
  // The console's dashboard.
  'reports-play-by-day': (db) => playBy(db, windowOf(period), 'day', period.timeZone, new Date('2026-11-28T03:00:00Z')),
  'reports-pending-withdrawals': (db) => pendingWithdrawals(db),
};

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

/** Kysely writes a query on one line; a line per clause reads better in a diff. */
function layout(sqlText: string): string {
  return sqlText
    .replace(/\s+/g, ' ')
    .replace(/ (from|inner join|left join|cross join|where|group by|order by|limit|offset|union all|having|returning|on conflict|window) /g, '\n$1 ')
    .trim();
}

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
    return accessPaths(rows[0]!['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('reset enable_seqscan');
    client.release();
  }
}

describe('hot queries (SQL snapshots)', () => {
  for (const [name, run] of Object.entries(HOT_QUERIES)) {
    it(name, async () => {
      captured = [];
      await run(db);
      expect(captured.length).toBeGreaterThan(0);
      const parts: string[] = [];
      for (const [index, query] of captured.entries()) {
        const plan = await planOf(query);
        parts.push(
          [`-- ${name}${captured.length > 1 ? ` (query ${index + 1} of ${captured.length})` : ''}`, `${layout(query.sql)};`, '-- tables read:', ...plan.map((line) => `--   ${line}`)].join('\n'),
        );
      }
      await expect(`${parts.join('\n\n')}\n`).toMatchFileSnapshot(path.join(SNAPSHOTS, `${name}.sql`));
    });
  }
});
