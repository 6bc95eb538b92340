import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { PrizeRow } from './prize-table.ts';

export interface GameRow {
  promotionId: bigint;
  freeTickets: number;
  depositStep: bigint | null;
  betStep: bigint | null;
  maxTickets: number | null;
  version: number;
  tableHash: string | null;
  drawAt: Date | null;
  drawnAt: Date | null;
}

const GAME_COLUMNS = ['promotion_id', 'free_tickets', 'deposit_step', 'bet_step', 'max_tickets', 'version', 'table_hash', 'draw_at', 'drawn_at'] as const;

export async function findGame(db: DbExecutor, promotionId: bigint, options: { forUpdate?: boolean } = {}): Promise<GameRow | undefined> {
  let query = db.selectFrom('promotions_game').select(GAME_COLUMNS).where('promotion_id', '=', promotionId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? {
        promotionId: row.promotion_id,
        freeTickets: row.free_tickets,
        depositStep: row.deposit_step,
        betStep: row.bet_step,
        maxTickets: row.max_tickets,
        version: row.version,
        tableHash: row.table_hash,
        drawAt: row.draw_at,
        drawnAt: row.drawn_at,
      }
    : undefined;
}

/** Writes the settings and, as a new version, the prize table. Answers the new version. */
export async function saveGame(
  db: DbExecutor,
  input: { promotionId: bigint; freeTickets: number; depositStep: bigint | null; betStep: bigint | null; maxTickets: number | null; drawAt: Date | null; prizes: PrizeRow[]; hash: string; updatedBy: string },
): Promise<number> {
  await db
    .insertInto('promotions_game')
    .values({ promotion_id: input.promotionId, updated_by: input.updatedBy })
    .onConflict((conflict) => conflict.column('promotion_id').doNothing())
    .execute();
  const current = await findGame(db, input.promotionId, { forUpdate: true });
  const version = current!.version + 1;
  await db
    .insertInto('promotions_game_prize')
    .values(
      input.prizes.map((prize) => ({
        promotion_id: input.promotionId,
        version,
        seq: prize.seq,
        label_pt: prize.labelPt,
        label_en: prize.labelEn,
        kind: prize.kind,
        amount: prize.amount,
        wagering_multiple: prize.wageringMultiple === null ? null : prize.wageringMultiple.toFixed(2),
        expiry_days: prize.expiryDays,
        weight: prize.weight,
      })),
    )
    .execute();
  await db
    .updateTable('promotions_game')
    .set({
      free_tickets: input.freeTickets,
      deposit_step: input.depositStep,
      bet_step: input.betStep,
      max_tickets: input.maxTickets,
      draw_at: input.drawAt,
      version,
      table_hash: input.hash,
      updated_at: sql<Date>`now()`,
      updated_by: input.updatedBy,
    })
    .where('promotion_id', '=', input.promotionId)
    .execute();
  return version;
}

export async function prizesOf(db: DbExecutor, promotionId: bigint, version: number): Promise<PrizeRow[]> {
  const rows = await db.selectFrom('promotions_game_prize').selectAll().where('promotion_id', '=', promotionId).where('version', '=', version).orderBy('seq').execute();
  return rows.map((row) => ({
    seq: row.seq,
    labelPt: row.label_pt,
    labelEn: row.label_en,
    kind: row.kind,
    amount: row.amount,
    wageringMultiple: row.wagering_multiple === null ? null : Number(row.wagering_multiple),
    expiryDays: row.expiry_days,
    weight: row.weight,
  }));
}

/**
 * What the member's activity during the promotion earned, from the published views: deposits
 * credited in [start, end) (payments_v_deposit) and valid bet of rolled-up days from the start's
 * day to the end's (agents_v_member_day).
 */
export async function activityOf(db: DbExecutor, memberId: bigint, startsAt: Date, endsAt: Date | null): Promise<{ deposits: bigint; validBet: bigint }> {
  const end = endsAt ?? new Date('9999-12-31T00:00:00Z');
  const { rows } = await sql<{ deposits: string; valid_bet: string }>`
    select
      (select coalesce(sum(credited_amount), 0)::text from payments_v_deposit
        where member_id = ${memberId} and status = 'credited' and credited_at >= ${startsAt} and credited_at < ${end}) as deposits,
      (select coalesce(sum(valid_bet), 0)::text from agents_v_member_day
        where member_id = ${memberId} and day >= ${startsAt}::date and day <= ${end}::date) as valid_bet`.execute(db);
  return { deposits: BigInt(rows[0]!.deposits), validBet: BigInt(rows[0]!.valid_bet) };
}

/** Tickets used: draws made (wheel, eggs) or tickets entered (raffle). */
export async function ticketsUsed(db: DbExecutor, promotionId: bigint, memberId: bigint, raffle: boolean): Promise<number> {
  if (raffle) {
    const row = await db.selectFrom('promotions_raffle_entry').select(sql<string>`coalesce(sum(tickets), 0)::text`.as('used')).where('promotion_id', '=', promotionId).where('member_id', '=', memberId).executeTakeFirstOrThrow();
    return Number(row.used);
  }
  const row = await db.selectFrom('promotions_game_draw').select((eb) => eb.fn.countAll<string>().as('used')).where('promotion_id', '=', promotionId).where('member_id', '=', memberId).executeTakeFirstOrThrow();
  return Number(row.used);
}

export interface DrawRow {
  id: bigint;
  promotionId: bigint;
  memberId: bigint;
  ticketNo: number;
  version: number;
  tableHash: string;
  totalWeight: number;
  randomValue: number;
  prizeSeq: number;
  choice: number | null;
  rewardId: bigint | null;
  createdAt: Date;
}

const DRAW_COLUMNS = ['id', 'promotion_id', 'member_id', 'ticket_no', 'version', 'table_hash', 'total_weight', 'random_value', 'prize_seq', 'choice', 'reward_id', 'created_at'] as const;

function toDraw(row: { id: bigint; promotion_id: bigint; member_id: bigint; ticket_no: number; version: number; table_hash: string; total_weight: number; random_value: number; prize_seq: number; choice: number | null; reward_id: bigint | null; created_at: Date }): DrawRow {
  return {
    id: row.id,
    promotionId: row.promotion_id,
    memberId: row.member_id,
    ticketNo: row.ticket_no,
    version: row.version,
    tableHash: row.table_hash,
    totalWeight: row.total_weight,
    randomValue: row.random_value,
    prizeSeq: row.prize_seq,
    choice: row.choice,
    rewardId: row.reward_id,
    createdAt: row.created_at,
  };
}

export async function findDrawByKey(db: DbExecutor, promotionId: bigint, memberId: bigint, key: string): Promise<DrawRow | undefined> {
  const row = await db.selectFrom('promotions_game_draw').select(DRAW_COLUMNS).where('promotion_id', '=', promotionId).where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();
  return row ? toDraw(row) : undefined;
}

export async function insertDraw(db: DbExecutor, draw: Omit<DrawRow, 'id' | 'createdAt' | 'rewardId'> & { idempotencyKey: string | null }): Promise<DrawRow> {
  const row = await db
    .insertInto('promotions_game_draw')
    .values({
      promotion_id: draw.promotionId,
      member_id: draw.memberId,
      ticket_no: draw.ticketNo,
      idempotency_key: draw.idempotencyKey,
      version: draw.version,
      table_hash: draw.tableHash,
      total_weight: draw.totalWeight,
      random_value: draw.randomValue,
      prize_seq: draw.prizeSeq,
      choice: draw.choice,
    })
    .returning(DRAW_COLUMNS)
    .executeTakeFirstOrThrow();
  return toDraw(row);
}

export async function setDrawReward(db: DbExecutor, drawId: bigint, rewardId: bigint): Promise<void> {
  await db.updateTable('promotions_game_draw').set({ reward_id: rewardId }).where('id', '=', drawId).execute();
}

export async function drawsOf(db: DbExecutor, promotionId: bigint, memberId: bigint, limit: number): Promise<DrawRow[]> {
  const rows = await db.selectFrom('promotions_game_draw').select(DRAW_COLUMNS).where('promotion_id', '=', promotionId).where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toDraw);
}

