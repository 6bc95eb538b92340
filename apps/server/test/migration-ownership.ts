import { existsSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, type MigrationFile } from '../src/platform/migrate.ts';

/**
 * Which module a migration belongs to and which tables its statements touch (issue 19, "each
 * module owns its tables"). A module's migrations may create, alter, index, trigger on, comment
 * on or write only tables (and functions, views, sequences) carrying its own prefix; another
 * module's data is read through that module's published functions and views, which reading SQL
 * does not show here and needs no check.
 *
 * The parser is deliberately plain: comments and quoted strings are removed, then each pattern
 * below is matched over the whole text, function bodies included (a trigger function that writes
 * someone else's table is the same leak as a statement that does).
 */

/** Table-name prefixes, longest first where one is the start of another. */
const PREFIX_OWNERS: readonly [prefix: string, module: string][] = [
  ['accounts_', 'accounts'],
  ['agents_', 'agents'],
  ['backoffice_', 'backoffice'],
  ['bonus_', 'bonus'],
  ['catalogue_', 'catalogue'],
  ['content_', 'content'],
  ['crash_', 'house-games'],
  ['house_', 'house-games'],
  ['jackpot_', 'house-games'],
  ['live_', 'live-tables'],
  ['lottery_', 'lottery'],
  ['messages_', 'messages'],
  ['feedback_', 'feedback'],
  ['support_', 'support-chat'],
  ['referral_', 'referral'],
  ['limits_', 'limits'],
  ['exclusion_', 'exclusion'],
  ['kyc_', 'kyc'],
  ['compliance_', 'compliance'],
  ['missions_', 'missions'],
  ['payments_', 'payments'],
  ['platform_', 'platform'],
  ['promotions_', 'promotions'],
  ['points_', 'points'],
  ['provider_', 'provider'],
  ['reports_', 'reports'],
  ['sportsbook_', 'sportsbook'],
  ['system_', 'system'],
  ['vip_', 'vip'],
  ['wallet_', 'wallet'],
];

export const MODULES = [...new Set(PREFIX_OWNERS.map(([, module]) => module))];

/** File-name words (NNNN_<word>_…) that are not a module's name: the house games' parts, and 0019's board. */
const FILE_WORD_MODULES: Record<string, string> = { house: 'house-games', jackpot: 'house-games', crash: 'house-games', winner: 'provider' };

/** From this migration on a file must say whose it is in its first line: `-- module: <name>`. */
export const FIRST_HEADED_MIGRATION = 45;

/** The module a file's first line names (`-- module: <name>`), if it does. */
function moduleHeaderOf(sql: string): string | undefined {
  return /^--\s*module:\s*([a-z-]+)\s*$/.exec(sql.split('\n', 1)[0] ?? '')?.[1];
}

