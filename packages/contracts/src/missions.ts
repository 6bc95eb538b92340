import { z } from 'zod';
import { LanguageSchema } from './common.ts';

/**
 * Missions and the sign-in check-in (issue 22; spec §1 daily tasks, sign-in tasks, missions and a
 * mission leaderboard; §2 member-centre missionLeaderboard with its unread badge and the side
 * menu's sign-in task; §7 MCSFE_getMissionSummaryDetails, MCSFE_getMissionLeaderboard).
 * Periods follow the site's time zone (settings locale.timeZone): a daily mission resets at local
 * midnight, a weekly one on Monday 00:00 (ISO week), a one-off runs from its start date through
 * its end date. Money is a decimal string ("12.50"), points and counts whole-number strings.
 */

export const MISSION_KINDS = ['daily', 'weekly', 'one_off'] as const;
export const MissionKindSchema = z.enum(MISSION_KINDS);
export type MissionKind = z.infer<typeof MissionKindSchema>;

/**
 * What a mission counts: valid bet (money; on one product type or any), credited deposits
 * (money), games played (settled rounds; on one product type or any), days logged in (count).
 */
export const MISSION_GOALS = ['valid_bet', 'deposits', 'games_played', 'login_days'] as const;
export const MissionGoalSchema = z.enum(MISSION_GOALS);
export type MissionGoal = z.infer<typeof MissionGoalSchema>;
/** Goals whose target and progress are money (the others are counts). */
export const MONEY_GOALS: readonly MissionGoal[] = ['valid_bet', 'deposits'];

/** Product types (the points exchange-rate table's and VIP rebate's list). */
export const MISSION_PRODUCT_TYPES = ['live', 'slots', 'sports', 'lottery', 'pvp', 'fish'] as const;
export const MissionProductTypeSchema = z.enum(MISSION_PRODUCT_TYPES);
export type MissionProductType = z.infer<typeof MissionProductTypeSchema>;

/** A reward: bonus money (with its wagering) or points. */
export const MISSION_REWARD_KINDS = ['bonus', 'points'] as const;
export const MissionRewardKindSchema = z.enum(MISSION_REWARD_KINDS);
export type MissionRewardKind = z.infer<typeof MissionRewardKindSchema>;

/**
 * in_progress: not reached yet; completed: reached, claimable now; claimed: paid; expired: the
 * period ended before a claim (a past period's completed mission, or an ended one-off).
 */
export const MISSION_STATUSES = ['in_progress', 'completed', 'claimed', 'expired'] as const;
export const MissionStatusSchema = z.enum(MISSION_STATUSES);
export type MissionStatus = z.infer<typeof MissionStatusSchema>;

const IdSchema = z.string().regex(/^[1-9]\d{0,17}$/, { message: 'missions.id_invalid' });
/** A local calendar date, YYYY-MM-DD. */
export const MissionDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'missions.date_invalid' });

/** A reward as shown: amount is money for bonus ("5.00"), a whole number for points ("100"). */
export const MissionRewardSchema = z.object({
  kind: MissionRewardKindSchema,
  amount: z.string(),
  /** Bonus only: the stake to wager is amount × this (0 for points). */
  wageringMultiple: z.number(),
});
export type MissionReward = z.infer<typeof MissionRewardSchema>;

/** Reward as the operator writes it. amount: "5.00" for bonus, "100" for points. */
export const MissionRewardInputSchema = z.strictObject({
  kind: MissionRewardKindSchema,
  amount: z.string().trim().regex(/^(\d{1,12}\.\d{2}|\d{1,12})$/, { message: 'missions.reward_invalid' }),
  wageringMultiple: z.number().min(0).max(1000).default(1),
});
export type MissionRewardInput = z.infer<typeof MissionRewardInputSchema>;

// ---- Member side ----

