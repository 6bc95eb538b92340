import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ticketTotalCents, type LotteryFamily } from '@app/contracts';
import { formatCents } from '@app/kernel';
import { bearer, loginAs, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { testLogger, type TestContext } from '../../../test/test-context.ts';
import { createLotteryModule, type LotteryMoneyPorts } from './index.ts';

/** Test helpers of the lottery module on a real PostgreSQL through the whole app. */
export function lotteryFixtures(ctx: () => TestContext) {
  const api = () => ctx().core.modules.lottery.api;

  /** A draw of `gameCode` made for the test, open (closing in an hour) unless told otherwise. */
  async function newDraw(gameCode = 'VN_HCM', options: { status?: string; closesInMs?: number; drawInMs?: number; secret?: string; commitHash?: string } = {}): Promise<bigint> {
    const closesIn = options.closesInMs ?? 3_600_000;
    const drawIn = options.drawInMs ?? closesIn + 60_000;
    const row = await sql<{ id: bigint }>`
      insert into lottery_draw (game_code, draw_no, status, closes_at, draw_at, secret, commit_hash)
      values (${gameCode}, ${`T-${randomBytes(6).toString('hex')}`}, ${options.status ?? 'open'}, now() + make_interval(secs => ${closesIn / 1000}),
              now() + make_interval(secs => ${drawIn / 1000}), ${options.secret ?? null}, ${options.commitHash ?? null})
      returning id`.execute(ctx().core.db);
    return BigInt(row.rows[0]!.id);
  }

  async function player(balance = 1_000_00n): Promise<{ member: TestPlayer; token: string }> {
    const member = await newPlayer(ctx().core, { balance });
    return { member, token: await loginAs(ctx().app, member) };
  }

  /** The body of a ticket with its total computed by the rules (override anything). */
  function ticket(drawId: bigint, family: LotteryFamily, body: { betType: string; selections: string[]; unitStake?: string } & Record<string, unknown>) {
    const unitStake = body.unitStake ?? '1.00';
    const total = ticketTotalCents(family, body.betType, [...body.selections], BigInt(Math.round(Number(unitStake) * 100)));
    return { requestId: randomUUID(), drawId: drawId.toString(), unitStake, expectedTotal: formatCents(total), ...body };
  }

  async function place(token: string, body: Record<string, unknown>) {
    const response = await ctx().app.inject({ method: 'POST', url: '/api/lottery/tickets', headers: bearer(token), payload: body });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  }

  const cash = (member: TestPlayer) => ctx().core.modules.wallet.api.cashOf(member.id);

  async function drawStatus(id: bigint): Promise<string> {
    return (await sql<{ status: string }>`select status from lottery_draw where id = ${id}`.execute(ctx().core.db)).rows[0]!.status;
  }

  /** The app's money ports (the same the compose wires), optionally wrapped. */
  function moneyPorts(wrap?: (ports: LotteryMoneyPorts) => LotteryMoneyPorts): LotteryMoneyPorts {
    const { provider, catalogue, accounts } = ctx().core.modules;
    const ports: LotteryMoneyPorts = {
      handle: provider.api.callbacks.handle,
      handleMany: provider.api.batchCallbacks.handleMany,
      ensureSeamlessVendor: catalogue.api.ensureSeamlessVendor,
      ensureVendorSecret: provider.api.ensureVendorSecret,
      issueLaunchToken: catalogue.api.issueLaunchToken,
      assertAgeVerified: accounts.api.assertAgeVerified,
    };
    return wrap ? wrap(ports) : ports;
  }

  /** A second lottery module on the same database (another process, or one with test tuning). */
  function secondModule(options: { planChunk?: number; wrap?: (ports: LotteryMoneyPorts) => LotteryMoneyPorts } = {}) {
    return createLotteryModule({ db: ctx().core.db, logger: testLogger, money: moneyPorts(options.wrap), ...(options.planChunk ? { tuning: { planChunk: options.planChunk } } : {}) });
  }

  return { api, newDraw, player, ticket, place, cash, drawStatus, moneyPorts, secondModule };
}
