/**
 * The member feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/member/ is internal to it.
 */
export { MEMBER_TABS, type MemberTab, memberTabPath } from './member-tabs.ts';

// Route pages stay in their own chunks: import them only through these loaders.
export const loadMemberPage = () => import('./routes/member-page.tsx');