/** One mission in the summary (MCSFE_getMissionSummaryDetails). */
export const MissionSchema = z.object({
  id: z.string(),
  kind: MissionKindSchema,
  title: z.string(),
  description: z.string(),
  goal: MissionGoalSchema,
  /** valid_bet / games_played only; null = any product. */
  productType: MissionProductTypeSchema.nullable(),
  /** Money goals: "50.00"; count goals: "3". */
  target: z.string(),
  current: z.string(),
  /** 0…100, rounded down (100 once reached). */
  percent: z.number().int().min(0).max(100),
  status: MissionStatusSchema,
  reward: MissionRewardSchema,
  /** The period this entry belongs to: first and last local day (inclusive). */
  periodStart: MissionDateSchema,
  periodEnd: MissionDateSchema,
  /** The instant the period ends (next local midnight after periodEnd), ISO. */
  endsAt: z.string(),
  completedAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
});
export type Mission = z.infer<typeof MissionSchema>;

export const MissionSummaryQuerySchema = z.object({ language: LanguageSchema.default('pt') });
export const MissionSummarySchema = z.object({
  /** Current-period missions (by order), then expired ones (newest first). */
  missions: z.array(MissionSchema),
  /** How many are claimable now. */
  claimable: z.number().int(),
  /** The site's time zone the periods follow, and its today. */
  timeZone: z.string(),
  today: MissionDateSchema,
});
export type MissionSummary = z.infer<typeof MissionSummarySchema>;

export const MissionClaimParamsSchema = z.object({ id: IdSchema });
export const MissionClaimResultSchema = z.object({
  mission: MissionSchema,
  /** false when this call found it already claimed (a double click): nothing paid twice. */
  paid: z.boolean(),
});
export type MissionClaimResult = z.infer<typeof MissionClaimResultSchema>;

/** The member centre's badge: claimable missions not yet seen, plus 1 while today's check-in is open. */
export const MissionUnreadSchema = z.object({
  count: z.number().int(),
  unseenClaimable: z.number().int(),
  checkinAvailable: z.boolean(),
});
export type MissionUnread = z.infer<typeof MissionUnreadSchema>;

export const MISSION_LEADERBOARD_PERIODS = ['day', 'week', 'month'] as const;
export const MissionLeaderboardPeriodSchema = z.enum(MISSION_LEADERBOARD_PERIODS);
export type MissionLeaderboardPeriod = z.infer<typeof MissionLeaderboardPeriodSchema>;
export const MissionLeaderboardQuerySchema = z.object({ period: MissionLeaderboardPeriodSchema.default('day') });

export const MissionLeaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  /** Masked account name ("jo***g"). */
  name: z.string(),
  completed: z.number().int(),
  /** When the member reached this count (ties: earliest first). */
  lastCompletedAt: z.string(),
});
export type MissionLeaderboardEntry = z.infer<typeof MissionLeaderboardEntrySchema>;

/** MCSFE_getMissionLeaderboard: the top 50 of the current day / ISO week / calendar month, and the member's own line. */
export const MissionLeaderboardSchema = z.object({
  period: MissionLeaderboardPeriodSchema,
  periodStart: MissionDateSchema,
  periodEnd: MissionDateSchema,
  list: z.array(MissionLeaderboardEntrySchema),
  /** The member's own line (name masked like the others); null when they completed nothing in the period. */
  me: MissionLeaderboardEntrySchema.nullable(),
});
export type MissionLeaderboard = z.infer<typeof MissionLeaderboardSchema>;

// ---- Sign-in check-in ----

/** Streak days with a reward of their own; day 8 onwards pays day 7's reward. */
export const CHECKIN_DAYS = 7;

export const CheckinRewardSchema = z.object({ day: z.number().int().min(1).max(CHECKIN_DAYS), reward: MissionRewardSchema });
export type CheckinReward = z.infer<typeof CheckinRewardSchema>;