export async function drawStats(db: DbExecutor, promotionId: bigint): Promise<{ draws: number }> {
  const row = await db.selectFrom('promotions_game_draw').select((eb) => eb.fn.countAll<string>().as('draws')).where('promotion_id', '=', promotionId).executeTakeFirstOrThrow();
  return { draws: Number(row.draws) };
}

export async function findEntryByKey(db: DbExecutor, promotionId: bigint, memberId: bigint, key: string): Promise<boolean> {
  return (await db.selectFrom('promotions_raffle_entry').select('id').where('promotion_id', '=', promotionId).where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst()) !== undefined;
}

export async function insertEntry(db: DbExecutor, entry: { promotionId: bigint; memberId: bigint; tickets: number; key: string }): Promise<void> {
  await db.insertInto('promotions_raffle_entry').values({ promotion_id: entry.promotionId, member_id: entry.memberId, tickets: entry.tickets, idempotency_key: entry.key }).execute();
}

export async function entriesOf(db: DbExecutor, promotionId: bigint): Promise<Map<bigint, number>> {
  const rows = await db.selectFrom('promotions_raffle_entry').select(['member_id', sql<string>`sum(tickets)::text`.as('tickets')]).where('promotion_id', '=', promotionId).groupBy('member_id').execute();
  return new Map(rows.map((row) => [row.member_id, Number(row.tickets)]));
}

