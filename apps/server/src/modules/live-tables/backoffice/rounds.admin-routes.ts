import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LiveAdminIdParamsSchema, LiveAdminRoundDetailSchema, LiveAdminRoundsQuerySchema, LiveAdminRoundsSchema, type LiveAdminRound } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { LiveShoeRow } from '../rounds/rounds.repository.ts';
import { verificationOf } from '../rounds/verification.ts';
import * as repository from './console.repository.ts';
import { ERRORS, schema, type LiveConsoleRouteDeps } from './tables.admin-routes.ts';
import { money } from './views.ts';

/**
 * A round for operators: its result once dealt, bet totals from live_bet, and the verification
 * data as the player sees it (verificationOf): the seed only once it is revealed to players —
 * roulette after the result, baccarat once the shoe has ended — so the console never leaks a
 * shoe's later hands.
 */
function roundView(row: repository.ConsoleRoundRow, shoes: Map<bigint, LiveShoeRow>): LiveAdminRound {
  return {
    id: row.id.toString(),
    tableCode: row.table_code,
    game: row.game,
    number: row.number,
    phase: row.phase,
    result: row.phase === 'betting' ? null : row.result,
    bettingEndsAt: row.betting_ends_at.toISOString(),
    resultAt: row.result_at?.toISOString() ?? null,
    settledAt: row.settled_at?.toISOString() ?? null,
    bets: row.bets,
    players: row.players,
    staked: money(row.staked),
    paid: money(row.paid),
    unclosed: row.unclosed,
    verification: verificationOf(row, row.shoe_id === null ? undefined : shoes.get(row.shoe_id)),
  };
}

async function shoesOf(deps: LiveConsoleRouteDeps, rows: readonly repository.ConsoleRoundRow[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.shoe_id === null ? [] : [row.shoe_id])))];
  return new Map((await repository.shoesByIds(deps.db, ids)).map((shoe) => [shoe.id, shoe]));
}

/** /api/backoffice/live/rounds: rounds newest first by table, and one round with every bet. */
export function roundsAdminRoutes(deps: LiveConsoleRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const read = { preHandler: deps.requireOperator('live.read') };

  return async (app) => {
    app.get(
      '/backoffice/live/rounds',
      { schema: schema('Rounds newest first (by table): result, bets, players, staked, paid, bets still owed a money call, verification data', { querystring: LiveAdminRoundsQuerySchema, response: { 200: LiveAdminRoundsSchema, ...ERRORS } }), ...read },
      async (request) => {
        const { table, page, pageSize } = request.query;
        const rows = await repository.listRounds(db, { ...(table ? { tableCode: table } : {}), limit: pageSize, offset: (page - 1) * pageSize });
        const total = rows[0]?.total ?? (await repository.countRounds(db, table));
        const shoes = await shoesOf(deps, rows);
        return { rounds: rows.map((row) => roundView(row, shoes)), total, page, pageSize };
      },
    );

    app.get(
      '/backoffice/live/rounds/:id',
      { schema: schema('One round with every bet (account, chips, stake, win, status) and its verification data', { params: LiveAdminIdParamsSchema, response: { 200: LiveAdminRoundDetailSchema, ...ERRORS } }), ...read },
      async (request) => {
        const row = await repository.findConsoleRound(db, BigInt(request.params.id));
        if (!row) throw new AppError('live_console.round_not_found', 'no such round', { id: request.params.id });
        const bets = await repository.roundBets(db, row.id);
        const names = await deps.accountNamesOf([...new Set(bets.map((bet) => bet.member_id))]);
        return {
          round: roundView(row, await shoesOf(deps, [row])),
          bets: bets.map((bet) => ({
            id: bet.id.toString(),
            account: names.get(bet.member_id) ?? `#${bet.member_id}`,
            chips: bet.chips.map((chip) => ({ spot: chip.spot, amount: money(chip.amount), win: chip.win === undefined || chip.win === null ? null : money(chip.win) })),
            amount: money(bet.amount),
            win: bet.win === null ? null : money(bet.win),
            status: bet.status,
            createdAt: bet.created_at.toISOString(),
            closedAt: bet.closed_at?.toISOString() ?? null,
          })),
        };
      },
    );
  };
}
