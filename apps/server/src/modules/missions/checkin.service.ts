import { sql } from 'kysely';
import { CHECKIN_DAYS, type CheckinResult, type CheckinState } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { addDays, calendarAt } from './calendar.ts';
import type { MissionsPorts } from './missions.ports.ts';
import * as repository from './missions.repository.ts';
import { rewardView } from './present.ts';

const DAY_MS = 86_400_000;
const BONUS_DAYS = 30;

/**
 * The sign-in check-in: one a local day; the streak counts consecutive days (a missed day starts
 * it again at 1); streak days 1…7 pay the reward table's day, day 8 and on pay day 7's.
 */
export function createCheckinService(deps: { db: Db; ports: MissionsPorts; now: () => Date }) {
  const { db, ports } = deps;

  async function stateOn(executor: DbExecutor, memberId: bigint, today: string): Promise<CheckinState> {
    const [rewards, rows] = await Promise.all([repository.checkinRewards(executor), repository.checkinsOn(executor, memberId, [today, addDays(today, -1)])]);
    const todays = rows.find((row) => row.day === today);
    const yesterdays = rows.find((row) => row.day !== today);
    const streak = todays?.streak ?? yesterdays?.streak ?? 0;
    const nextDay = (todays?.streak ?? yesterdays?.streak ?? 0) + 1;
    const next = rewards.find((row) => row.day === Math.min(nextDay, CHECKIN_DAYS));
    return {
      enabled: rewards.length === CHECKIN_DAYS,
      today,
      checkedInToday: todays !== undefined,
      streak,
      nextDay,
      nextReward: next ? rewardView(next.reward_kind, next.reward_amount, next.reward_wagering) : null,
      rewards: rewards.map((row) => ({ day: row.day, reward: rewardView(row.reward_kind, row.reward_amount, row.reward_wagering) })),
    };
  }

  async function today(executor: DbExecutor = db): Promise<string> {
    return (await calendarAt(executor, await ports.timeZone(), deps.now())).today;
  }

  return {
    async state(memberId: bigint): Promise<CheckinState> {
      return stateOn(db, memberId, await today());
    },

    async availableToday(memberId: bigint, day: string): Promise<boolean> {
      const found = await sql<{ enabled: boolean; done: boolean }>`
        select (select count(*) from missions_checkin_reward) = ${CHECKIN_DAYS} as enabled,
          exists (select 1 from missions_checkin where member_id = ${memberId} and day = ${day}::date) as done`.execute(db);
      const row = found.rows[0]!;
      return row.enabled && !row.done;
    },

    /**
     * Today's check-in: the row (member, local day) is the once-only guard — a concurrent second
     * insert waits for the first and then inserts nothing — and the reward, keyed by member and
     * day, is paid in the same transaction.
     */
    async checkIn(memberId: bigint): Promise<CheckinResult> {
      const outcome = await db.transaction().execute(async (tx) => {
        const day = await today(tx);
        const rewards = await repository.checkinRewards(tx);
        if (rewards.length !== CHECKIN_DAYS) throw new AppError('missions.checkin_disabled', 'no check-in reward table');
        const [previous] = await repository.checkinsOn(tx, memberId, [addDays(day, -1)]);
        const streak = (previous?.streak ?? 0) + 1;
        const reward = rewards.find((row) => row.day === Math.min(streak, CHECKIN_DAYS))!;
        const inserted = await sql<{ streak: number }>`
          insert into missions_checkin (member_id, day, streak, reward_kind, reward_amount, reward_wagering)
          values (${memberId}, ${day}::date, ${streak}, ${reward.reward_kind}, ${reward.reward_amount}, ${reward.reward_wagering}::numeric)
          on conflict (member_id, day) do nothing
          returning streak`.execute(tx);
        if (inserted.rows.length === 0) return { day, checkedIn: false };
        const key = `missions:checkin:${memberId}:${day}`;
        if (reward.reward_kind === 'bonus') {
          await ports.grantBonus(tx, {
            key,
            memberId,
            amount: reward.reward_amount,
            wageringMultiple: Number(reward.reward_wagering),
            expiresAt: new Date(deps.now().getTime() + BONUS_DAYS * DAY_MS),
            source: { kind: 'checkin', id: day },
            note: `Check-in ${day} (day ${streak})`,
          });
        } else {
          await ports.awardPoints(tx, { key, memberId, points: reward.reward_amount, source: 'checkin', reference: `${day} day ${streak}` });
        }
        return { day, checkedIn: true };
      });
      const [row] = await repository.checkinsOn(db, memberId, [outcome.day]);
      if (!row) throw new AppError('missions.checkin_disabled', 'check-in not recorded');
      return {
        checkedIn: outcome.checkedIn,
        day: outcome.day,
        streakDay: row.streak,
        reward: rewardView(row.reward_kind, row.reward_amount, row.reward_wagering),
        state: await stateOn(db, memberId, outcome.day),
      };
    },
  };
}

export type CheckinService = ReturnType<typeof createCheckinService>;
