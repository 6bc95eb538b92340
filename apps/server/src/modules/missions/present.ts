import { MONEY_GOALS, type Mission, type MissionReward, type MissionStatus } from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { MemberMissionRow } from './missions.repository.ts';

/** A goal's amount as shown: money for valid bet and deposits ("50.00"), a count otherwise ("3"). */
export function goalAmount(goal: MemberMissionRow['goal'], value: bigint): string {
  return MONEY_GOALS.includes(goal) ? formatCents(value) : value.toString();
}

export function rewardView(kind: 'bonus' | 'points', amount: bigint, wagering: string): MissionReward {
  return kind === 'bonus' ? { kind, amount: formatCents(amount), wageringMultiple: Number(wagering) } : { kind, amount: amount.toString(), wageringMultiple: 0 };
}

export function percentOf(current: bigint, target: bigint): number {
  if (current <= 0n) return 0;
  if (current >= target) return 100;
  return Number((current * 100n) / target);
}

/** A member's mission in a period as the summary shows it; `today` decides whether its period ended. */
export function missionView(row: MemberMissionRow, language: 'pt' | 'en', today: string): Mission {
  const current = row.current < 0n ? 0n : row.current;
  const reached = row.completed_at !== null || current >= row.target;
  const status: MissionStatus = row.claimed_at !== null ? 'claimed' : row.period_end < today ? 'expired' : reached ? 'completed' : 'in_progress';
  const reward = row.paid_kind !== null && row.paid_amount !== null ? rewardView(row.paid_kind, row.paid_amount, row.paid_wagering ?? '0') : rewardView(row.reward_kind, row.reward_amount, row.reward_wagering);
  return {
    id: row.id.toString(),
    kind: row.kind,
    title: language === 'en' ? row.title_en : row.title_pt,
    description: language === 'en' ? row.description_en : row.description_pt,
    goal: row.goal,
    productType: row.product_type,
    target: goalAmount(row.goal, row.target),
    current: goalAmount(row.goal, current),
    percent: row.completed_at !== null ? 100 : percentOf(current, row.target),
    status,
    reward,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    endsAt: row.ends_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    claimedAt: row.claimed_at?.toISOString() ?? null,
  };
}
