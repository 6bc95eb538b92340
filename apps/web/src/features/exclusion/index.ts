/**
 * Responsible gaming (issue 27, docs/exclusion.md): the /exclusion page (cool-off, self-exclusion,
 * account closure; linked from the security centre), the public /withdraw-balance page (the
 * withdraw-only path of a member who may not log in) and the national self-exclusion link.
 */
export { SelfExclusionServiceLink } from './components/self-exclusion-link.tsx';
export const loadExclusionPage = () => import('./components/exclusion-page.tsx');
export const loadWithdrawBalancePage = () => import('./components/withdraw-balance-page.tsx');
