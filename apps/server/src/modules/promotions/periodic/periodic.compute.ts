import { sql } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { PeriodicKind } from './periodic.repository.ts';

/** What one period's computation needs, fixed when its run opens. */
export interface PeriodContext {
  runId: bigint;
  promotionId: bigint;
  kind: PeriodicKind;
  /** The period's first day (yyyy-mm-dd, site time zone): part of each reward's source key. */
  periodFrom: string;
  /** Play counted: settled at or after `from` (and the member's join), before `to`. */
  from: Date;
  to: Date;
  /** The most one member receives per period (the promotion's reward amount), in centavos. */
  maxPerMember: bigint;
  reward: { kind: 'cash' | 'bonus'; wageringMultiple: string | null; expiryDays: number | null };
  /** Days the member has to claim (the promotion's reward_expiry_days): each reward's expires_at. */
  claimDays: number;
}

export interface BatchOutcome {
  /** The last member id of the batch; null when no member was left. */
  lastMemberId: bigint | null;
  members: number;
  total: bigint;
}

/**
 * One batch of a period, set-based, in the caller's transaction: the next `size` members who joined
 * the promotion after `cursor` (ascending id), their play in the period from the agents' published
 * facts (agents_v_settled_play, with provider_v_round's game type for the rebate's product type),
 * and one reward each, keyed by promotion, period and member so nothing is issued twice. Play
 * counts from the member's join. Amounts are rounded down to the centavo and capped by the
 * promotion's reward amount. Moves the run's cursor and totals in the same transaction, so the
 * run record always agrees with the rewards committed.
 */
export async function runBatch(db: DbExecutor, period: PeriodContext, cursor: bigint, size: number): Promise<BatchOutcome> {
  const bound = await sql<{ hi: bigint | null }>`
    select max(member_id) as hi from (
      select member_id from promotions_participation
      where promotion_id = ${period.promotionId} and state = 'joined' and member_id > ${cursor}
      order by member_id limit ${size}
    ) as batch`.execute(db);
  const hi = bound.rows[0]?.hi ?? null;
  if (hi === null) return { lastMemberId: null, members: 0, total: 0n };

  const keyPrefix = `${period.kind}:${period.promotionId}:${period.periodFrom}:`;
  // Members already rewarded for the period (an earlier run's batches) are skipped before their
  // play is read: a re-run after a crash costs the missing members only.
  const members = sql`
    members as (
      select p.member_id, greatest(p.created_at, ${period.from}::timestamptz) as since from promotions_participation p
      where p.promotion_id = ${period.promotionId} and p.state = 'joined' and p.member_id > ${cursor} and p.member_id <= ${hi}
        and not exists (select 1 from promotions_reward r where r.source_key = ${keyPrefix} || p.member_id)
    )`;
  const owed =
    period.kind === 'rebate'
      ? sql`
    play as (
      select f.member_id, promotions_product_type(r.game_type) as product_type, sum(f.valid_bet) as valid_bet
      from members m
      join agents_v_settled_play f on f.member_id = m.member_id and f.settled_at >= m.since and f.settled_at < ${period.to}::timestamptz
      join provider_v_round r on r.vendor_code = f.vendor_code and r.member_id = f.member_id and r.round_id = f.round_id
      group by 1, 2
    ),
    owed as (
      -- The member's VIP level when the run computes (vip_v_member_rank; no row = 0) picks the
      -- rate: the promotion's own row of the highest level not above it, and for a product type
      -- the promotion leaves out, the VIP level's own rebate (vip_v_level_rebate).
      select play.member_id, sum(floor(greatest(play.valid_bet, 0) * rate.rate_percent / 100))::bigint as amount
      from play
      left join vip_v_member_rank vip on vip.member_id = play.member_id
      join lateral (
        select coalesce(
          (select own.rate_percent from promotions_rebate_rate own
           where own.promotion_id = ${period.promotionId} and own.product_type = play.product_type and own.vip_level <= coalesce(vip.rank, 0)
           order by own.vip_level desc limit 1),
          (select level.rate_percent from vip_v_level_rebate level where level.rank = coalesce(vip.rank, 0) and level.product_type = play.product_type)
        ) as rate_percent
      ) as rate on rate.rate_percent is not null
      group by 1
    )`
      : sql`
    owed as (
      select loss.member_id, floor(loss.net_loss * config.cashback_percent / 100)::bigint as amount
      from (
        select f.member_id, sum(f.stake) - sum(f.payout) as net_loss
        from members m join agents_v_settled_play f on f.member_id = m.member_id and f.settled_at >= m.since and f.settled_at < ${period.to}::timestamptz
        group by 1
      ) as loss
      join promotions_periodic_config config on config.promotion_id = ${period.promotionId}
      where loss.net_loss > 0 and loss.net_loss >= config.cashback_min_net_loss
    )`;
  const result = await sql<{ members: number; total: bigint }>`
    with ${members}, ${owed},
    issued as (
      insert into promotions_reward (promotion_id, member_id, source_key, kind, amount, wagering_multiple, expiry_days, expires_at)
      select ${period.promotionId}, member_id, ${keyPrefix} || member_id,
        ${period.reward.kind}, least(amount, ${period.maxPerMember}), ${period.reward.wageringMultiple}::numeric, ${period.reward.expiryDays}::integer,
        now() + ${period.claimDays}::integer * interval '1 day'
      from owed where amount > 0
      on conflict (source_key) do nothing
      returning amount
    )
    select count(*)::int as members, coalesce(sum(amount), 0)::bigint as total from issued`.execute(db);
  const outcome = result.rows[0]!;
  const moved = await sql`
    update promotions_periodic_run set batches = batches + 1, last_member_id = ${hi}, members_rewarded = members_rewarded + ${outcome.members},
      total = total + ${outcome.total}, heartbeat_at = now()
    where id = ${period.runId} and status = 'running'`.execute(db);
  // Another run took the period over (this one was taken as dead): this batch is undone.
  if (moved.numAffectedRows !== 1n) throw new Error(`run ${period.runId} is no longer running`);
  return { lastMemberId: hi, members: outcome.members, total: BigInt(outcome.total) };
}
