/**
 * The referral programme's console pages (issue 26): the rules (referral.manage) and the referrals
 * with the review queue (referral.review). Everything else in features/referral/ is internal to it.
 */
export { referralScreens } from './screens.tsx';
