/**
 * The agents feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/agents/ is internal to it.
 */
export { agentsScreens } from './screens.tsx';
