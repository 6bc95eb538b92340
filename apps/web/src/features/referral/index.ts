/**
 * The member referral programme's public surface (issue 26): the member centre's referral tab, the
 * side menu's invite entry and the right-edge icon (both only while the programme is enabled).
 */
export { ReferralTab } from './components/referral-tab.tsx';
export { ReferralEdgeLink, ReferralMenuEntry } from './components/referral-entry.tsx';
export { useReferralState, referralKeys } from './referral.api.ts';
