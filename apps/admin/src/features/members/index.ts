/**
 * The members feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/members/ is internal to it.
 */
export { membersScreens } from './screens.tsx';
