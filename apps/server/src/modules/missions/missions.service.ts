import { sql } from 'kysely';
import type { MissionClaimResult, MissionLeaderboard, MissionLeaderboardPeriod, MissionSummary, MissionUnread } from '@app/contracts';
import { AppError, maskName } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { addDays, calendarAt, type Calendar } from './calendar.ts';
import type { CheckinService } from './checkin.service.ts';
import type { MissionsPorts } from './missions.ports.ts';
import * as repository from './missions.repository.ts';
import { missionView } from './present.ts';
import { recordCompletions } from './progress.ts';

const DAY_MS = 86_400_000;
/** Bonus money from a mission expires this long after the claim if not wagered. */
export const BONUS_DAYS = 30;
/** Expired missions stay in the summary this many days after their period ended. */
const EXPIRED_DAYS = 7;
const LEADERBOARD_TOP = 50;
const ALL_GOALS = ['valid_bet', 'deposits', 'games_played', 'login_days'];

/** The member's side: summary, claim, unread badge and the leaderboard. */
export function createMissionsService(deps: { db: Db; ports: MissionsPorts; checkin: CheckinService; now: () => Date }) {
  const { db, ports } = deps;
  const calendar = async (executor: DbExecutor = db): Promise<Calendar> => calendarAt(executor, await ports.timeZone(), deps.now());

  /**
   * Completions the job has not recorded yet for this member today (a mission defined mid-period,
   * or progress the last pass has not reached): recorded now, once, like the job would.
   */
  const catchUp = (executor: DbExecutor, memberId: bigint, today: string) => recordCompletions(executor, [{ member_id: memberId, day: today }], ALL_GOALS);

  async function summary(memberId: bigint, language: 'pt' | 'en'): Promise<MissionSummary> {
    const cal = await calendar();
    await catchUp(db, memberId, cal.today);
    const [current, ended] = await Promise.all([
      repository.currentMissions(db, memberId, cal.today, cal.timeZone),
      repository.recentlyEnded(db, memberId, cal.today, cal.timeZone, EXPIRED_DAYS),
    ]);
    const missions = [...current, ...ended].map((row) => missionView(row, language, cal.today));
    return { missions, claimable: missions.filter((mission) => mission.status === 'completed').length, timeZone: cal.timeZone, today: cal.today };
  }

  /**
   * Pays the current period's completed mission once: the completion row is updated from
   * unclaimed to claimed and the reward (bonus grant or points, keyed by mission, member and
   * period) posted in the same transaction. A concurrent or repeated claim waits on that row, then
   * finds it claimed and answers paid: false.
   */
  async function claim(memberId: bigint, missionId: bigint, language: 'pt' | 'en'): Promise<MissionClaimResult> {
    const paid = await db.transaction().execute(async (tx) => {
      const cal = await calendar(tx);
      const mission = await repository.findDefinition(tx, missionId);
      if (!mission || !mission.active) throw new AppError('missions.not_found', 'no such mission');
      if (mission.kind === 'one_off' && mission.ends_on !== null && mission.ends_on < cal.today) throw new AppError('missions.expired', 'this mission has ended');
      if (mission.kind === 'one_off' && mission.starts_on !== null && mission.starts_on > cal.today) throw new AppError('missions.not_completed', 'this mission has not started');
      const [row] = await repository.currentMissions(tx, memberId, cal.today, cal.timeZone, missionId);
      if (!row) throw new AppError('missions.not_found', 'no such mission');
      // Reached but not recorded yet by the job: recorded now (only this mission's row, so
      // concurrent claims of different missions never lock each other's rows).
      if (row.completed_at === null && row.current >= row.target) {
        await sql`insert into missions_completion (mission_id, member_id, period_start) values (${missionId}, ${memberId}, ${row.period_start}::date) on conflict do nothing`.execute(tx);
      }
      const claimed = await sql<{ period_start: string }>`
        update missions_completion set claimed_at = now(), seen_at = coalesce(seen_at, now()),
          reward_kind = ${mission.reward_kind}, reward_amount = ${mission.reward_amount}, reward_wagering = ${mission.reward_wagering}::numeric
        where mission_id = ${missionId} and member_id = ${memberId} and period_start = ${row.period_start}::date and claimed_at is null
        returning to_char(period_start, 'YYYY-MM-DD') as period_start`.execute(tx);
      if (claimed.rows.length === 0) {
        const existing = await sql<{ claimed: boolean }>`
          select claimed_at is not null as claimed from missions_completion
          where mission_id = ${missionId} and member_id = ${memberId} and period_start = ${row.period_start}::date`.execute(tx);
        if (existing.rows[0]?.claimed) return false;
        throw new AppError('missions.not_completed', 'the mission is not completed yet');
      }
      const key = `missions:claim:${missionId}:${memberId}:${row.period_start}`;
      const reference = `${missionId} ${row.period_start}`;
      if (mission.reward_kind === 'bonus') {
        await ports.grantBonus(tx, {
          key,
          memberId,
          amount: mission.reward_amount,
          wageringMultiple: Number(mission.reward_wagering),
          expiresAt: new Date(deps.now().getTime() + BONUS_DAYS * DAY_MS),
          source: { kind: 'mission', id: `${missionId}-${row.period_start}` },
          note: `${mission.title_pt} (${row.period_start})`,
        });
      } else {
        await ports.awardPoints(tx, { key, memberId, points: mission.reward_amount, source: 'mission', reference });
      }
      return true;
    });
    const cal = await calendar();
    const [row] = await repository.currentMissions(db, memberId, cal.today, cal.timeZone, missionId);
    if (!row) throw new AppError('missions.not_found', 'no such mission');
    return { mission: missionView(row, language, cal.today), paid };
  }

  async function unread(memberId: bigint, isTrial: boolean): Promise<MissionUnread> {
    const cal = await calendar();
    if (!isTrial) await catchUp(db, memberId, cal.today);
    const [counted, checkinAvailable] = await Promise.all([
      sql<{ n: number }>`
        select count(*)::int as n from missions_completion c
        join missions_definition d on d.id = c.mission_id
        where c.member_id = ${memberId} and c.claimed_at is null and c.seen_at is null and d.active
          and c.period_start = missions_period_start(d.kind, ${cal.today}::date, d.starts_on)
          and (d.kind <> 'one_off' or ${cal.today}::date between d.starts_on and d.ends_on)`.execute(db),
      isTrial ? Promise.resolve(false) : deps.checkin.availableToday(memberId, cal.today),
    ]);
    const unseenClaimable = counted.rows[0]?.n ?? 0;
    return { count: unseenClaimable + (checkinAvailable ? 1 : 0), unseenClaimable, checkinAvailable };
  }

  /** Marks the member's claimable missions of the current periods as seen. */
  async function markSeen(memberId: bigint, isTrial: boolean): Promise<MissionUnread> {
    const cal = await calendar();
    await sql`
      update missions_completion c set seen_at = now()
      from missions_definition d
      where d.id = c.mission_id and c.member_id = ${memberId} and c.claimed_at is null and c.seen_at is null
        and c.period_start = missions_period_start(d.kind, ${cal.today}::date, d.starts_on)`.execute(db);
    return unread(memberId, isTrial);
  }

  /**
   * Members ranked by missions completed in the current day / ISO week / month (the completion's
   * time inside the period), ties by who reached their count first, then member id.
   */
  async function leaderboard(memberId: bigint, period: MissionLeaderboardPeriod): Promise<MissionLeaderboard> {
    const cal = await calendar();
    const [from, to, periodStart, periodEnd] =
      period === 'day'
        ? [cal.dayStartsAt, cal.dayEndsAt, cal.today, cal.today]
        : period === 'week'
          ? [cal.weekStartsAt, cal.weekEndsAt, cal.weekStart, addDays(cal.weekStart, 6)]
          : [cal.monthStartsAt, cal.monthEndsAt, cal.monthStart, lastDayOfMonth(cal.monthStart)];
    const ranked = await sql<{ member_id: bigint; completed: number; last: Date; rank: number }>`
      with board as (
        select member_id, count(*)::int as completed, max(completed_at) as last from missions_completion
        where completed_at >= ${from} and completed_at < ${to}
        group by member_id
      ), ranked as (
        select member_id, completed, last, (row_number() over (order by completed desc, last, member_id))::int as rank from board
      )
      select * from ranked where rank <= ${LEADERBOARD_TOP} or member_id = ${memberId} order by rank`.execute(db);
    const names = await ports.accountNamesOf(ranked.rows.map((row) => row.member_id));
    const entry = (row: (typeof ranked.rows)[number]) => ({ rank: row.rank, name: maskName(names.get(row.member_id) ?? '?'), completed: row.completed, lastCompletedAt: row.last.toISOString() });
    const mine = ranked.rows.find((row) => row.member_id === memberId);
    return { period, periodStart, periodEnd, list: ranked.rows.filter((row) => row.rank <= LEADERBOARD_TOP).map(entry), me: mine ? entry(mine) : null };
  }

  return { summary, claim, unread, markSeen, leaderboard, calendar };
}

function lastDayOfMonth(monthStart: string): string {
  const date = new Date(`${monthStart}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
}

export type MissionsService = ReturnType<typeof createMissionsService>;