export function ownerOfName(name: string): string | undefined {
  const bare = name.replace(/^public\./, '').replace(/"/g, '');
  return PREFIX_OWNERS.find(([prefix]) => bare.startsWith(prefix))?.[1];
}

export interface MigrationOwner {
  module?: string;
  problem?: string;
}

/** The owner of a migration file: its header from 0045 on (agreeing with its name), else its name. */
export function ownerOfMigration(fileName: string, sql: string): MigrationOwner {
  const match = /^(\d{4})_([a-z0-9]+)_/.exec(fileName);
  if (!match) return { problem: `${fileName}: not named NNNN_<module>_<action>.sql` };
  const word = match[2]!;
  const byName = FILE_WORD_MODULES[word] ?? (MODULES.includes(word) ? word : undefined);
  const header = moduleHeaderOf(sql);
  if (Number(match[1]) >= FIRST_HEADED_MIGRATION) {
    if (!header) return { problem: `${fileName}: the first line must be "-- module: <name>"` };
    if (!MODULES.includes(header)) return { problem: `${fileName}: unknown module "${header}"` };
    if (byName !== undefined && byName !== header) return { problem: `${fileName}: named for ${byName} but headed module ${header}` };
    return { module: header };
  }
  if (!byName) return { problem: `${fileName}: no module named "${word}"` };
  return { module: byName };
}

/** What a statement does to a table or object, e.g. `create trigger on provider_round`. */
export interface Touch {
  action: string;
  target: string;
}

const NAME = String.raw`((?:public\.)?"?[a-z_][a-z0-9_]*"?)`;
const TOUCH_PATTERNS: readonly [action: string, pattern: RegExp][] = [
  ['create index on', new RegExp(String.raw`\bcreate\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?(?:[a-z_][a-z0-9_]*\s+)?on\s+(?:only\s+)?${NAME}`, 'g')],
  ['create trigger on', new RegExp(String.raw`\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+[a-z_][a-z0-9_]*\s+[\s\S]*?\bon\s+${NAME}`, 'g')],
  ['drop trigger on', new RegExp(String.raw`\bdrop\s+trigger\s+(?:if\s+exists\s+)?[a-z_][a-z0-9_]*\s+on\s+${NAME}`, 'g')],
  ['create rule on', new RegExp(String.raw`\bcreate\s+(?:or\s+replace\s+)?rule\s+[a-z_][a-z0-9_]*\s+as\s+on\s+\w+\s+to\s+${NAME}`, 'g')],
  ['create policy on', new RegExp(String.raw`\bcreate\s+policy\s+[a-z_][a-z0-9_]*\s+on\s+${NAME}`, 'g')],
  ['alter table', new RegExp(String.raw`\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${NAME}`, 'g')],
  ['comment on', new RegExp(String.raw`\bcomment\s+on\s+(?:table|view|materialized\s+view|function|index|trigger\s+[a-z_][a-z0-9_]*\s+on)\s+${NAME}`, 'g')],
  ['comment on column', new RegExp(String.raw`\bcomment\s+on\s+column\s+${NAME}\.`, 'g')],
  ['create', new RegExp(String.raw`\bcreate\s+(?:or\s+replace\s+)?(?:unlogged\s+|temporary\s+|temp\s+)?(?:table|view|materialized\s+view|sequence|function|procedure|type|domain)\s+(?:if\s+not\s+exists\s+)?${NAME}`, 'g')],
  ['drop', new RegExp(String.raw`\bdrop\s+(?:table|view|materialized\s+view|sequence|function|procedure|type|domain|index)\s+(?:concurrently\s+)?(?:if\s+exists\s+)?${NAME}`, 'g')],
  ['alter', new RegExp(String.raw`\balter\s+(?:view|materialized\s+view|sequence|function|procedure|index|type|domain)\s+(?:if\s+exists\s+)?${NAME}`, 'g')],
  ['insert into', new RegExp(String.raw`\binsert\s+into\s+${NAME}`, 'g')],
  ['merge into', new RegExp(String.raw`\bmerge\s+into\s+${NAME}`, 'g')],
  ['delete from', new RegExp(String.raw`\bdelete\s+from\s+(?:only\s+)?${NAME}`, 'g')],
  ['truncate', new RegExp(String.raw`\btruncate\s+(?:table\s+)?(?:only\s+)?${NAME}`, 'g')],
  ['update', new RegExp(String.raw`\bupdate\s+(?:only\s+)?${NAME}`, 'g')],
];
/** Words after `update` or `truncate` that name no table (`do update set`, `on update cascade`, `before truncate on`). */
const NOT_A_TABLE = new Set(['set', 'of', 'on', 'or', 'skip', 'nowait', 'cascade', 'restrict', 'no']);

/** The text with comments and quoted strings blanked (dollar-quoted bodies are code and stay). */
export function stripCommentsAndStrings(sql: string): string {
  return sql
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .toLowerCase();
}

export function touchesOf(sql: string): Touch[] {
  const text = stripCommentsAndStrings(sql);
  const touches: Touch[] = [];
  for (const [action, pattern] of TOUCH_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const target = match[1]!.replace(/^public\./, '').replace(/"/g, '');
      if ((action === 'update' || action === 'truncate') && NOT_A_TABLE.has(target)) continue;
      touches.push({ action, target });
    }
  }
  return touches;
}

export interface Violation extends Touch {
  file: string;
  module: string;
  /** The module the target belongs to, or undefined when its name has no module prefix. */
  owner: string | undefined;
}

/** Every statement of a migration that touches what is not its module's (or names nothing known). */
export function violationsOf(fileName: string, sql: string): { problem?: string; violations: Violation[] } {
  const { module, problem } = ownerOfMigration(fileName, sql);
  if (!module) return { problem, violations: [] };
  const violations: Violation[] = [];
  for (const touch of touchesOf(sql)) {
    const owner = ownerOfName(touch.target);
    if (owner !== module) violations.push({ file: fileName, module, owner, ...touch });
  }
  return { violations };
}

export function describeViolation(violation: Violation): string {
  return `${violation.file} (${violation.module}): ${violation.action} ${violation.target} (${violation.owner ?? 'no module prefix'})`;
}

/**
 * Historic migrations that touched another module's table, each with the migration that undid it
 * or why it stays. Landed migrations are never edited, so these cannot go away; anything not
 * listed here fails. A new cross-module need is met by the owner's migration (a published view,
 * function or hook), never by an entry here.
 */
export const HISTORIC_EXCEPTIONS: Record<string, { undoneBy: string } | { stays: string }> = {
  '0005_accounts_human_checks.sql (accounts): create system_secret (system)': {
    stays: 'the system module has owned system_secret since; accounts only created it first',
  },
  '0020_jackpot_pools.sql (house-games): alter table wallet_journal (wallet)': {
    stays: "the 'jackpot' journal type is the wallet's list now; re-adding the check would rescan the whole ledger",
  },
  '0024_agents_tree.sql (agents): create trigger on accounts_member (accounts)': { undoneBy: '0046_accounts_published_api.sql' },
  '0025_agents_commissions.sql (agents): create trigger on provider_round (provider)': { undoneBy: '0047_provider_round_hooks.sql' },
  '0025_agents_commissions.sql (agents): alter table provider_round (provider)': { undoneBy: '0047_provider_round_hooks.sql' },
  '0025_agents_commissions.sql (agents): alter table content_item (content)': {
    stays: "'agent_notice' is one of the content module's kinds now (its service validates it)",
  },
  '0025_agents_commissions.sql (agents): create index on accounts_member (accounts)': {
    stays: 'index only (agents\' new members by period); moving it would rebuild it on the members table',
  },
  '0025_agents_commissions.sql (agents): create index on payments_deposit (payments)': { stays: 'index only (team deposits by period)' },
  '0025_agents_commissions.sql (agents): create index on payments_withdrawal (payments)': { stays: 'index only (team withdrawals by period)' },
  '0031_reports_rollups.sql (reports): create index on wallet_journal (wallet)': { stays: 'index only (bonuses and adjustments by time)' },
  '0031_reports_rollups.sql (reports): create index on accounts_session (accounts)': { stays: 'index only (logins by time)' },
  '0033_agents_backoffice.sql (agents): create index on accounts_member (accounts)': { stays: 'index only (top agents by account)' },
};

/**
 * Every problem with a set of migrations: a file of no known module or without its header, a
 * statement touching another module's table not listed above, an exception nothing matches any
 * more, an exception undone by a file that does not exist. Empty when all is well.
 */
export function checkMigrations(migrations: readonly Pick<MigrationFile, 'name' | 'sql'>[]): string[] {
  const problems: string[] = [];
  const found = new Set<string>();
  for (const migration of migrations) {
    const { problem, violations } = violationsOf(migration.name, migration.sql);
    if (problem) problems.push(problem);
    for (const violation of violations) found.add(describeViolation(violation));
  }
  problems.push(...[...found].filter((violation) => !(violation in HISTORIC_EXCEPTIONS)));
  for (const [entry, exception] of Object.entries(HISTORIC_EXCEPTIONS)) {
    if (!found.has(entry)) problems.push(`stale exception (nothing matches it): ${entry}`);
    if ('undoneBy' in exception && !existsSync(path.join(MIGRATIONS_DIR, exception.undoneBy))) problems.push(`${entry}: undone by a missing file ${exception.undoneBy}`);
  }
  return problems;
}

/**
 * The re-appliable definitions (apps/server/sql/<module>/<name>.sql) follow the same rule: a
 * file's first line names its module, which must be its folder, and its statements touch only
 * that module's objects.
 */
export function checkDefinitions(definitions: readonly Pick<MigrationFile, 'name' | 'sql'>[]): string[] {
  const problems: string[] = [];
  for (const definition of definitions) {
    const folder = definition.name.split('/')[0]!;
    if (moduleHeaderOf(definition.sql) !== folder) problems.push(`${definition.name}: the first line must be "-- module: ${folder}"`);
    for (const touch of touchesOf(definition.sql)) {
      const owner = ownerOfName(touch.target);
      if (owner !== folder) problems.push(`${definition.name} (${folder}): ${touch.action} ${touch.target} (${owner ?? 'no module prefix'})`);
    }
  }
  return problems;
}
