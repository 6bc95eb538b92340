import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../database.ts';
import type { Db } from './db.ts';
import type { JobDefinition } from './jobs/jobs.ts';
import type { Logger } from './logger.ts';

/**
 * Monthly partitions of the biggest tables (docs/scaling.md, "Partitions"). The tables are found
 * in the catalogue, not listed here: every table partitioned by range on one timestamptz column,
 * whose partitions are named `<table>_pYYYYMM` (UTC months) plus an optional `<table>_pdefault`.
 * Each run, per table:
 *  - creates the partitions of the current month and the next `monthsAhead` months;
 *  - moves rows out of the DEFAULT partition into their month's partition (created for them), so
 *    the default, a safety net for a month nobody created, stays empty;
 *  - detaches the partitions of months that ended more than `retentionMonths[table]` months ago.
 *    A table without a retention is never detached: the money tables have none by default (the
 *    ledger check and the reports read only attached partitions; a detached month of entries
 *    would make every balance differ from its entries). A detached partition stays a plain table
 *    for the operator to archive and drop.
 * DETACH ... CONCURRENTLY cannot run in a transaction block and is refused while the table has a
 * DEFAULT partition: it runs on its own statement outside any transaction where allowed, and a
 * table with a default detaches with the plain form under a short lock timeout.
 */
export interface PartitionPolicy {
  monthsAhead: number;
  /** Months kept attached after the current one, per table; a table not listed is never detached. */
  retentionMonths: Readonly<Record<string, number>>;
}

export interface PartitionReport {
  table: string;
  column: string;
  created: string[];
  /** Rows moved out of the DEFAULT partition into their months. */
  movedFromDefault: number;
  /** Rows still in the DEFAULT partition after the run (should be 0). */
  defaultRows: number;
  detached: string[];
}

/** One run at a time across processes (the CLI and the job): a session-level advisory lock. */
const PARTITIONS_LOCK_KEY = 728_113_028;
/** How long a DDL statement may wait for a lock before this run gives up (the next run retries). */
const LOCK_TIMEOUT = '5s';
const DAILY_AT_03_17_UTC = '17 3 * * *';

interface PartitionedTable {
  table: string;
  column: string;
  defaultPartition: string | null;
}

export function monthStartUtc(at: Date, offsetMonths = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offsetMonths, 1));
}

export function partitionName(table: string, month: Date): string {
  return `${table}_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month a `<table>_pYYYYMM` partition holds, or undefined for any other name. */
export function monthOfPartition(table: string, name: string): Date | undefined {
  const match = new RegExp(`^${table}_p(\\d{4})(\\d{2})$`).exec(name);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : undefined;
}

/**
 * Runs one maintenance pass on a session of its own; undefined when another process holds the lock
 * (it is doing the same). `connectionString` must reach PostgreSQL directly, not through a
 * pgbouncer in transaction mode: the run holds a session advisory lock and a session setting, and
 * runs DETACH CONCURRENTLY outside any transaction.
 */
export async function maintainPartitions(connectionString: string, policy: PartitionPolicy, now: Date, logger?: Pick<Logger, 'info' | 'warn'>): Promise<PartitionReport[] | undefined> {
  const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 1, application_name: 'partitions' }) }) });
  try {
    return await maintainOnSession(db, policy, now, logger);
  } finally {
    await db.destroy();
  }
}

async function maintainOnSession(db: Db, policy: PartitionPolicy, now: Date, logger?: Pick<Logger, 'info' | 'warn'>): Promise<PartitionReport[] | undefined> {
  return db.connection().execute(async (session) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${PARTITIONS_LOCK_KEY}) as locked`.execute(session);
    if (!rows[0]?.locked) return undefined;
    try {
      await sql.raw(`set lock_timeout = '${LOCK_TIMEOUT}'`).execute(session);
      const reports: PartitionReport[] = [];
      for (const table of await listPartitionedTables(session)) {
        const report = await maintainTable(session, table, policy, now);
        if (report.created.length + report.detached.length + report.movedFromDefault > 0) logger?.info({ ...report }, 'partitions changed');
        if (report.defaultRows > 0) logger?.warn({ table: table.table, rows: report.defaultRows }, 'rows left in the default partition');
        reports.push(report);
      }
      return reports;
    } finally {
      await sql`reset lock_timeout`.execute(session);
      await sql`select pg_advisory_unlock(${PARTITIONS_LOCK_KEY})`.execute(session);
    }
  });
}

async function listPartitionedTables(session: Db): Promise<PartitionedTable[]> {
  const { rows } = await sql<PartitionedTable>`
    select c.relname as "table", a.attname as "column",
           (select d.relname from pg_inherits i join pg_class d on d.oid = i.inhrelid
             where i.inhparent = c.oid and d.relpartbound is not null and pg_get_expr(d.relpartbound, d.oid) = 'DEFAULT') as "defaultPartition"
      from pg_partitioned_table pt
      join pg_class c on c.oid = pt.partrelid
      join pg_attribute a on a.attrelid = c.oid and a.attnum = pt.partattrs[0]
     where pt.partstrat = 'r' and pt.partnatts = 1 and a.atttypid = 'timestamptz'::regtype
       and c.relnamespace = 'public'::regnamespace and not c.relispartition
     order by 1`.execute(session);
  return rows;
}

