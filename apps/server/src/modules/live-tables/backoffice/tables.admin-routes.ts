import { isDeepStrictEqual } from 'node:util';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, LiveAdminNewShoeSchema, LiveAdminTableChangeSchema, LiveAdminTableParamsSchema, LiveAdminTableSchema, LiveAdminTablesSchema, type LiveAdminTable, type OperatorPermission } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import * as repository from './console.repository.ts';
import { oncePerRequest } from './replay.ts';
import { actorOf, limitsView, storedLimits, tableView } from './views.ts';

export type AuditWriter = (executor: Db, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }) => Promise<void>;
export type LivePublish = (tableCode: string, message: { type: 'live.table_changed' | 'live.chat_removed'; messageId?: string }) => Promise<void>;

export interface LiveConsoleRouteDeps {
  db: Db;
  publish: LivePublish;
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  audit: AuditWriter;
  memberIdOf(account: string): Promise<bigint | undefined>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
}

export const ERRORS = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
export const schema = <T extends object>(summary: string, extra: T) => ({ tags: ['backoffice'], summary, security: [{ operator: [] }], ...extra });

const settingsView = (row: repository.TableSettingsRow) => ({ status: row.status, limits: limitsView(row.limits), bettingSeconds: Math.round(row.betting_ms / 1000) });

/**
 * /api/backoffice/live/tables: every table with its round in play and shoe; open or close one
 * (a closed table finishes its round and opens no new one), its limits and betting window; a new
 * baccarat shoe (the leader ends the current one after the hand in play and reveals its seed).
 * Each change is audited with its reason and request id, and the table's page is told to reload.
 */
export function tablesAdminRoutes(deps: LiveConsoleRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const read = { preHandler: deps.requireOperator('live.read') };
  const manage = { preHandler: deps.requireOperator('live.manage') };

  /** The table as this change left it: kept as the request's outcome, which a replay answers. */
  async function viewIn(executor: DbExecutor, code: string): Promise<LiveAdminTable> {
    const row = await repository.findTable(executor, code);
    if (!row) throw new AppError('live_console.table_not_found', 'no such table', { code });
    return tableView(row);
  }

  return async (app) => {
    app.get('/backoffice/live/tables', { schema: schema('Live tables with their status, limits, betting window, round in play and shoe', { response: { 200: LiveAdminTablesSchema, ...ERRORS } }), ...read }, async () => ({
      tables: (await repository.listTables(db)).map(tableView),
    }));

    app.patch(
      '/backoffice/live/tables/:code',
      { schema: schema('Open or close a table, change its limits per bet type and round maximum, or its betting window (seconds)', { params: LiveAdminTableParamsSchema, body: LiveAdminTableChangeSchema, response: { 200: LiveAdminTableSchema, ...ERRORS } }), ...manage },
      async (request) => {
        const actor = actorOf(request);
        const { requestId, reason, ...change } = request.body;
        const { code } = request.params;
        if (change.status === undefined && change.limits === undefined && change.bettingSeconds === undefined) throw new AppError('live_console.nothing_to_change', 'nothing to change');
        const { outcome, replayed } = await oncePerRequest(db, { requestId, operatorId: actor.id, action: `live.table.updated ${code}` }, async (tx) => {
          const before = await repository.lockTableSettings(tx, code);
          if (!before) throw new AppError('live_console.table_not_found', 'no such table', { code });
          const after: repository.TableSettingsRow = {
            ...before,
            status: change.status ?? before.status,
            limits: change.limits ? storedLimits(before.game, change.limits) : before.limits,
            betting_ms: change.bettingSeconds === undefined ? before.betting_ms : change.bettingSeconds * 1000,
          };
          const changed = !isDeepStrictEqual(after, before);
          if (changed) {
            await repository.saveTableSettings(tx, after);
            await deps.audit(tx as Db, { operatorId: actor.id, action: 'live.table.updated', targetType: 'live_table', targetId: code, details: { requestId, reason, before: settingsView(before), after: settingsView(after) }, ip: actor.ip });
          }
          return { changed, table: await viewIn(tx, code) };
        });
        if (outcome.changed && !replayed) await deps.publish(code, { type: 'live.table_changed' });
        return outcome.table;
      },
    );

    app.post(
      '/backoffice/live/tables/:code/new-shoe',
      { schema: schema('Baccarat: end the current shoe after the hand in play (its seed revealed); the next hand starts a new shuffled shoe', { params: LiveAdminTableParamsSchema, body: LiveAdminNewShoeSchema, response: { 200: LiveAdminTableSchema, ...ERRORS } }), ...manage },
      async (request) => {
        const actor = actorOf(request);
        const { requestId, reason } = request.body;
        const { code } = request.params;
        const { outcome, replayed } = await oncePerRequest(db, { requestId, operatorId: actor.id, action: `live.shoe.ending ${code}` }, async (tx) => {
          const table = await repository.lockTableSettings(tx, code);
          if (!table) throw new AppError('live_console.table_not_found', 'no such table', { code });
          if (table.game !== 'baccarat') throw new AppError('live_console.not_baccarat', 'only a baccarat table has a shoe', { code, game: table.game });
          const shoe = await repository.markShoeEnding(tx, code);
          if (!shoe) throw new AppError('live_console.no_shoe', 'the table has no shoe in play yet', { code });
          if (!shoe.was_ending) {
            await deps.audit(tx as Db, { operatorId: actor.id, action: 'live.shoe.ending', targetType: 'live_table', targetId: code, details: { requestId, reason, shoeId: shoe.id.toString(), shoeNumber: shoe.number, before: { ending: false }, after: { ending: true } }, ip: actor.ip });
          }
          return { changed: !shoe.was_ending, table: await viewIn(tx, code) };
        });
        if (outcome.changed && !replayed) await deps.publish(code, { type: 'live.table_changed' });
        return outcome.table;
      },
    );
  };
}