export const CheckinStateSchema = z.object({
  /** False when the operator set no reward table (no check-in offered). */
  enabled: z.boolean(),
  today: MissionDateSchema,
  checkedInToday: z.boolean(),
  /** Consecutive days checked in up to today (or yesterday when not yet today); 0 when broken. */
  streak: z.number().int().min(0),
  /** The streak day today's check-in counts as (1 after a missed day), and the reward it pays (day 7's from day 8 on). */
  nextDay: z.number().int().min(1),
  nextReward: MissionRewardSchema.nullable(),
  /** The reward table, day 1…7. */
  rewards: z.array(CheckinRewardSchema),
});
export type CheckinState = z.infer<typeof CheckinStateSchema>;

export const CheckinResultSchema = z.object({
  /** false when today's check-in already existed (a double click): nothing paid twice. */
  checkedIn: z.boolean(),
  day: MissionDateSchema,
  /** The streak day this check-in counted as. */
  streakDay: z.number().int().min(1),
  reward: MissionRewardSchema,
  state: CheckinStateSchema,
});
export type CheckinResult = z.infer<typeof CheckinResultSchema>;

// ---- Operator console ----

export const AdminMissionInputSchema = z
  .strictObject({
    kind: MissionKindSchema,
    titlePt: z.string().trim().min(1, { message: 'missions.title_required' }).max(120, { message: 'missions.title_too_long' }),
    titleEn: z.string().trim().min(1, { message: 'missions.title_required' }).max(120, { message: 'missions.title_too_long' }),
    descriptionPt: z.string().trim().max(500).default(''),
    descriptionEn: z.string().trim().max(500).default(''),
    goal: MissionGoalSchema,
    /** valid_bet / games_played only; null = any product. */
    productType: MissionProductTypeSchema.nullable().default(null),
    /** Money goals: "50.00"; count goals: a whole number ("3"). */
    target: z.string().trim().regex(/^(\d{1,12}\.\d{2}|\d{1,9})$/, { message: 'missions.target_invalid' }),
    reward: MissionRewardInputSchema,
    /** one_off only (required there): first and last local day. */
    startsOn: MissionDateSchema.nullable().default(null),
    endsOn: MissionDateSchema.nullable().default(null),
    active: z.boolean().default(true),
    sort: z.number().int().min(-10_000).max(10_000).default(0),
  });
export type AdminMissionInput = z.input<typeof AdminMissionInputSchema>;
export type AdminMissionInputParsed = z.infer<typeof AdminMissionInputSchema>;

export const AdminMissionSchema = z.object({
  id: z.string(),
  kind: MissionKindSchema,
  titlePt: z.string(),
  titleEn: z.string(),
  descriptionPt: z.string(),
  descriptionEn: z.string(),
  goal: MissionGoalSchema,
  productType: MissionProductTypeSchema.nullable(),
  target: z.string(),
  reward: MissionRewardSchema,
  startsOn: MissionDateSchema.nullable(),
  endsOn: MissionDateSchema.nullable(),
  active: z.boolean(),
  sort: z.number().int(),
  /** Completions and claims in the current period (one-off: in all). */
  completedNow: z.number().int(),
  claimedNow: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminMission = z.infer<typeof AdminMissionSchema>;
export const AdminMissionListSchema = z.object({ missions: z.array(AdminMissionSchema) });
export const AdminMissionParamsSchema = z.object({ id: IdSchema });

export const AdminCheckinTableInputSchema = z.strictObject({
  /** Exactly seven rewards, day 1…7 in order; an empty list switches the check-in off. */
  rewards: z.array(z.strictObject({ day: z.number().int().min(1).max(CHECKIN_DAYS), reward: MissionRewardInputSchema })).max(CHECKIN_DAYS),
});
export type AdminCheckinTableInput = z.input<typeof AdminCheckinTableInputSchema>;
export const AdminCheckinTableSchema = z.object({
  enabled: z.boolean(),
  rewards: z.array(CheckinRewardSchema),
  /** Check-ins paid today and in all. */
  checkinsToday: z.number().int(),
  checkinsTotal: z.number().int(),
});
export type AdminCheckinTable = z.infer<typeof AdminCheckinTableSchema>;