async function maintainTable(session: Db, table: PartitionedTable, policy: PartitionPolicy, now: Date): Promise<PartitionReport> {
  const report: PartitionReport = { table: table.table, column: table.column, created: [], movedFromDefault: 0, defaultRows: 0, detached: [] };
  const partitions = await listPartitions(session, table.table);
  // A CONCURRENTLY detach that was interrupted leaves its partition pending: finish it first.
  for (const pending of partitions.filter((partition) => partition.detachPending)) {
    await sql.raw(`alter table ${ident(table.table)} detach partition ${ident(pending.name)} finalize`).execute(session);
    report.detached.push(pending.name);
  }
  const existing = new Set(partitions.filter((partition) => !partition.detachPending).map((partition) => partition.name));

  const wanted = Array.from({ length: policy.monthsAhead + 1 }, (_, index) => monthStartUtc(now, index));
  if (table.defaultPartition) wanted.push(...(await monthsInDefault(session, table)));
  for (const month of wanted) {
    const name = partitionName(table.table, month);
    if (existing.has(name)) continue;
    report.movedFromDefault += await createMonth(session, table, month, name);
    existing.add(name);
    report.created.push(name);
  }
  if (table.defaultPartition) {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table.defaultPartition)}`.execute(session);
    report.defaultRows = Number(rows[0]?.n ?? 0);
  }

  const retention = policy.retentionMonths[table.table];
  if (retention !== undefined) {
    const keepFrom = monthStartUtc(now, -retention);
    for (const name of [...existing].sort()) {
      const month = monthOfPartition(table.table, name);
      if (!month || monthStartUtc(month, 1) > keepFrom) continue;
      // CONCURRENTLY only on its own, outside a transaction (this session is in autocommit), and
      // only without a DEFAULT partition; otherwise the plain form, which waits LOCK_TIMEOUT at most.
      const concurrently = table.defaultPartition ? '' : ' concurrently';
      await sql.raw(`alter table ${ident(table.table)} detach partition ${ident(name)}${concurrently}`).execute(session);
      report.detached.push(name);
    }
  }
  return report;
}

async function listPartitions(session: Db, table: string): Promise<{ name: string; detachPending: boolean }[]> {
  const { rows } = await sql<{ name: string; detachPending: boolean }>`
    select d.relname as name, i.inhdetachpending as "detachPending"
      from pg_inherits i join pg_class d on d.oid = i.inhrelid
     where i.inhparent = ${table}::regclass`.execute(session);
  return rows;
}

async function monthsInDefault(session: Db, table: PartitionedTable): Promise<Date[]> {
  const { rows } = await sql<{ month: Date }>`
    select distinct date_trunc('month', ${sql.ref(table.column)} at time zone 'UTC') at time zone 'UTC' as month
      from ${sql.table(table.defaultPartition!)} order by 1`.execute(session);
  return rows.map((row) => new Date(row.month));
}

/**
 * Creates a month's partition. With a DEFAULT partition the month is built beside the table, the
 * default's rows of that month are moved into it and it is attached, in one transaction: attaching
 * checks that the default holds no row of the month, and takes only a SHARE UPDATE EXCLUSIVE lock
 * on the table, so writers of other months go on. Returns the rows moved.
 */
async function createMonth(session: Db, table: PartitionedTable, month: Date, name: string): Promise<number> {
  const bounds = `for values from ('${month.toISOString()}') to ('${monthStartUtc(month, 1).toISOString()}')`;
  if (!table.defaultPartition) {
    await sql.raw(`create table ${ident(name)} partition of ${ident(table.table)} ${bounds}`).execute(session);
    return 0;
  }
  await sql`begin`.execute(session);
  try {
    await sql.raw(`create table ${ident(name)} (like ${ident(table.table)} including defaults including constraints including storage)`).execute(session);
    const { rows } = await sql.raw<{ n: string }>(
      `with moved as (delete from ${ident(table.defaultPartition)} where ${ident(table.column)} >= '${month.toISOString()}' and ${ident(table.column)} < '${monthStartUtc(month, 1).toISOString()}' returning *),
            copied as (insert into ${ident(name)} select * from moved returning 1)
       select count(*)::text as n from copied`,
    ).execute(session);
    await sql.raw(`alter table ${ident(table.table)} attach partition ${ident(name)} ${bounds}`).execute(session);
    await sql`commit`.execute(session);
    return Number(rows[0]?.n ?? 0);
  } catch (error) {
    await sql`rollback`.execute(session);
    throw error;
  }
}

/** Table and partition names come from the catalogue; quoted anyway. */
function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The daily job; `npm run system -- partitions` runs the same pass by hand. */
export function partitionJobs(deps: { connectionString: string; policy: PartitionPolicy; now?: () => Date }): JobDefinition[] {
  return [
    {
      name: 'platform.partitions',
      cron: DAILY_AT_03_17_UTC,
      async handle(_data, { logger }) {
        const reports = await maintainPartitions(deps.connectionString, deps.policy, deps.now?.() ?? new Date(), logger);
        if (!reports) logger.info('partition maintenance already running elsewhere');
      },
    },
  ];
}
