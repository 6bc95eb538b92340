import { isDeepStrictEqual } from 'node:util';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  LotteryAdminGameListSchema,
  LotteryAdminGameParamsSchema,
  LotteryAdminGameSchema,
  LotteryAdminGameUpdateSchema,
  LotteryAdminOddsListSchema,
  LotteryAdminOddsParamsSchema,
  LotteryAdminOddsQuerySchema,
  LotteryAdminOddsRowSchema,
  LotteryAdminOddsUpdateSchema,
  type LotteryAdminOddsRow,
  type OperatorPermission,
} from '@app/contracts';
import { AppError, parseCents } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import * as repository from './console.repository.ts';
import type { AuditWriter } from './draw-decisions.service.ts';
import { actorOf, gameView, money } from './views.ts';

export interface LotteryConsoleRouteDeps {
  db: Db;
  requireOperator(permission?: OperatorPermission): preHandlerAsyncHookHandler;
  audit: AuditWriter;
}

export const ERRORS = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
export const schema = <T extends object>(summary: string, extra: T) => ({ tags: ['backoffice'], summary, security: [{ operator: [] }], ...extra });

const oddsView = (row: repository.OddsRow): LotteryAdminOddsRow => ({
  gameCode: row.game_code,
  family: row.family,
  prizeMode: row.prize_mode as LotteryAdminOddsRow['prizeMode'],
  betType: row.bet_type,
  odds: row.odds,
  enabled: row.enabled,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at.toISOString(),
});

/**
 * /api/backoffice/lottery: games with their schedules (switch, close-before, default liability cap
 * per number) and the odds tables. A change is a new value, so a repeated request changes nothing
 * more; each change is audited with its before and after and the console's request id. Tickets
 * lock their odds table when accepted: a new table applies to the tickets placed after it.
 */
export function gamesAdminRoutes(deps: LotteryConsoleRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const read = { preHandler: deps.requireOperator('lottery.read') };
  const manage = { preHandler: deps.requireOperator('lottery.manage') };

  return async (app) => {
    app.get('/backoffice/lottery/games', { schema: schema('Lottery games with their schedule, close-before, limits and next draw', { response: { 200: LotteryAdminGameListSchema, ...ERRORS } }), ...read }, async () => ({
      games: (await repository.listGames(db)).map(gameView),
    }));

    app.patch(
      '/backoffice/lottery/games/:code',
      { schema: schema("Switch a game on or off, change its close-before (seconds) or its default liability cap per number", { params: LotteryAdminGameParamsSchema, body: LotteryAdminGameUpdateSchema, response: { 200: LotteryAdminGameSchema, ...ERRORS } }), ...manage },
      async (request) => {
        const actor = actorOf(request);
        const { requestId, ...change } = request.body;
        const code = request.params.code;
        const cap = change.numberLiability === undefined ? undefined : parseCents(change.numberLiability);
        if (cap !== undefined && cap <= 0n) throw new AppError('lottery_console.amount_invalid', 'the cap is above 0');
        await db.transaction().execute(async (tx) => {
          const before = await repository.lockGameSettings(tx, code);
          if (!before) throw new AppError('lottery_console.game_not_found', 'no such game', { code });
          const after = { code, enabled: change.enabled ?? before.enabled, close_before_ms: change.closeBeforeSeconds === undefined ? before.close_before_ms : change.closeBeforeSeconds * 1000, number_liability_cents: cap ?? before.number_liability_cents };
          if (isDeepStrictEqual(after, before)) return;
          await repository.saveGameSettings(tx, after);
          const view = (row: repository.GameSettingsRow) => ({ enabled: row.enabled, closeBeforeSeconds: row.close_before_ms / 1000, numberLiability: money(row.number_liability_cents) });
          await deps.audit(tx as Db, { operatorId: actor.id, action: 'lottery.game.updated', targetType: 'lottery_game', targetId: code, details: { requestId, before: view(before), after: view(after) }, ip: actor.ip });
        });
        const game = (await repository.listGames(db)).find((row) => row.code === code)!;
        return gameView(game);
      },
    );

    app.get('/backoffice/lottery/odds', { schema: schema('Odds tables by game and prize mode (payout per unit staked per hit, thousandths)', { querystring: LotteryAdminOddsQuerySchema, response: { 200: LotteryAdminOddsListSchema, ...ERRORS } }), ...read }, async (request) => ({
      tables: (await repository.listOdds(db, request.query)).map(oddsView),
    }));

    app.put(
      '/backoffice/lottery/odds/:code/:prizeMode/:betType',
      { schema: schema('Replace one odds table (same prize keys, each value 1.000× to 1,000,000×); tickets placed afterwards lock the new one', { params: LotteryAdminOddsParamsSchema, body: LotteryAdminOddsUpdateSchema, response: { 200: LotteryAdminOddsRowSchema, ...ERRORS } }), ...manage },
      async (request) => {
        const actor = actorOf(request);
        const key = { gameCode: request.params.code, prizeMode: request.params.prizeMode, betType: request.params.betType };
        const { requestId, odds, enabled } = request.body;
        return db.transaction().execute(async (tx) => {
          const before = await repository.lockOdds(tx, key);
          if (!before) throw new AppError('lottery_console.odds_not_found', 'no such odds table', key);
          // The prize keys are the bet type's rules (docs/lottery-rules.md): an edit changes values only.
          const keysBefore = Object.keys(before.odds).sort();
          if (!isDeepStrictEqual(Object.keys(odds).sort(), keysBefore)) throw new AppError('lottery_console.odds_keys_mismatch', 'the table keeps the same prize keys', { keys: keysBefore });
          const after = { odds, enabled: enabled ?? before.enabled };
          if (isDeepStrictEqual(after, { odds: before.odds, enabled: before.enabled })) return oddsView(before);
          await repository.saveOdds(tx, key, { ...after, actor: actor.username });
          await deps.audit(tx as Db, { operatorId: actor.id, action: 'lottery.odds.updated', targetType: 'lottery_odds', targetId: `${key.gameCode} ${key.prizeMode} ${key.betType}`, details: { requestId, before: { odds: before.odds, enabled: before.enabled }, after }, ip: actor.ip });
          return oddsView((await repository.lockOdds(tx, key))!);
        });
      },
    );
  };
}
