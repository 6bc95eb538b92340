/** Member centre pages (spec §2), addressed as /member?tab=<page>; later issues fill them in. */
export const MEMBER_TABS = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'vip',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

export function memberTabPath(tab: MemberTab): string {
  return `/member?tab=${tab}`;
}