export async function ticketsEntered(db: DbExecutor, promotionId: bigint): Promise<number> {
  const row = await db.selectFrom('promotions_raffle_entry').select(sql<string>`coalesce(sum(tickets), 0)::text`.as('tickets')).where('promotion_id', '=', promotionId).executeTakeFirstOrThrow();
  return Number(row.tickets);
}

/** Raffles whose draw time has come and that were not drawn. */
export async function dueRaffles(db: DbExecutor, now: Date): Promise<bigint[]> {
  const rows = await db.selectFrom('promotions_game').select('promotion_id').where('draw_at', '<=', now).where('drawn_at', 'is', null).execute();
  return rows.map((row) => row.promotion_id);
}

export async function insertWinner(db: DbExecutor, winner: { promotionId: bigint; place: number; memberId: bigint; version: number; prizeSeq: number; randomValue: number; ticketsInDraw: number; rewardId: bigint | null }): Promise<void> {
  await db
    .insertInto('promotions_raffle_winner')
    .values({
      promotion_id: winner.promotionId,
      place: winner.place,
      member_id: winner.memberId,
      version: winner.version,
      prize_seq: winner.prizeSeq,
      random_value: winner.randomValue,
      tickets_in_draw: winner.ticketsInDraw,
      reward_id: winner.rewardId,
    })
    .execute();
}

export async function markDrawn(db: DbExecutor, promotionId: bigint, at: Date): Promise<void> {
  await db.updateTable('promotions_game').set({ drawn_at: at }).where('promotion_id', '=', promotionId).execute();
}

/** The winners with their account names (accounts' published view). */
export async function winnersOf(db: DbExecutor, promotionId: bigint): Promise<{ place: number; memberId: bigint; account: string; version: number; prizeSeq: number }[]> {
  const rows = await db
    .selectFrom('promotions_raffle_winner as w')
    .innerJoin('accounts_v_member as m', 'm.id', 'w.member_id')
    .select(['w.place', 'w.member_id', 'm.account', 'w.version', 'w.prize_seq'])
    .where('w.promotion_id', '=', promotionId)
    .orderBy('w.place')
    .execute();
  return rows.map((row) => ({ place: row.place, memberId: row.member_id, account: row.account, version: row.version, prizeSeq: row.prize_seq }));
}

/** What the game's prizes paid: the rewards its draws and winners made (claimed or not). */
export async function prizesPaid(db: DbExecutor, promotionId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('promotions_reward')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('paid'))
    .where('promotion_id', '=', promotionId)
    .where((eb) => eb.or([eb('source_key', 'like', 'wheel:%'), eb('source_key', 'like', 'egg:%'), eb('source_key', 'like', 'raffle:%')]))
    .executeTakeFirstOrThrow();
  return BigInt(row.paid);
}
